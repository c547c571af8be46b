import Foundation

/// One giveaway as GamerPower describes it, with every upstream field mapped to a domain value.
public struct Giveaway: Hashable, Sendable, Identifiable {
    public let id: Int
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
    }

    public init(
        id: Int, title: String, worth: Worth?, thumbnailURL: String, imageURL: String, description: String,
        instructions: String, openGiveawayURL: String, openGiveaway: String?, publishedAt: Date, type: GiveawayType,
        platforms: [Platform], endsAt: Date?, users: Int, status: String, gamerpowerURL: String
    ) {
        self.id = id
        box = Box(
            Fields(
                title: title, worth: worth, thumbnailURL: thumbnailURL, imageURL: imageURL, description: description,
                instructions: instructions, openGiveawayURL: openGiveawayURL, openGiveaway: openGiveaway,
                publishedAt: publishedAt, type: type, platforms: platforms, endsAt: endsAt, users: users,
                status: status, gamerpowerURL: gamerpowerURL))
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
    public func isLive(at now: Date) -> Bool {
        guard let endsAt else { return true }
        return endsAt > now
    }

    /// Expired means the end date has passed: the opposite of live.
    public func isExpired(at now: Date) -> Bool { !isLive(at: now) }

    /// Whether the giveaway is on a platform with this slug.
    public func isOn(platformSlug slug: String) -> Bool {
        platforms.contains { $0.slug == slug }
    }
}
