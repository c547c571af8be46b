import Foundation
import GiveawaysDomain

/// Turns one `/giveaways` answer (status code and body) into giveaways, branching on the body, not only the code.
public struct GamerPowerFeedDecoder: Sendable {
    /// The result of decoding: the giveaways and the items that had to be skipped, with reasons.
    public struct Feed: Sendable {
        public var giveaways: [Giveaway]
        public var skipped: [String]
    }

    public init() {}

    public func decode(status: Int, body: Data) throws(GamerPowerError) -> Feed {
        switch try UpstreamBody<GamerPowerAPI>.shape(status: status, body: body) {
        case .array:
            let (giveaways, skipped) = try UpstreamBody<GamerPowerAPI>.lossyArray(
                body, of: GiveawayDTO.self, map: { try $0.toDomain() })
            return Feed(giveaways: giveaways, skipped: skipped)
        case .statusObject:
            // 201 (and occasionally 200) carries a status object: "nothing matches", an empty result.
            return Feed(giveaways: [], skipped: [])
        case .object:
            throw .malformed("expected an array of giveaways, got an object")
        }
    }
}
