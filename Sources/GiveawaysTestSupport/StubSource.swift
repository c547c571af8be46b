import GiveawaysDomain

/// A `GiveawaySource` that answers with a fixed result.
public struct StubSource: GiveawaySource {
    public let result: Result<[Giveaway], any Error>

    public init(result: Result<[Giveaway], any Error>) {
        self.result = result
    }

    public func fetchGiveaways() async throws -> [Giveaway] {
        try result.get()
    }
}
