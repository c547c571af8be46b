/// The store has no giveaway with this id, not even in its history.
public struct GiveawayNotFound: Error, Hashable, CustomStringConvertible {
    public let id: Int

    public init(id: Int) {
        self.id = id
    }

    public var description: String { "no giveaway with id \(id)" }
}
