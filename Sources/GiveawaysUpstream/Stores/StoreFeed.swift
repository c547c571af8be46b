import Foundation
import GiveawaysDomain

/// How one store's front is read: the requests of one sync, through the `StoreClient` (its base URL, its country,
/// its deadlines), and the decoder of their answers. Each store's feed is beside its decoder
/// (`GOGGiveawayDecoder.swift`); what the app knows of the store otherwise is its `FirstHandStore`.
public struct StoreFeed: Sendable {
    public let store: FirstHandStore
    /// One sync's offers. `known` are the offers kept from the last sync (a feed that asks a page per offer asks
    /// only for the new ones). Throws when the store failed or its answer is no answer.
    let fetch: @Sendable (_ client: StoreClient, _ now: Date, _ known: [OfferRecord]) async throws -> [StoreOffer]

    init(
        _ store: FirstHandStore,
        fetch:
            @escaping @Sendable (_ client: StoreClient, _ now: Date, _ known: [OfferRecord]) async throws ->
            [StoreOffer]
    ) {
        self.store = store
        self.fetch = fetch
    }

    /// Every store's feed, one line each, in `FirstHandStore.allCases`' order (a test holds the two lists equal).
    public static let all: [StoreFeed] = [
        .epic,
        .epicMobile,
        .steam,
        .gog,
    ]
}
