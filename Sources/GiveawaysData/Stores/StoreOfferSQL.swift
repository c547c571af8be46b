import Foundation
import GiveawaysDomain

/// The first-hand offers' statements and row reading, written once for both stores (`SharedSQL`): one
/// `store_offer` row per offer and window ever listed, its id the giveaway id it is published under.
enum StoreOfferSQL {
    /// The columns `OfferRecord(shared:)` reads and `values` binds, in their order.
    static let columns = """
        id, store, store_id, title, type, claim_url, image_url, starts_at, ends_at, is_mystery, platforms,
        worth_cents, first_seen_at, last_seen_at, left_at
        """
    /// Every offer of every store, by id.
    static let all = SharedSQL("SELECT \(columns) FROM store_offer ORDER BY id")
    /// $1 the id: one offer.
    static let one = SharedSQL("SELECT \(columns) FROM store_offer WHERE id = $1")
    /// $1 the store: its offers, by id.
    static let ofStore = SharedSQL("SELECT \(columns) FROM store_offer WHERE store = $1 ORDER BY id")
    /// The first id free for a new offer.
    static let nextID = SharedSQL("SELECT COALESCE(MAX(id) + 1, 0) FROM store_offer")
    /// Inserts or replaces the whole row. $1… in `columns`' order.
    static let save = SharedSQL(
        """
        INSERT INTO store_offer (\(columns))
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
        ON CONFLICT (id) DO UPDATE SET store = excluded.store, store_id = excluded.store_id,
            title = excluded.title, type = excluded.type, claim_url = excluded.claim_url,
            image_url = excluded.image_url, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
            is_mystery = excluded.is_mystery, platforms = excluded.platforms, worth_cents = excluded.worth_cents,
            first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at, left_at = excluded.left_at
        """)
    /// $1 time, $2 the offers no longer listed.
    static let leave = SharedSQL("UPDATE store_offer SET left_at = $1 WHERE id = ANY($2)")

    /// The statements that apply a sync's diff: every offer it lists saved, then who left.
    static func writes(_ diff: OfferDiff, at time: Date) -> [SQLStatement] {
        var statements = (diff.inserted + diff.updated).map { SQLStatement(save, $0.values) }
        if !diff.left.isEmpty { statements.append(SQLStatement(leave, time, IDList(diff.left))) }
        return statements
    }
}

extension OfferRecord {
    /// A row of `SELECT \(StoreOfferSQL.columns)`; `nil` for a row of a store this release does not know.
    init?(shared row: some SharedRow) throws {
        guard let store = FirstHandStore(rawValue: try row.value(1, as: String.self)) else { return nil }
        let offer = StoreOffer(
            store: store, storeID: try row.value(2, as: String.self), title: try row.value(3, as: String.self),
            type: GiveawayType(rawValue: try row.value(4, as: String.self)) ?? .other,
            claimURL: try row.optional(5, as: String.self), imageURL: try row.optional(6, as: String.self),
            startsAt: try row.optional(7, as: Date.self), endsAt: try row.optional(8, as: Date.self),
            isMystery: try row.value(9, as: Bool.self),
            platforms: Platform.parseList(try row.value(10, as: String.self)),
            worth: try row.optional(11, as: Int.self).map(Worth.init(cents:)))
        self.init(
            id: try row.value(0, as: Int.self), offer: offer, firstSeenAt: try row.value(12, as: Date.self),
            lastSeenAt: try row.value(13, as: Date.self), leftAt: try row.optional(14, as: Date.self))
    }

    /// Its columns in `StoreOfferSQL.columns`' order.
    var values: [any SharedSQLValue] {
        [
            id, offer.store.rawValue, offer.storeID, offer.title, offer.type.rawValue, offer.claimURL, offer.imageURL,
            offer.startsAt, offer.endsAt, offer.isMystery, offer.platforms.map(\.displayName).joined(separator: ", "),
            offer.worth?.cents, firstSeenAt, lastSeenAt, leftAt,
        ]
    }
}
