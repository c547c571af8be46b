import GiveawaysDomain

extension HomeFilters {
    /// "GameGiveaways · Steam · Loot · “rally”": the filters in words.
    package var feedTitle: String {
        var parts = ["GameGiveaways"]
        if let platform = query.platform {
            parts.append(Platform.known(slug: platform)?.displayName ?? platform)
        }
        if let type = query.type { parts.append(type.displayName) }
        if !query.search.isEmpty { parts.append("“\(query.search)”") }
        if parts.count == 1 { parts.append("free games right now") }
        return parts.joined(separator: " · ")
    }
}
