import Foundation
import GiveawaysDomain

/// A RAWG game as `GET /api/v1/games` lists it; unknown values are `null`, never left out.
public struct GameJSON: Codable, Sendable, Hashable {
    public var id: Int
    public var name: String
    /// `2021-06-01`, `2021-06` or `2021`: what RAWG knows of the release.
    @Nullable public var released: String?
    /// 0–5; `null` when nobody rated it.
    @Nullable public var rating: Double?
    @Nullable public var metacritic: Int?
    public var platforms: [String]
    public var genres: [String]
    /// Its page on this server.
    public var url: String

    public init(game: DiscoverGame) {
        id = game.id
        name = game.name
        released = game.released?.iso
        rating = game.rating
        metacritic = game.metacritic
        platforms = game.platforms
        genres = game.genres
        url = "/discover/games/\(game.id)"
    }
}

/// One page of `GET /api/v1/games`.
public struct GamePageJSON: Codable, Sendable, Hashable {
    public var page: Int
    /// How many games RAWG has for the query.
    public var total: Int
    /// The next page's number; `null` on the last.
    @Nullable public var next: Int?
    public var games: [GameJSON]
    /// When RAWG failed and this is the copy kept since then; `null` for a fresh answer.
    @Nullable public var staleSince: String?

    public init(page: Int, answer: DiscoverAnswer<DiscoverPage>) {
        self.page = page
        total = answer.value.total
        next = answer.value.hasNext ? page + 1 : nil
        games = answer.value.games.map(GameJSON.init(game:))
        staleSince = answer.staleSince.map(Timestamp.format)
    }
}

/// One RAWG game with its text and whether it is free now, coming free or was free before (`GameFreeStatus`), as
/// `GET /api/v1/games/{id}` writes it.
public struct GameDetailJSON: Codable, Sendable, Hashable {
    /// One giveaway of the game.
    public struct OfferJSON: Codable, Sendable, Hashable {
        public var giveawayId: Int
        public var store: String
        public var from: String
        @Nullable public var until: String?
        /// The giveaway in this API.
        public var url: String

        init(_ offer: GameFreeStatus.Offer) {
            giveawayId = offer.giveawayID
            store = offer.store
            from = Timestamp.format(offer.from)
            until = offer.until.map(Timestamp.format)
            url = "/api/v1/giveaways/\(offer.giveawayID)"
        }
    }

    /// Live now (the one ending first first), announced (soonest first), and over (most recent first).
    public struct FreeJSON: Codable, Sendable, Hashable {
        public var now: [OfferJSON]
        public var coming: [OfferJSON]
        public var before: [OfferJSON]
    }

    /// The keys a list's game has (`GameJSON`), written at the top level beside the detail's own.
    public var game: GameJSON
    public var description: String
    public var website: String?
    public var developers: [String]
    public var publishers: [String]
    public var free: FreeJSON
    public var staleSince: String?

    public init(answer: DiscoverAnswer<DiscoverGameDetail>, status: GameFreeStatus) {
        let detail = answer.value
        game = GameJSON(game: detail.game)
        description = detail.description
        website = detail.website?.absoluteString
        developers = detail.developers
        publishers = detail.publishers
        free = FreeJSON(
            now: status.now.map(OfferJSON.init), coming: status.coming.map(OfferJSON.init),
            before: status.before.map(OfferJSON.init))
        staleSince = answer.staleSince.map(Timestamp.format)
    }

    private enum CodingKeys: String, CodingKey {
        case description, website, developers, publishers, free, staleSince
    }

    /// One flat object: the list's keys, then the detail's; an unknown value is `null`, never left out.
    public func encode(to encoder: any Encoder) throws {
        try game.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .description)
        try container.encode(website, forKey: .website)
        try container.encode(developers, forKey: .developers)
        try container.encode(publishers, forKey: .publishers)
        try container.encode(free, forKey: .free)
        try container.encode(staleSince, forKey: .staleSince)
    }

    public init(from decoder: any Decoder) throws {
        game = try GameJSON(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decode(String.self, forKey: .description)
        website = try container.decodeIfPresent(String.self, forKey: .website)
        developers = try container.decode([String].self, forKey: .developers)
        publishers = try container.decode([String].self, forKey: .publishers)
        free = try container.decode(FreeJSON.self, forKey: .free)
        staleSince = try container.decodeIfPresent(String.self, forKey: .staleSince)
    }
}
