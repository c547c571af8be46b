import Foundation
import GRDB
import GiveawaysDomain

/// A row of the `giveaway` table: the upstream fields plus the feed summary. Platforms are rows of their own
/// (`GiveawayPlatformRow`).
///
/// Everything about its columns is in this file: their one list (`columns`, which every read selects, the writes
/// bind and `db copy` copies), the one decoder (`init(shared:)`, whichever store answers) and the one encoder
/// (`values`). A new column is a field here, a line in each of those three, and a `SchemaChange`.
struct GiveawayRow: Equatable {

    var id: Int
    var title: String
    var worthCents: Int?
    var thumbnailUrl: String
    var imageUrl: String
    var description: String
    var instructions: String
    var openGiveawayUrl: String
    var openGiveaway: String?
    var publishedAt: Date
    var type: String
    var endsAt: Date?
    var users: Int
    var status: String
    var gamerpowerUrl: String
    var firstSeenAt: Date
    var lastSeenAt: Date
    var leftAt: Date?
    var isDemo: Bool

    init(giveaway: Giveaway, seenAt time: Date, isDemo: Bool = false) {
        id = giveaway.id
        title = ""
        worthCents = nil
        thumbnailUrl = ""
        imageUrl = ""
        description = ""
        instructions = ""
        openGiveawayUrl = ""
        publishedAt = giveaway.publishedAt
        type = ""
        users = 0
        status = ""
        gamerpowerUrl = ""
        firstSeenAt = time
        lastSeenAt = time
        leftAt = nil
        self.isDemo = isDemo
        setFields(from: giveaway)
    }

    /// Copies the upstream fields, leaving the history columns alone.
    mutating func setFields(from giveaway: Giveaway) {
        title = giveaway.title
        worthCents = giveaway.worth?.cents
        thumbnailUrl = giveaway.thumbnailURL
        imageUrl = giveaway.imageURL
        description = giveaway.description
        instructions = giveaway.instructions
        openGiveawayUrl = giveaway.openGiveawayURL
        openGiveaway = giveaway.openGiveaway
        publishedAt = giveaway.publishedAt
        type = giveaway.type.rawValue
        endsAt = giveaway.endsAt
        users = giveaway.users
        status = giveaway.status
        gamerpowerUrl = giveaway.gamerpowerURL
    }

    /// Every column, in the order of `init(shared:)` and `values`.
    static let columns: [(name: String, kind: DatabaseCopy.Kind)] = [
        ("id", .int), ("title", .text), ("worth_cents", .int), ("thumbnail_url", .text), ("image_url", .text),
        ("description", .text), ("instructions", .text), ("open_giveaway_url", .text), ("open_giveaway", .text),
        ("published_at", .date), ("type", .text), ("ends_at", .date), ("users", .int), ("status", .text),
        ("gamerpower_url", .text), ("first_seen_at", .date), ("last_seen_at", .date), ("left_at", .date),
        ("is_demo", .bool),
    ]

    /// The columns every read of a giveaway row selects, on either store (decoded by position: the first snapshot
    /// of a big database reads every row).
    static let selection = columns.map(\.name).joined(separator: ", ")

    /// A row of `SELECT \(selection)`.
    init(shared row: some SharedRow) throws {
        id = try row.value(0, as: Int.self)
        title = try row.value(1, as: String.self)
        worthCents = try row.optional(2, as: Int.self)
        thumbnailUrl = try row.value(3, as: String.self)
        imageUrl = try row.value(4, as: String.self)
        description = try row.value(5, as: String.self)
        instructions = try row.value(6, as: String.self)
        openGiveawayUrl = try row.value(7, as: String.self)
        openGiveaway = try row.optional(8, as: String.self)
        publishedAt = try row.value(9, as: Date.self)
        type = try row.value(10, as: String.self)
        endsAt = try row.optional(11, as: Date.self)
        users = try row.value(12, as: Int.self)
        status = try row.value(13, as: String.self)
        gamerpowerUrl = try row.value(14, as: String.self)
        firstSeenAt = try row.value(15, as: Date.self)
        lastSeenAt = try row.value(16, as: Date.self)
        leftAt = try row.optional(17, as: Date.self)
        isDemo = try row.value(18, as: Bool.self)
    }

