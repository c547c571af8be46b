import Foundation

/// One giveaway as GamerPower describes it, with every upstream field mapped to a domain value.
public struct Giveaway: Hashable, Sendable, Identifiable {
    /// GamerPower's id, or the one a store's offer was first published under (a merge keeps the first one seen).
    public var id: Int
    public var title: String {
        get { box.fields.title }
        set { change { $0.title = newValue } }
    }
    /// `nil` when the upstream says `N/A`.
    public var worth: Worth? {
        get { box.fields.worth }
        set { change { $0.worth = newValue } }
    }
    public var thumbnailURL: String {
        get { box.fields.thumbnailURL }
        set { change { $0.thumbnailURL = newValue } }
    }
    public var imageURL: String {
        get { box.fields.imageURL }
        set { change { $0.imageURL = newValue } }
    }
    /// Plain text; line breaks normalized to `\n`.
    public var description: String {
        get { box.fields.description }
        set { change { $0.description = newValue } }
    }
    /// Claim steps as sent. May contain raw HTML: it is data, never markup to trust.
    public var instructions: String {
        get { box.fields.instructions }
        set { change { $0.instructions = newValue } }
    }
    /// GamerPower's redirect to the claim page: the target of "Get it".
    public var openGiveawayURL: String {
        get { box.fields.openGiveawayURL }
        set { change { $0.openGiveawayURL = newValue } }
    }
    /// The second copy of the claim URL; the single-item endpoint may leave it out.
    public var openGiveaway: String? {
        get { box.fields.openGiveaway }
        set { change { $0.openGiveaway = newValue } }
    }
    public var publishedAt: Date {
        get { box.fields.publishedAt }
        set { change { $0.publishedAt = newValue } }
    }
    public var type: GiveawayType {
        get { box.fields.type }
        set { change { $0.type = newValue } }
    }
    public var platforms: [Platform] {
        get { box.fields.platforms }
        set { change { $0.platforms = newValue } }
    }
    /// `nil` when the upstream says `N/A` (no announced end).
    public var endsAt: Date? {
        get { box.fields.endsAt }
        set { change { $0.endsAt = newValue } }
    }
    /// The claim counter, rounded to tens upstream; the popularity signal.
    public var users: Int {
        get { box.fields.users }
        set { change { $0.users = newValue } }
    }
    /// The upstream status text: `Active` even for long-expired items, so expiry is judged from `endsAt`.
    public var status: String {
        get { box.fields.status }
        set { change { $0.status = newValue } }
    }
    public var gamerpowerURL: String {
        get { box.fields.gamerpowerURL }
        set { change { $0.gamerpowerURL = newValue } }
    }
    /// When the giveaway starts, for one a store announced ahead of time (Epic's next week); `nil` when it started
    /// before anyone said (every GamerPower giveaway).
    public var startsAt: Date? {
        get { box.fields.startsAt }
        set { change { $0.startsAt = newValue } }
    }
    /// Where it was seen: the store itself, GamerPower, or both (`FeedMerge`); empty for a giveaway no merge has
    /// looked at yet (one just decoded from GamerPower).
    public var sources: [GiveawaySighting] {
        get { box.fields.sources }
        set { change { $0.sources = newValue } }
    }
    /// Claimed only with a paid subscription (Prime Gaming, Game Pass, Humble Choice), as its source's data says.
    public var needsSubscription: Bool {
        get { box.fields.needsSubscription }
        set { change { $0.needsSubscription = newValue } }
    }

    /// Everything but the id, behind one reference: a page copies giveaways by the hundred per request (filtered,
    /// selected, carried to cards), and a copy of fifteen fields retains each of their strings; a copy of this is
    /// one retain. A change makes a new box (changes are rare: parsing, tests), so a box is never changed in place.
    private let box: Box

    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private struct Fields: Hashable, Sendable {
        var title: String
        var worth: Worth?
        var thumbnailURL: String
        var imageURL: String
        var description: String
        var instructions: String
        var openGiveawayURL: String
        var openGiveaway: String?
        var publishedAt: Date
        var type: GiveawayType
        var platforms: [Platform]
        var endsAt: Date?
        var users: Int
        var status: String
        var gamerpowerURL: String
        var startsAt: Date?
        var sources: [GiveawaySighting]
        var needsSubscription: Bool
    }

