import Foundation
import GRDB
import GiveawaysDomain

/// A row of the `giveaway` table: the upstream fields plus the feed summary. Platforms are rows of their own
/// (`GiveawayPlatformRow`).
/// Encoded by hand rather than through Codable (every sync writes all of them), and read by one decoder,
/// `init(shared:)`, whichever store answers.
struct GiveawayRow: PersistableRecord, Equatable {
    static let databaseTableName = "giveaway"

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

    /// The columns `init(shared:)` reads, in its order: every read of a giveaway row, on either store, selects
    /// these and is decoded there (by position: the first snapshot of a big database reads every row).
    static let selection =
        "id, title, worth_cents, thumbnail_url, image_url, description, instructions, open_giveaway_url, open_giveaway, "
        + "published_at, type, ends_at, users, status, gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo"

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["title"] = title
        container["worth_cents"] = worthCents
        container["thumbnail_url"] = thumbnailUrl
        container["image_url"] = imageUrl
        container["description"] = description
        container["instructions"] = instructions
        container["open_giveaway_url"] = openGiveawayUrl
        container["open_giveaway"] = openGiveaway
        container["published_at"] = publishedAt
        container["type"] = type
        container["ends_at"] = endsAt
        container["users"] = users
        container["status"] = status
        container["gamerpower_url"] = gamerpowerUrl
        container["first_seen_at"] = firstSeenAt
        container["last_seen_at"] = lastSeenAt
        container["left_at"] = leftAt
        container["is_demo"] = isDemo
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
