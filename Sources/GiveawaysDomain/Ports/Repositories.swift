import Foundation

// Every storage seam, one per concern, in this one file: what GiveawaysData implements twice (SQLite and
// PostgreSQL) and the web and CLI use. Each has a contract test suite (`RepositoryContracts` in the tests) that
// both stores must pass. The upstreams' seams are in `Sources.swift`; the sync lease in `SyncLease.swift`.

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

/// The stores' own offers (Epic, Epic mobile, Steam, GOG), each store's kept apart: `FeedMerge` makes one feed of
/// them and GamerPower's.
public protocol StoreOfferRepository: Sendable {
    /// Every offer of every store, listed or not, by id.
    func allOffers() async throws -> [OfferRecord]
    /// Takes a store's fresh answer in one transaction (`OfferDiff`: new offers get new ids, the ones gone are
    /// marked left, nothing is deleted); says what changed.
    func saveOffers(_ offers: [StoreOffer], of store: FirstHandStore, at time: Date) async throws -> SyncReport
}

/// The live stream's log (`GET /api/v1/events`): every event with an id the same on every instance sharing the
/// store, kept a day, so a client that lost its stream resumes where it stopped (`Last-Event-ID`).
public protocol LiveEventRepository: Sendable {
    /// Appends, in order, the events not in the log yet (by kind, giveaway and occurrence: instances planning the
    /// same change append it once). Answers how many were new.
    @discardableResult
    func append(_ events: [PlannedLiveEvent], at time: Date) async throws -> Int
    /// The events after `id`, oldest first: at most `limit`, none logged before `since`.
    func events(after id: Int, since: Date, limit: Int) async throws -> [LiveEvent]
    /// The newest event's id; 0 for an empty log.
    func latestID() async throws -> Int
    /// Forgets the events logged before `time`. Answers how many.
    @discardableResult
    func prune(before time: Date) async throws -> Int
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

/// The free-to-play catalog in the store.
public protocol CatalogRepository: Sendable {
    /// Every stored game, listed or removed, in the upstream's order (removed ones last).
    func allCatalogGames() async throws -> [StoredCatalogGame]
    /// Replaces the listing in one transaction: upserts every game (keeping details and everything visitors
    /// attached), marks games that are gone as removed and brings back ones that return; says what changed.
    func saveCatalog(_ games: [CatalogGame], at time: Date) async throws -> SyncReport
    /// Stores one game's detail, fetched at `time`.
    func saveDetail(_ detail: CatalogGameDetail, of id: Int, at time: Date) async throws
}

/// Stored RAWG answers by request (never with the key), so browsing back and forth costs no new requests.
public protocol DiscoverCacheRepository: Sendable {
    /// The last answer stored for `request`, and when it was fetched (the caller judges its freshness).
    func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)?
    /// Stores `body` as the answer to `request`, fetched at `time`, replacing any earlier one.
    func storeAnswer(_ body: Data, for request: String, at time: Date) async throws
    /// Counts one request made to RAWG at `time`, in that UTC month's count (the free tier is counted by month).
    func countRequest(at time: Date) async throws
    /// The requests made to RAWG in `time`'s UTC month, by every instance on this database.
    func requests(inMonthOf time: Date) async throws -> Int
}

/// RAWG's free tier: how many requests a month it allows, and when `/status` warns.
public enum RAWGAllowance {
    public static let monthlyRequests = 20_000

    /// Whether `requests` in a month are 80 % of the allowance or more.
    public static func isNearLimit(_ requests: Int) -> Bool { requests * 5 >= monthlyRequests * 4 }

    /// `2026-03` for a time in March 2026 (UTC): the key a month's count is kept under.
    public static func month(of time: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: time)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }
}

/// Webhooks, their outbox and their delivery log. Every write is one transaction.
///
/// The outbox is what makes delivery exactly-once on our side: an event is written in the sync's own transaction
/// (`GiveawayFeedRepository.saveFeed`), once per (hook, giveaway, event, occurrence); a sender claims it with a
/// lease (`claimDue`) and records the outcome fenced by the attempt number (`recordOutcome`).
public protocol HookRepository: NotificationPreferenceRepository {
    // MARK: - Hooks

    /// Stores a new hook and answers it with its id and baseline. Its baseline is its creation time when the store
    /// already holds a real feed; otherwise the first sync after it sets one (and raises no `new` events).
    func addHook(_ hook: Hook) async throws -> Hook
    /// Every hook, oldest first. A visitor's hook carries the visitor's current rules.
    func hooks() async throws -> [Hook]
    /// One hook by id.
    func hook(id: Int) async throws -> Hook?
    /// Removes a hook with its pending events and its log. Answers whether there was one.
    func removeHook(id: Int) async throws -> Bool

    // MARK: - Visitors' hooks

    /// A visitor profile's own hooks (Settings → Notifications), oldest first.
    func hooks(of profile: ProfileID) async throws -> [Hook]
    /// Removes one of a profile's own hooks; another profile's (or the operator's) is left alone. Answers whether
    /// there was one.
    func removeHook(id: Int, of profile: ProfileID) async throws -> Bool
    /// Adds a visitor's hook (its `profileID` set) if the profile may add one (`limits.minimumProfileAge`) and every
    /// limit of its budget (push devices or webhooks) has room: checked and inserted in one transaction, so
    /// parallel requests cannot slip past a limit together.
    func addVisitorHook(
        _ hook: Hook, from clientAddress: String, limits: VisitorHookLimits
    ) async throws -> Result<Hook, VisitorHookLimit>
    /// Every visitor's hook with who added it, oldest first (for the operator).
    func visitorHooks() async throws -> [VisitorHook]
    /// Removes the push devices (`webpush` hooks) silent since `time`: subscribed before it, and their profile not
    /// seen since (no page view, which a click on a notification is too). Their events and device names go with
    /// them. Answers how many were removed.
    @discardableResult
    func removeSilentPushDevices(since time: Date) async throws -> Int

