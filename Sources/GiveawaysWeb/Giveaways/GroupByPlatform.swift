import GiveawaysDomain

/// One shelf of the More screen: a platform and its giveaways.
struct PlatformShelf: Sendable {
    let platform: Platform
    let giveaways: [Giveaway]
}

extension PlatformShelf {
    /// Groups giveaways into one shelf per platform that has any, in catalog order (unknown platforms last).
    /// Each shelf is newest first; a giveaway on several platforms appears on each of their shelves.
    static func group(_ giveaways: [Giveaway]) -> [PlatformShelf] {
        var byPlatform: [String: (Platform, [Giveaway])] = [:]
        for giveaway in giveaways {
            for platform in giveaway.platforms {
                byPlatform[platform.slug, default: (platform, [])].1.append(giveaway)
            }
        }
        return byPlatform.values
            .map { PlatformShelf(platform: $0.0, giveaways: $0.1.sorted(by: GiveawaySort.date.areInIncreasingOrder)) }
            .sorted { $0.platform < $1.platform }
    }
}
