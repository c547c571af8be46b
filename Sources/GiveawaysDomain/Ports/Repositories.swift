import Foundation

// The storage seams, one per concern. Each has a contract test suite (`RepositoryContracts` in the tests) that
// every implementation must pass: SQLite today, PostgreSQL later.

/// The giveaway feed and its history: what is in the feed, what left it and when.
public protocol GiveawayFeedRepository: Sendable {
    /// The giveaways currently in the feed (expired ones included; `Giveaway.isLive` judges expiry), by id,
    /// ascending. Every store answers in this order, so that what takes the first one (`giveaways hooks test`'s
    /// sample) takes the same giveaway over SQLite and PostgreSQL.
    func giveawaysInFeed() async throws -> [Giveaway]
    /// Every stored giveaway with its history, in the feed or not: what the read model holds. By id, ascending, as
    /// `giveawaysInFeed`.
    func allStoredGiveaways() async throws -> [StoredGiveaway]
    /// One giveaway by id, whether or not it is still in the feed.
    func storedGiveaway(id: Int) async throws -> StoredGiveaway?
    /// Replaces the feed with a freshly fetched one in one transaction, keeping history; says what changed, in the
    /// order `SyncReport` documents. In the same transaction it writes the webhook events `planner` plans from what
    /// changed (and sets the baselines it asks for): a sync and its events are committed together or not at all.
    func saveFeed(
        _ giveaways: [Giveaway], at time: Date, events planner: HookEventPlanner
    ) async throws
        -> SyncReport
    /// Stores the built-in demo data, labelled as such, if the store holds no giveaways at all.
    func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool
    /// Whether the giveaways on show are the built-in demo data.
    func holdsDemoData() async throws -> Bool
}

extension GiveawayFeedRepository {
    /// `saveFeed` with the notification policy: every save raises the events it plans, whoever calls it.
    public func saveFeed(_ giveaways: [Giveaway], at time: Date) async throws -> SyncReport {
        try await saveFeed(giveaways, at: time, events: HookEventPlanner())
    }
}

/// The outcome of every sync attempt, per source.
public protocol SyncLogRepository: Sendable {
    /// Records a successful sync of `source` and what it changed.
    func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws
    /// Records a failed attempt; nothing else in the store changes.
    func recordFailure(of source: SourceID, reason: String, at time: Date) async throws
    /// The last attempt and the last success of `source`.
    func syncLog(of source: SourceID) async throws -> SyncLog
}

/// Each visitor profile's marks (favorites today; claimed, not interested, notes, hidden later).
public protocol MarkRepository: Sendable {
    /// Sets a mark, or replaces its text; setting an existing mark again keeps its creation time. Throws
    /// `ProfileFull` (writing nothing) when a new mark or the text would take the profile past `ProfileLimits`.
    func setMark(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date)
        async throws
    /// Removes a mark; removing one that is not there is not an error.
    func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws
    /// Every mark of one profile, most recently set first.
    func marks(of profile: ProfileID) async throws -> VisitorMarks
}

/// What each visitor profile keeps besides marks: rules, the personal feed token, visits and link codes.
public protocol ProfileRepository: Sendable {
    /// The profile's settings; a profile never seen has `.none`.
    func settings(of profile: ProfileID) async throws -> ProfileSettings
    /// Replaces the profile's rules.
    func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws
    /// Records a page view and answers the settings that apply to it. A view more than
    /// `ProfileSettings.visitGap` after the last one starts a new visit: the last one's time becomes
    /// `previousVisitEndedAt`. Cheap when nothing changes (views within a minute write nothing). A profile that
    /// holds nothing yet (no marks, no settings) records nothing.
    func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings
    /// A fresh personal feed token; the old one stops working at once.
    func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken
    /// The profile a feed token belongs to, if it is current.
    func profile(forFeedToken token: ProfileToken) async throws -> ProfileID?
    /// A new one-time code for linking another browser, valid for `LinkCode.lifetime`. Throws
    /// `ProfileFull.linkCodes` while the profile has `ProfileLimits.liveLinkCodes` codes that still work.
    func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode
    /// Uses a link code once: the profile it links to, or why not.
    func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError>
    /// Merges an export into the profile in one transaction: marks are added (a mark already there keeps its
    /// times; a note takes the imported text), rules are replaced. An import that would take the profile past
    /// `ProfileLimits` is refused whole with `ProfileFull`: nothing is written.
    func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws
    /// Keeps the area the visitor last looked at on Nearby (making the profile's row if it has none), replacing
    /// the one before.
    func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws
    /// Whether this id holds anything (a profile row, marks or hooks): how an unsigned cookie from an earlier
    /// release is told apart from an id the server never issued.
    func holdsData(_ profile: ProfileID) async throws -> Bool
}

/// Where fresh giveaways come from: the GamerPower API in production, a fake in tests.
public protocol GiveawaySource: Sendable {
    /// Fetches every live giveaway. An empty answer is a valid, empty feed; failures throw.
    func fetchGiveaways() async throws -> [Giveaway]
}
