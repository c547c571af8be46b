import Crypto
import Foundation

/// The server's VAPID key pair (RFC 8292): push services accept a message for a subscription only when it is
/// signed by the key the browser subscribed with (`applicationServerKey`). The private key is a server secret:
/// never logged, shown or sent; only `publicKeyText` goes into a page.
public struct VAPIDKeys: Sendable {
    /// The name it is kept under with the server's other secrets.
    public static let secretName = "vapid-private-key"

    // Kept as bytes: swift-crypto's key types are not `Sendable`.
    private let scalar: Data
    /// The public key as an uncompressed point (65 bytes).
    public let publicKey: Data

    /// The pair from its 32-byte private scalar, or `nil` when the bytes are not a valid P-256 scalar.
    public init?(privateKey bytes: [UInt8]) {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) else { return nil }
        scalar = key.rawRepresentation
        publicKey = key.publicKey.x963Representation
    }

    /// A fresh pair (tests, benchmarks).
    public init() {
        let key = P256.Signing.PrivateKey()
        scalar = key.rawRepresentation
        publicKey = key.publicKey.x963Representation
    }

    /// The public key as the browser's `applicationServerKey` and VAPID's `k=` want it: base64url.
    public var publicKeyText: String { Base64URL.encode(publicKey) }

    /// The longest a token may live: RFC 8292 says no more than 24 hours.
    public static let maximumLifetime: TimeInterval = 24 * 3600

    /// `vapid t=<JWT>, k=<public key>` for a message to `endpoint`: the token's `aud` is the endpoint's origin,
    /// `exp` 12 hours from `now` (inside RFC 8292's 24), `sub` the operator's contact.
    public func authorization(for endpoint: URL, subject: String, now: Date) -> String {
        let token = jwt(
            audience: Self.origin(of: endpoint), subject: subject, expires: now.addingTimeInterval(12 * 3600))
        return "vapid t=\(token), k=\(publicKeyText)"
    }

    /// An ES256 JSON Web Token with `aud`, `exp` and `sub`.
    func jwt(audience: String, subject: String, expires: Date) -> String {
        struct Claims: Encodable {
            var aud: String
            var exp: Int
            var sub: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = Base64URL.encode(Data(#"{"alg":"ES256","typ":"JWT"}"#.utf8))
        // Encoding three plain fields cannot fail.
        let claims =
            (try? encoder.encode(Claims(aud: audience, exp: Int(expires.timeIntervalSince1970), sub: subject)))
            ?? Data()
        let signingInput = header + "." + Base64URL.encode(claims)
        // JWS's ES256 signature is r ‖ s, 32 bytes each: swift-crypto's raw representation.
        let privateKey = try? P256.Signing.PrivateKey(rawRepresentation: scalar)
        let signature = (try? privateKey?.signature(for: Data(signingInput.utf8)).rawRepresentation) ?? Data()
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// `scheme://host[:port]` of a URL, the `aud` a push service checks.
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "https"
        let host = url.host ?? ""
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }

    /// Whether `subject` is what RFC 8292 asks for: a `mailto:` address or an `https:` URL.
    public static func isValidSubject(_ subject: String) -> Bool {
        let lower = subject.lowercased()
        if lower.hasPrefix("mailto:") { return subject.dropFirst(7).contains("@") }
        if lower.hasPrefix("https://"), let url = URL(string: subject), url.host?.isEmpty == false { return true }
        return false
    }
}