    public init(
        id: Int, title: String, worth: Worth?, thumbnailURL: String, imageURL: String, description: String,
        instructions: String, openGiveawayURL: String, openGiveaway: String?, publishedAt: Date, type: GiveawayType,
        platforms: [Platform], endsAt: Date?, users: Int, status: String, gamerpowerURL: String,
        startsAt: Date? = nil, sources: [GiveawaySighting] = [], needsSubscription: Bool = false
    ) {
        self.id = id
        box = Box(
            Fields(
                title: title, worth: worth, thumbnailURL: thumbnailURL, imageURL: imageURL, description: description,
                instructions: instructions, openGiveawayURL: openGiveawayURL, openGiveaway: openGiveaway,
                publishedAt: publishedAt, type: type, platforms: platforms, endsAt: endsAt, users: users,
                status: status, gamerpowerURL: gamerpowerURL, startsAt: startsAt, sources: sources,
                needsSubscription: needsSubscription))
    }

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = box.fields
        body(&fields)
        self = Giveaway(id: id, box: Box(fields))
    }

    private init(id: Int, box: Box) {
        self.id = id
        self.box = box
    }

    /// Equal when every field is equal, as before the fields moved behind a reference.
    public static func == (lhs: Giveaway, rhs: Giveaway) -> Bool {
        lhs.id == rhs.id && (lhs.box === rhs.box || lhs.box.fields == rhs.box.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(box.fields)
    }

    /// Live means claimable now: the end date, if any, is still ahead. This is the one definition of "live";
    /// the upstream `status` says "Active" for long-expired items and cannot be trusted for it.
    /// A giveaway announced ahead of time is not live before its start (`status(at:)` calls it upcoming).
    public func isLive(at now: Date) -> Bool {
        if let startsAt, startsAt > now { return false }
        guard let endsAt else { return true }
        return endsAt > now
    }

    /// Live, upcoming (announced, not started) or ended, at `now`: the one status of the API and the pages.
    public func status(at now: Date) -> GiveawayStatus {
        if let startsAt, startsAt > now { return .upcoming }
        return isLive(at: now) ? .live : .ended
    }

    /// Whether it starts later than `now`.
    public func isUpcoming(at now: Date) -> Bool {
        guard let startsAt else { return false }
        return startsAt > now
    }

    /// Expired means the end date has passed (not merely "not started yet").
    public func isExpired(at now: Date) -> Bool { status(at: now) == .ended }

    /// Whether the giveaway is on a platform with this slug.
    public func isOn(platformSlug slug: String) -> Bool {
        platforms.contains { $0.slug == slug }
    }
}

/// Where a giveaway stands at one moment.
public enum GiveawayStatus: String, Hashable, Sendable, CaseIterable {
    /// Claimable now: its window contains the moment, whichever list the source put it in.
    case live
    /// Announced, starting later.
    case upcoming
    /// Over.
    case ended
}

/// One source that listed a giveaway: its name, its page for it, its own id when it has one (GamerPower's number),
/// and when this server first saw it there.
public struct GiveawaySighting: Hashable, Sendable {
    /// `gamerpower`, or a first-hand store's name (`FirstHandStore`).
    public var source: String
    public var url: String?
    public var id: Int?
    public var firstSeenAt: Date

    public init(source: String, url: String?, id: Int? = nil, firstSeenAt: Date) {
        self.source = source
        self.url = url
        self.id = id
        self.firstSeenAt = firstSeenAt
    }

    public static let gamerpower = "gamerpower"
}
