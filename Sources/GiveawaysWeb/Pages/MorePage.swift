import Foundation
import GiveawaysDomain

/// More: the featured Epic Games Store carousel, then one shelf per platform.
struct MorePage {
    let snapshot: FeedSnapshot
    let favorites: Set<Int>
    let now: Date

    static let featuredSlug = "epic-games-store"

    func render() -> HTML {
        let live = snapshot.giveaways.filter { !$0.isExpired(at: now) }
        let featured = live.filter { $0.isOn(platformSlug: Self.featuredSlug) }
            .sorted(by: GiveawaySort.date.areInIncreasingOrder)
        let shelves = PlatformShelf.group(live).map(shelf)
        return """
            <section class="hero hero--compact">
              <h1>More to explore</h1>
              <p>Featured Epic Games Store giveaways, then every platform with something free.</p>
            </section>
            \(StatusBanner(status: snapshot.status, isSyncing: snapshot.isSyncing, now: now, returnPath: "/more").render())
            \(featured.isEmpty ? nil : carousel(featured))
            \(shelves.isEmpty ? EmptyState(title: "No giveaways yet", message: "Nothing is live right now. Check back soon.", actionTitle: "Go home", actionPath: "/").render() : HTML("<div class=\"shelves\">\(shelves)</div>"))
            """
    }

    private func carousel(_ giveaways: [Giveaway]) -> HTML {
        let cards = giveaways.enumerated().map { index, giveaway -> HTML in
            let model = GiveawayCardModel(giveaway: giveaway, now: now, isFavorite: favorites.contains(giveaway.id))
            return """
                <li class="carousel__item" data-index="\(index)" data-giveaway-id="\(giveaway.id)" aria-roledescription="slide" aria-label="\(index + 1) of \(giveaways.count)">
                  <a class="carousel__card" href="\(model.detailsPath)">
                    <img src="/images/\(giveaway.id)/image" alt="" loading="\(index < 3 ? "eager" : "lazy")" decoding="async" width="640" height="360">
                    <span class="carousel__caption">
                      <span class="carousel__title">\(model.title)</span>
                      <span class="carousel__meta">\(model.worthText.map { HTML("<s>\($0)</s> Free · ") })\(model.timeLeftText)</span>
                    </span>
                  </a>
                </li>
                """
        }
        return """
            <section id="featured" class="featured" aria-roledescription="carousel" aria-label="Featured Epic Games Store giveaways">
              <div class="section-head"><h2>Free on Epic Games Store</h2><a href="\(HomeFilters().with(platform: Self.featuredSlug).path)">See all</a></div>
              <div class="carousel" data-carousel tabindex="0" aria-label="Use the arrow keys to browse">
                <ul class="carousel__track">\(cards)</ul>
                <div class="carousel__controls">
                  <button type="button" class="carousel__button" data-carousel-prev aria-label="Previous giveaway">\(Icons.chevronLeft)</button>
                  <p class="carousel__index" aria-live="polite"><span data-carousel-position>1</span> / \(giveaways.count)</p>
                  <button type="button" class="carousel__button" data-carousel-next aria-label="Next giveaway">\(Icons.chevronRight)</button>
                </div>
              </div>
            </section>
            """
    }

    private func shelf(_ shelf: PlatformShelf) -> HTML {
        let cards = shelf.giveaways.prefix(20).map { giveaway -> HTML in
            "<li>\(GiveawayCard(model: GiveawayCardModel(giveaway: giveaway, now: now, isFavorite: favorites.contains(giveaway.id)), heart: HeartButton(giveawayID: giveaway.id, title: giveaway.title, isFavorite: favorites.contains(giveaway.id), returnPath: "/more"), style: .compact).render())</li>"
        }
        let id = "shelf-\(shelf.platform.slug)"
        return """
            <section class="shelf" aria-labelledby="\(id)">
              <div class="section-head"><h2 id="\(id)">\(shelf.platform.displayName) <span class="count">\(shelf.giveaways.count)</span></h2><a href="\(HomeFilters().with(platform: shelf.platform.slug).path)">See all</a></div>
              <ul class="shelf__row">\(Array(cards))</ul>
            </section>
            """
    }
}
