import Foundation

/// What one successful sync changed in the store.
public struct SyncReport: Hashable, Sendable {
    /// Ids seen for the first time.
    public var added: [Int]
    /// Ids already in the feed whose fields changed (a change of the `users` counter alone does not count).
    public var updated: [Int]
    /// Ids that had left the feed and are back.
    public var returned: [Int]
    /// Ids that were in the feed and are gone now.
    public var left: [Int]
    /// How many giveaways the feed holds after the sync.
    public var total: Int

    public init(added: [Int] = [], updated: [Int] = [], returned: [Int] = [], left: [Int] = [], total: Int = 0) {
        self.added = added
        self.updated = updated
        self.returned = returned
        self.left = left
        self.total = total
    }

    /// Whether the sync changed nothing at all.
    public var isUnchanged: Bool {
        added.isEmpty && updated.isEmpty && returned.isEmpty && left.isEmpty
    }
}

/// The store's knowledge of its syncs: how fresh the data is and whether the last attempt failed.
public struct SyncStatus: Hashable, Sendable {
    /// The time of the last successful sync or import, `nil` if there has never been one.
    public var lastSuccessAt: Date?
    /// The time and reason of the last failed attempt, if it came after the last success.
    public var lastFailureAt: Date?
    public var lastFailureReason: String?
    /// True when the giveaways on show are the built-in demo data.
    public var isDemoData: Bool

    public init(
        lastSuccessAt: Date? = nil, lastFailureAt: Date? = nil, lastFailureReason: String? = nil,
        isDemoData: Bool = false
    ) {
        self.lastSuccessAt = lastSuccessAt
        self.lastFailureAt = lastFailureAt
        self.lastFailureReason = lastFailureReason
        self.isDemoData = isDemoData
    }

    /// Whether the data on show is older than the last attempt to refresh it.
    public var isStale: Bool { lastFailureAt != nil }
}

/// An anonymous visitor profile: a random id kept in the browser's cookie.
public struct ProfileID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only the shape the app hands out (32 lowercase hex digits), so forged or junk ids are refused.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32, rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A fresh random profile id.
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
