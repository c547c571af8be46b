import GiveawaysDomain

/// One shelf of the More screen: a platform and its giveaways.
struct PlatformShelf: Sendable {
    let platform: Platform
    let giveaways: [Giveaway]
    /// Home filtered to the platform: the shelf's "See all".
    let seeAllPath: String

    init(platform: Platform, giveaways: [Giveaway]) {
        self.platform = platform
        self.giveaways = giveaways
        seeAllPath = HomeFilters().with(platform: platform.slug).path
    }
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

    /// `shelves` (grouped from some list) as `group` would make them of the part of that list whose ids are in
    /// `kept`: each shelf keeps its order (a total one), and a shelf left empty goes.
    static func keeping(_ kept: Set<Int>, of shelves: [PlatformShelf]) -> [PlatformShelf] {
        shelves.compactMap { shelf in
            let giveaways = shelf.giveaways.filter { kept.contains($0.id) }
            return giveaways.isEmpty ? nil : PlatformShelf(platform: shelf.platform, giveaways: giveaways)
        }
    }
}
