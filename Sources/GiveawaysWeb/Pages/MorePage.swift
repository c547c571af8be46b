import Foundation
import GiveawaysDomain

/// More: the featured Epic Games Store carousel, then one shelf per platform.
struct MorePage {
    /// The carousel's cards and one shelf of cards per platform, formatted.
    struct Model {
        struct Shelf {
            let platform: Platform
            let count: Int
            let seeAllPath: String
            let cards: [GiveawayCardModel]
        }

        let banner: StatusBanner.Model?
        let featured: [GiveawayCardModel]
        let featuredSeeAllPath: String
        let shelves: [Shelf]
        /// "Filtered by your rules · Show everything"; `nil` for a visitor without rules.
        let rulesNotice: HomePage.Model.RulesNotice?
        let returnPath: String

        init(snapshot: ReadModelSnapshot, visitor: Visitor, showAll: Bool, isSyncing: Bool, now: Date) {
            let everything = snapshot.live(at: now)
            let rulesApplied = !visitor.rules.isEmpty && !showAll
            let live = rulesApplied ? everything.filter { snapshot.admits($0, visitor) } : everything
            rulesNotice =
                visitor.rules.isEmpty
                ? nil
                : .init(
                    isApplied: rulesApplied, hiddenCount: everything.count - live.count,
                    togglePath: SiteRoute.more(showAll: rulesApplied).path)
            returnPath = SiteRoute.more(showAll: showAll).path
            func card(_ giveaway: Giveaway) -> GiveawayCardModel {
                GiveawayCardModel(
                    giveaway: giveaway, now: now,
                    marks: visitor.cardMarks(giveaway, stored: snapshot.stored[giveaway.id]))
            }
            banner = StatusBanner.Model(
                isDemoData: snapshot.isDemoData, log: snapshot.logs[.gamerpower] ?? SyncLog(), isSyncing: isSyncing,
                now: now, returnPath: returnPath)
            featured = live.filter { $0.isOn(platformSlug: MorePage.featuredSlug) }
                .sorted(by: GiveawaySort.date.areInIncreasingOrder).map(card)
            featuredSeeAllPath = HomeFilters().with(platform: MorePage.featuredSlug).path
            shelves = PlatformShelf.group(live).map { shelf in
                Shelf(
                    platform: shelf.platform, count: shelf.giveaways.count,
                    seeAllPath: HomeFilters().with(platform: shelf.platform.slug).path,
                    cards: shelf.giveaways.prefix(MorePage.shelfLength).map(card))
            }
        }
    }

    let model: Model

    static let featuredSlug = "epic-games-store"
    static let shelfLength = 20

    func render() -> HTML {
        let shelves = model.shelves.map(shelf)
        let featured = model.featured
        return """
            <section class="hero hero--compact">
              <h1>More to explore</h1>
              <p>Featured Epic Games Store giveaways, then every platform with something free.</p>
            </section>
            \(StatusBanner(model: model.banner).render())
            \(model.rulesNotice.map { RulesNoticeView(notice: $0).render() })
            \(featured.isEmpty ? nil : carousel(featured))
            \(shelves.isEmpty ? EmptyState(title: "No giveaways yet", message: "Nothing is live right now. Check back soon.", actionTitle: "Go home", actionPath: SiteRoute.home(HomeFilters()).path).render() : HTML("<div class=\"shelves\">\(shelves)</div>"))
            """
    }

    private func carousel(_ giveaways: [GiveawayCardModel]) -> HTML {
        let cards = giveaways.enumerated().map { index, model -> HTML in
            return """
                <li class="carousel__item" data-index="\(index)" data-giveaway-id="\(model.id)" aria-roledescription="slide" aria-label="\(index + 1) of \(giveaways.count)">
                  <a class="carousel__card" href="\(model.detailsPath)">
                    <img src="\(model.imagePath)" alt="" loading="\(index < 3 ? "eager" : "lazy")" decoding="async" width="640" height="360">
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
              <div class="section-head"><h2>Free on Epic Games Store</h2><a href="\(model.featuredSeeAllPath)">See all</a></div>
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

    private func shelf(_ shelf: Model.Shelf) -> HTML {
        let cards = shelf.cards.map { card -> HTML in
            "<li>\(GiveawayCard(model: card, heart: HeartButton(giveawayID: card.id, title: card.title, isFavorite: card.isFavorite, returnPath: model.returnPath), style: .compact).render())</li>"
        }
        let id = "shelf-\(shelf.platform.slug)"
        return """
            <section class="shelf" aria-labelledby="\(id)">
              <div class="section-head"><h2 id="\(id)">\(shelf.platform.displayName) <span class="count">\(shelf.count)</span></h2><a href="\(shelf.seeAllPath)">See all</a></div>
              <ul class="shelf__row">\(Array(cards))</ul>
            </section>
            """
    }
}
