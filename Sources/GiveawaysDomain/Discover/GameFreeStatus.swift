import Foundation

/// Whether a game (a RAWG game, by its name) is free right now, is coming free, or was free before: from the
/// product's own giveaway history, never from RAWG. Only giveaways of the game itself count (a loot pack or a DLC is
/// not the game), and only the history's exact match of the normalised title: a wrong match is worse than none.
public struct GameFreeStatus: Hashable, Sendable {
    /// One giveaway of the game.
    public struct Offer: Hashable, Sendable {
        public let giveawayID: Int
        /// The store, as people read it ("Epic Games Store").
        public let store: String
        /// When it is (or was) free from.
        public let from: Date
        /// When it ends (or ended); `nil` when nobody said.
        public let until: Date?

        public init(giveawayID: Int, store: String, from: Date, until: Date?) {
            self.giveawayID = giveawayID
            self.store = store
            self.from = from
            self.until = until
        }
    }

    /// Live now, the one ending first first.
    public var now: [Offer]
    /// Announced, not started yet, the soonest first.
    public var coming: [Offer]
    /// Over, the most recent first.
    public var before: [Offer]

    public var isEmpty: Bool { now.isEmpty && coming.isEmpty && before.isEmpty }

    public init(now: [Offer] = [], coming: [Offer] = [], before: [Offer] = []) {
        self.now = now
        self.coming = coming
        self.before = before
    }

    /// The status of the game called `title` at `date`, from `history` and the stored giveaways it names.
    public init(gameTitled title: String, history: GameHistory, stored: [Int: StoredGiveaway], at date: Date) {
        var now: [Offer] = []
        var coming: [Offer] = []
        var before: [Offer] = []
        for entry in history.all(ofGameTitled: title) {
            guard let item = stored[entry.giveawayID], item.giveaway.type.isWholeGame, !item.isDemo
            else { continue }
            let giveaway = item.giveaway
            let inFeed = item.history.leftAt == nil
            let until = giveaway.endsAt ?? (inFeed ? nil : item.history.leftAt)
            let offer = Offer(giveawayID: entry.giveawayID, store: entry.store, from: entry.from, until: until)
            if inFeed && giveaway.isUpcoming(at: date) {
                coming.append(offer)
            } else if inFeed && giveaway.isLive(at: date) {
                now.append(offer)
            } else {
                before.append(offer)
            }
        }
        self.init(
            now: now.sorted {
                ($0.until ?? .distantFuture, $0.giveawayID) < ($1.until ?? .distantFuture, $1.giveawayID)
            },
            coming: coming.sorted { ($0.from, $0.giveawayID) < ($1.from, $1.giveawayID) },
            before: before.sorted { ($0.from, $0.giveawayID) > ($1.from, $1.giveawayID) })
    }
}
