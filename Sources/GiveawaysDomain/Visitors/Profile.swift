import Foundation

/// An anonymous visitor profile: a random id kept in the browser's cookie.
public struct ProfileID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only the shape the app hands out (32 lowercase hex digits), so forged or junk ids are refused.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32, rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A fresh random profile id (128 bits from the system's generator).
    public static func random() -> ProfileID {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<2).map { _ in
            let value = generator.next() as UInt64
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        return ProfileID(rawValue: hex)!
    }

    public var description: String { rawValue }
}

/// A secret, random token (128 bits, hex): personal feed addresses. Knowing one reveals nothing but that feed.
public struct ProfileToken: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only the shape the app hands out (32 lowercase hex digits).
    public init?(rawValue: String) {
        guard let id = ProfileID(rawValue: rawValue) else { return nil }
        self.rawValue = id.rawValue
    }

    public static func random() -> ProfileToken { ProfileToken(rawValue: ProfileID.random().rawValue)! }

    public var description: String { rawValue }
}

/// What a profile keeps besides its marks: its rules, its feed token and its visits.
public struct ProfileSettings: Hashable, Sendable {
    public var rules: GiveawayRules
    /// The secret of the profile's personal feeds; `nil` until the visitor asks for one.
    public var feedToken: ProfileToken?
    /// The last page view of the visitor's previous visit: giveaways that first appeared after it are "new".
    /// `nil` on a first visit.
    public var previousVisitEndedAt: Date?
    /// The latest page view.
    public var lastSeenAt: Date?
    /// Where the visitor last looked on Nearby; `nil` until they search an area of their own.
    public var nearbyArea: NearbyArea?

    public init(
        rules: GiveawayRules = .none, feedToken: ProfileToken? = nil, previousVisitEndedAt: Date? = nil,
        lastSeenAt: Date? = nil, nearbyArea: NearbyArea? = nil
    ) {
        self.rules = rules
        self.feedToken = feedToken
        self.previousVisitEndedAt = previousVisitEndedAt
        self.lastSeenAt = lastSeenAt
        self.nearbyArea = nearbyArea
    }

    public static let none = ProfileSettings()

    /// A page view more than this long after the previous one starts a new visit.
    public static let visitGap: TimeInterval = 30 * 60
}

/// A one-time code that makes another browser use the same profile.
public struct LinkCode: Hashable, Sendable, CustomStringConvertible {
    /// 16 characters from a 32-letter alphabet without look-alikes (no I, O, 0 or 1): 80 random bits.
    public let rawValue: String

    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    /// Reads a typed code: case, spaces and dashes do not matter.
    public init?(typed text: String) {
        let cleaned = text.uppercased().filter { $0 != " " && $0 != "-" }
        guard cleaned.count == 16, cleaned.allSatisfy(Self.alphabet.contains) else { return nil }
        rawValue = cleaned
    }

    public static func random() -> LinkCode {
        var generator = SystemRandomNumberGenerator()
        let text = String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
        return LinkCode(typed: text)!
    }

    /// `ABCD-EFGH-JKMN-PQRS`: easier to read out and type.
    public var grouped: String {
        stride(from: 0, to: 16, by: 4).map { start in
            let from = rawValue.index(rawValue.startIndex, offsetBy: start)
            return String(rawValue[from..<rawValue.index(from, offsetBy: 4)])
        }.joined(separator: "-")
    }

    public var description: String { grouped }

    /// How long a code works.
    public static let lifetime: TimeInterval = 10 * 60
}

/// Why a link code did not work.
public enum LinkCodeError: Error, Hashable, Sendable {
    /// No such code was ever handed out (or it was mistyped).
    case unknown
    /// Older than `LinkCode.lifetime`.
    case expired
    /// Already used once.
    case used
}

/// Everything a visitor can take to another server or back: marks (with notes) and rules.
public struct ProfileExport: Hashable, Sendable {
    public var marks: [Mark]
    public var rules: GiveawayRules
    /// The games the visitor owns (their Steam library's and their lists'), and the Steam profile they linked.
    public var ownedGames: [OwnedGame]
    public var steamID: String?

    public init(marks: [Mark], rules: GiveawayRules, ownedGames: [OwnedGame] = [], steamID: String? = nil) {
        self.marks = marks
        self.rules = rules
        self.ownedGames = ownedGames
        self.steamID = steamID
    }
}
