import GiveawaysDomain

/// One shelf of the More screen: a platform and its giveaways.
package struct PlatformShelf: Sendable {
    package let platform: Platform
    package let giveaways: [Giveaway]
    /// Home filtered to the platform: the shelf's "See all".
    package let seeAllPath: String

    package init(platform: Platform, giveaways: [Giveaway]) {
        self.init(
            platform: platform, giveaways: giveaways, seeAllPath: HomeFilters().with(platform: platform.slug).path)
    }

    private init(platform: Platform, giveaways: [Giveaway], seeAllPath: String) {
        self.platform = platform
        self.giveaways = giveaways
        self.seeAllPath = seeAllPath
    }
}

extension PlatformShelf {
    /// Groups giveaways into one shelf per platform that has any, in catalog order (unknown platforms last).
    /// Each shelf is newest first; a giveaway on several platforms appears on each of their shelves.
    package static func group(_ giveaways: [Giveaway]) -> [PlatformShelf] {
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

    /// Whether every slug among `giveaways`' platforms stands for one platform. Custom platforms that differ only
    /// in case or punctuation, or in letters the slug leaves out, share a slug; `group` then names the shelf after
    /// the one met first, which depends on which giveaways are in the list.
    package static func hasOnePlatformPerSlug(_ giveaways: [Giveaway]) -> Bool {
        var bySlug: [String: Platform] = [:]
        for platform in giveaways.lazy.flatMap(\.platforms) {
            if let seen = bySlug.updateValue(platform, forKey: platform.slug), seen != platform { return false }
        }
        return true
    }

    /// `shelves` (grouped from some list) as `group` would make them of the part of that list whose ids are in
    /// `kept`, when that list has one platform per slug (`hasOnePlatformPerSlug`): each shelf keeps its order (a
    /// total one), and a shelf left empty goes.
    package static func keeping(_ kept: Set<Int>, of shelves: [PlatformShelf]) -> [PlatformShelf] {
        shelves.compactMap { shelf in
            let giveaways = shelf.giveaways.filter { kept.contains($0.id) }
            return giveaways.isEmpty
                ? nil : PlatformShelf(platform: shelf.platform, giveaways: giveaways, seeAllPath: shelf.seeAllPath)
        }
    }
}