    // MARK: - Outbox

    /// Raises `ending` for every live giveaway in the feed that enters the `EndingSoon` window by `now`, as
    /// `planner` plans: the periodic tick, since a giveaway can enter the window between two syncs. Answers how
    /// many events were new.
    @discardableResult
    func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int
    /// Raises what the stores' own giveaways and the announced ones going free bring (`HookEventPlanner.firstHand`)
    /// for `candidates`, taken from the merged feed (`HookEventPlanner.firstHandCandidates`): the periodic tick's
    /// part that GamerPower's table alone cannot tell. Answers how many events were new.
    @discardableResult
    func raiseFirstHand(_ candidates: [Giveaway], at now: Date, planner: HookEventPlanner) async throws -> Int
    /// Claims up to `limit` due events, oldest first: pending ones whose time has come, and sending ones whose
    /// lease ran out (their sender died between send and record). Each claim counts as an attempt, so a crash
    /// loop still gives up after `HookRetryPolicy.maximumAttempts`. A hook's events are claimed in the order they
    /// were raised: none while an earlier one of the same hook waits.
    /// - Parameter skipping: hooks whose delivery failed earlier in this pass: their later events wait, in order.
    func claimDue(now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>) async throws -> [ClaimedHookEvent]
    /// Records what one attempt came to, and logs it. Fenced: the event changes only if it is still claimed at
    /// this attempt number, so a slow sender whose lease was taken over cannot undo the newer claim. Answers the
    /// logged attempt.
    /// - Parameter notBefore: the receiver asked us to wait until then (a 429's retry time): no retry before it.
    @discardableResult
    func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt
    /// Hands a claimed event back unsent, to be tried at `time`: the attempt it was claimed for does not count.
    func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws
    /// Holds a claimed event unsent until `time` because its visitor's schedule says so (the daily summary, quiet
    /// hours): like `postpone`, but a held event does not keep the hook's later events waiting (an urgent reminder
    /// raised after it goes at once).
    func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws
    /// How many events wait in each state (`pending`, `sending`, `delivered`, `failed`), for one hook or all.
    func eventCounts(hook: Int?) async throws -> [String: Int]

    // MARK: - Delivery log

    /// Logs a `hooks test` sample delivery (it is not an outbox event).
    func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws
    /// The most recent delivery attempts, newest first, for one hook or all.
    func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt]
    /// Forgets delivery attempts logged before `time` (outbox events stay: they keep an event from being raised
    /// twice). Answers how many were removed.
    @discardableResult
    func pruneLog(before time: Date) async throws -> Int
}

/// Where a visitor's notification settings are kept (on their profile, beside the rules). Every `HookRepository`
/// is one: the outbox's tick reads the reminder leads, the worker the schedules.
public protocol NotificationPreferenceRepository: Sendable {
    /// The profile's settings; `NotificationPreferences.standard` for a profile that never chose (with the
    /// server's time zone).
    func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences
    /// Replaces the profile's settings (making its row if it has none).
    func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date) async throws
}

/// The devices behind `webpush` hooks (the hook itself lives in `HookRepository`).
public protocol PushDeviceRepository: Sendable {
    /// Names a `webpush` hook's device (replacing an earlier name).
    func saveDevice(_ device: PushDevice) async throws
    /// The device of a `webpush` hook, if it was named.
    func device(hookID: Int) async throws -> PushDevice?
    /// Removes every `webpush` hook with its events (their subscriptions died with the old VAPID key). Answers how
    /// many there were.
    func removeAllPushSubscriptions() async throws -> Int
}

/// Where the server keeps the secrets it makes for itself (the profile cookies' signing key): SQLite or PostgreSQL.
public protocol ServerSecretStore: Sendable {
    /// The secret called `name` (32 random bytes), made and stored on first use; the same for every instance on
    /// one database.
    func serverSecret(named name: String, at time: Date) async throws -> [UInt8]
    /// Forgets the secret called `name`: the next `serverSecret` makes a new one (`giveaways push rotate-keys`).
    func forgetServerSecret(named name: String) async throws
}

/// What each visitor owns (`OwnedLibrary`): the games of their Steam library and of the lists they imported, and
/// their link to Steam. A visitor's own data: exported and imported with their profile, never shown to anyone else.
public protocol LibraryRepository: Sendable {
    /// Everything `profile` owns, and their Steam link.
    func library(of profile: ProfileID) async throws -> OwnedLibrary
    /// Replaces the games `profile` imported as a list (an empty list removes them).
    func replaceListedGames(_ games: [OwnedGame], for profile: ProfileID, at time: Date) async throws
    /// Links `profile` to the Steam profile `steamID`; another one than before drops the earlier one's games.
    func linkSteam(_ steamID: String, for profile: ProfileID, at time: Date) async throws
    /// Stores a good read of the Steam library `steamID` (still the linked one: a visitor who linked another profile
    /// meanwhile keeps theirs), replacing the earlier games.
    func saveSteamGames(_ games: [OwnedGame], of steamID: String, for profile: ProfileID, at time: Date) async throws
    /// Records a failed read of `steamID`: the games of the last good read stay.
    func saveSteamFailure(
        _ failure: SteamLibraryFailure, of steamID: String, for profile: ProfileID, at time: Date) async throws
    /// Forgets the Steam link and its games.
    func unlinkSteam(for profile: ProfileID) async throws
    /// Up to `limit` Steam links not tried since `before`, the longest waiting first: the daily refresh.
    func steamLinksDue(before: Date, limit: Int) async throws -> [(profile: ProfileID, steamID: String)]
}