    /// Its columns in `columns`' order, for `FeedSQL.insert` and `FeedSQL.update`.
    var values: [any SharedSQLValue] {
        [
            id, title, worthCents, thumbnailUrl, imageUrl, description, instructions, openGiveawayUrl, openGiveaway,
            publishedAt, type, endsAt, users, status, gamerpowerUrl, firstSeenAt, lastSeenAt, leftAt, isDemo,
        ]
    }

    func toDomain(platforms: [Platform]) -> Giveaway {
        Giveaway(
            id: id, title: title, worth: worthCents.map(Worth.init(cents:)), thumbnailURL: thumbnailUrl,
            imageURL: imageUrl, description: description, instructions: instructions, openGiveawayURL: openGiveawayUrl,
            openGiveaway: openGiveaway, publishedAt: publishedAt, type: GiveawayType(upstreamLabel: type),
            platforms: platforms, endsAt: endsAt, users: users, status: status,
            gamerpowerURL: gamerpowerUrl)
    }
}

/// A row of `giveaway_platform`: one platform of one giveaway, in the upstream's order.
struct GiveawayPlatformRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "giveaway_platform"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var giveawayId: Int
    var position: Int
    var slug: String
    var name: String

    init(giveawayId: Int, position: Int, platform: Platform) {
        self.giveawayId = giveawayId
        self.position = position
        slug = platform.slug
        name = platform.displayName
    }

    /// The platform, from the catalog when the slug is known (no text to parse), else as stored.
    var platform: Platform {
        Self.platform(slug: slug, name: name)
    }

    static func platform(slug: String, name: String) -> Platform {
        Platform.known(slug: slug) ?? Platform(slug: slug, displayName: name, isKnown: false, rank: Int.max)
    }
}

/// A row of `sync_run`: the outcome of one sync or import of one source.
struct SyncRunRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "sync_run"

    var id: Int64?
    var source: String
    var at: Date
    var succeeded: Bool
    var reason: String?
    var added = 0
    var updated = 0
    var returned = 0
    var left = 0
    var total = 0
}

/// A row of `mark`: one mark of one profile on one subject.
struct MarkRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "mark"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var profileId: String
    var subjectKind: String
    var subjectId: Int
    var kind: String
    var text: String?
    var createdAt: Date
    var updatedAt: Date

    /// The mark, or `nil` for a kind this release does not know (written by a newer one): skipped, not fatal.
    func toDomain() -> Mark? {
        guard let subjectKind = MarkSubject.Kind(rawValue: subjectKind), let kind = MarkKind(rawValue: kind) else {
            return nil
        }
        return Mark(
            subject: MarkSubject(kind: subjectKind, id: subjectId), kind: kind, text: text, createdAt: createdAt,
            updatedAt: updatedAt)
    }
}

extension GiveawayRow {
    /// The stored giveaway this row and its platforms, feed periods and end-date changes make, in any store.
    func stored(platforms: [Platform], periods: [FeedPeriod], changes: [EndDateChange]) -> StoredGiveaway {
        let history = FeedHistory(
            firstSeenAt: firstSeenAt, lastSeenAt: lastSeenAt, leftAt: leftAt, periods: periods,
            endDateChanges: changes)
        return StoredGiveaway(giveaway: toDomain(platforms: platforms), history: history, isDemo: isDemo)
    }
}

extension GiveawayRow {
    /// Whether this row, as a sync at `time` writes it, says something new of the giveaway stored as `before`. The
    /// claim counter and the last-seen time move on every sync; only a change of what the giveaway *is* counts.
    func changes(from before: GiveawayRow, at time: Date) -> Bool {
        var comparable = before
        comparable.lastSeenAt = time
        comparable.users = users
        return comparable != self
    }
}
