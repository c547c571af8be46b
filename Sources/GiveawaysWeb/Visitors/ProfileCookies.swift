import Crypto
import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysRendering
import Hummingbird

/// The profile cookie: the anonymous profile's id, signed by this server (`<id>.<HMAC-SHA256>`, the key kept in
/// the database), so that only ids the server issued carry data. A well-formed id it never issued is no profile:
/// writes under it start a fresh one. Unsigned ids from earlier releases are honoured only when they already hold
/// data, and are then given a signed cookie.
struct ProfileCookies: Sendable {
    static let name = "gg_profile"
    private static let twoYears = 2 * 365 * 24 * 3600

    // Bytes, not a `SymmetricKey` (which is not Sendable); a key is made from them per use, which is cheap.
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// A key for this process only (a context that somehow lacks the server's: its cookies simply stop working
    /// at the next start, which is safe).
    static let ephemeralKey: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) }

    /// Signed values already checked: a signature checks out the same every time, and a visitor sends the same
    /// cookie with every page. Only values that checked out are kept, so junk cannot fill it.
    private let verified = VerifiedValues()

    /// `key`: the server's secret (see `AppDatabase.serverSecret`); tests may pass any bytes.
    init(key: [UInt8]) {
        self.keyBytes = key
    }

    /// What a cookie value says.
    enum Reading: Equatable {
        /// An id this server signed.
        case signed(ProfileID)
        /// A bare id, as earlier releases set them: real only if it already holds data.
        case unsigned(ProfileID)
        /// Junk, or a signature that does not match.
        case invalid
    }

    func read(_ value: String) -> Reading {
        if let id = verified.profile(for: value) { return .signed(id) }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = ProfileID(rawValue: String(parts[0])) else { return .invalid }
        guard parts.count == 2 else { return .unsigned(id) }
        guard let mac = Self.base64URLDecoded(parts[1]), mac.count == SHA256.byteCount,
            HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Self.message(id), using: key)
        else { return .invalid }
        verified.keep(value, id)
        return .signed(id)
    }

    /// The signed value for `profile`.
    func value(for profile: ProfileID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Self.message(profile), using: key)
        return profile.rawValue + "." + Self.base64URL(Data(mac))
    }

    /// The cookie that gives a browser its profile; set when it first saves something.
    func cookie(for profile: ProfileID, request: Request) -> Cookie {
        let secure = request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: Self.name, value: value(for: profile), maxAge: Self.twoYears, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    /// The request's cookie value, if any.
    static func value(in request: Request) -> String? {
        request.cookieValue(name)
    }

    /// Whether the request carries a cookie that may name a profile with data: a valid signed one, or a bare id
    /// from an earlier release. Such pages are never taken from the shared cache.
    func mayHaveProfile(_ request: Request) -> Bool {
        guard let header = request.headers[.cookie], header.contains(Self.name + "="),
            let value = Self.value(in: request)
        else { return false }
        return read(value) != .invalid
    }

    private static func message(_ profile: ProfileID) -> Data {
        Data(("gg_profile:" + profile.rawValue).utf8)
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        guard text.count == 43, text.utf8.allSatisfy({ $0.isBase64URL }) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        return Data(base64Encoded: standard)
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (65...90).contains(self) || (97...122).contains(self) || (48...57).contains(self) || self == 45 || self == 95
    }
}

/// Cookie values whose signature checked out, and their profiles: at most `capacity`, the ones checked longest ago
/// and not seen since making room.
private final class VerifiedValues: Sendable {
    /// By bytes: a value is the same cookie only if it is the same bytes (see `BytewiseString`).
    private let values = BoundedCache<BytewiseString, ProfileID>(budgetBytes: .max, capacity: 10_000)

    func profile(for value: String) -> ProfileID? {
        values.value(forKey: BytewiseString(value))
    }

    func keep(_ value: String, _ profile: ProfileID) {
        values.keep(profile, bytes: value.utf8.count, forKey: BytewiseString(value))
    }
}
