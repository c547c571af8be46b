import Foundation
import GiveawaysDomain

/// Favorites: what this browser hearted, most recent first, including giveaways that left the feed.
struct FavoritesPage {
    let favorites: [StoredGiveaway]
    let now: Date

    func render() -> HTML {
        let content: HTML
        if favorites.isEmpty {
            content = EmptyState(
                title: "No favorites yet",
                message:
                    "Tap the heart on any giveaway to keep it here. Favorites stay in this browser, even after the giveaway ends.",
                actionTitle: "Browse giveaways", actionPath: "/"
            ).render()
        } else {
            let cards = favorites.map { stored in
                GiveawayCard(
                    model: GiveawayCardModel(
                        giveaway: stored.giveaway, now: now, isFavorite: true, hasLeftFeed: !stored.history.isInFeed),
                    heart: HeartButton(
                        giveawayID: stored.id, title: stored.giveaway.title, isFavorite: true,
                        returnPath: "/favorites")
                ).render()
            }
            content = "<div class=\"grid\">\(cards)</div>"
        }
        return """
            <section class="hero hero--compact">
              <h1>Favorites</h1>
              <p>\(favorites.isEmpty ? "Your saved giveaways will appear here." : "\(favorites.count) saved \(favorites.count == 1 ? "giveaway" : "giveaways"), newest first.")</p>
            </section>
            <section class="results" aria-label="Favorite giveaways">\(content)</section>
            """
    }
}
