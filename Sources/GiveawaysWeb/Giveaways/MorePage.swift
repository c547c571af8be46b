import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// More: the featured Epic Games Store carousel, then one shelf per platform.
struct MorePage {
    /// The carousel's cards and one shelf of cards per platform, formatted.
    struct Model {
        struct Shelf {
            let platform: Platform
            let count: Int
            let seeAllPath: String
            /// The giveaways shown, the first `MorePage.shelfLength`.
            let giveaways: ArraySlice<Giveaway>
        }

        let summary: FeedSummary
        let now: Date
        /// The Epic Games Store giveaways of the carousel, newest first.
        let featuredGiveaways: [Giveaway]
        /// Home filtered to the Epic Games Store (made only when the carousel is made: it is kept).
        var featuredSeeAllPath: String { HomeFilters().with(platform: MorePage.featuredSlug).path }
        let shelves: [Shelf]
        /// Where the heads of the shelves are kept, when they are every visitor's (the visitor's rules took nothing
        /// out); `nil` otherwise.
        let keptHeads: ShelfHeadCache?
        /// The visitor's marks on the cards.
        let marker: CardMarker
        /// "Filtered by your rules · Show everything"; `nil` for a visitor without rules.
        let rulesNotice: HomePage.Model.RulesNotice?
        let showAll: Bool
        /// Where the banner's actions return to (made only with the frame, which is kept).
        var returnPath: String { SiteRoute.more(showAll: showAll).path }
        let strings: Strings
        let renderer: CardRenderer

        init(
            selection: MoreSelection, visitor: Visitor, showAll: Bool, now: Date, renderer: CardRenderer
        ) {
            let strings = renderer.strings
            self.strings = strings
            self.renderer = renderer
            let rules = selection.rules
            rulesNotice =
                visitor.rules.isEmpty
                ? nil
                : .init(
                    isApplied: rules.rulesApplied, hiddenCount: rules.hiddenByRules,
                    togglePath: rules.rulesApplied ? MorePage.showAllPath : MorePage.path)
            self.showAll = showAll
            summary = selection.summary
            self.now = now
            featuredGiveaways = selection.featured
            shelves = selection.shelves.map { shelf in
                Shelf(
                    platform: shelf.platform, count: shelf.giveaways.count, seeAllPath: shelf.seeAllPath,
                    giveaways: shelf.giveaways.prefix(MorePage.shelfLength))
            }
            keptHeads = selection.keptHeads
            marker = selection.marker
        }

        var banner: StatusBanner.Model? {
            StatusBanner.Model(
                isDemoData: summary.isDemoData, log: summary.log, now: now, returnPath: returnPath, strings: strings)
        }

        /// The carousel's cards (it shows no marks).
        var featured: [GiveawayCardModel] {
            featuredGiveaways.map { GiveawayCardModel(giveaway: $0, now: now, marks: CardMarks(), strings: strings) }
        }
    }

    let model: Model

    static let featuredSlug = "epic-games-store"
    /// More, and More with everything shown: printed once.
    static let path = SiteRoute.more(showAll: false).path
    static let showAllPath = SiteRoute.more(showAll: true).path
    static let shelfLength = 20

    func render() -> HTML {
        frame().join(visitorParts(carousel: carousel(), shelfHeads: nil)).html
    }

    /// The page around the visitor's parts (the rules line, the carousel, the shelves), inside `layout` when one
    /// is given: the same for every visitor of one address, language, snapshot and minute.
    func frame(in layout: Layout? = nil) -> PageFrame {
        let strings = model.strings
        let top: HTML = """
            \(layout?.head)<section class="hero hero--compact">
              <h1>\(strings.more.heading)</h1>
              <p>\(strings.more.intro)</p>
              <p><a href="\(SiteRoute.nearby(NearbyFilters()).path)">\(strings.nearby.fromMore)</a></p>
            </section>
            \(StatusBanner(model: model.banner).render())

            """
        return PageFrame(parts: [top, "\n", "\n", "\(layout?.foot)"])
    }

    /// The visitor's parts, between the frame's: the rules line, `carousel`, the shelves; `shelfHeads`, when given,
    /// are the shelves' heads as kept (`shelfHeads()`, for shelves every visitor shares).
    func visitorParts(carousel: HTML, shelfHeads: [HTML]?) -> [HTMLPieces] {
        let strings = model.strings
        let empty = EmptyState(
            title: strings.home.noGiveawaysTitle, message: strings.more.nothingLive, actionTitle: strings.common.goHome,
            actionPath: SiteRoute.homePath)
        var kept = HTMLPieces()
        kept.append(carousel)
        var shelves = HTMLPieces()
        // The shelves stay current while the page is open (app.js: a new giveaway brings a notice that fetches this
        // element again; an ended one greys out), announced politely as Home's results are.
        shelves.append("<div id=\"shelves-live\" aria-live=\"polite\" data-live-events=\"page\">")
        if model.shelves.isEmpty {
            shelves.append(empty.render())
        } else {
            shelves.reserveCapacity(model.shelves.reduce(4) { $0 + $1.giveaways.count + 2 })
            shelves.append("<div class=\"shelves\">")
            for (index, shelf) in model.shelves.enumerated() {
                let kept = shelfHeads.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                shelves.append(kept ?? head(of: shelf))
                self.shelf(shelf, into: &shelves)
            }
            shelves.append("</div>")
        }
        shelves.append("</div>")
        return [
            HTMLPieces(model.rulesNotice.map { RulesNoticeView(notice: $0, strings: strings).render() } ?? .empty),
            kept,
            shelves,
        ]
    }

    /// The featured carousel; empty when no giveaway is featured. It depends on which giveaways are featured, not
    /// on the visitor's marks.
    func carousel() -> HTML {
        let featured = model.featured
        return featured.isEmpty ? .empty : carousel(featured)
    }

    private func carousel(_ giveaways: [GiveawayCardModel]) -> HTML {
        let text = model.strings.more
        let free = model.strings.card.free
        let cards = giveaways.enumerated().map { index, model -> HTML in
            return """
                <li class="carousel__item" data-index="\(index)" data-giveaway-id="\(model.id)" aria-roledescription="slide" aria-label="\(text.slide(index + 1, giveaways.count))">
                  <a class="carousel__card" href="\(model.detailsPath)">
                    <img src="\(model.imagePath)" alt="" loading="\(index < 3 ? "eager" : "lazy")" decoding="async" width="640" height="360">
                    <span class="carousel__caption">
                      <span class="carousel__title">\(model.title)</span>
                      <span class="carousel__meta">\(model.worthText.map { HTML("<s>\($0)</s> \(free) · ") })\(model.timeLeft)</span>
                    </span>
                  </a>
                </li>
                """
        }
        return """
            <section id="featured" class="featured" aria-roledescription="carousel" aria-label="\(text.featuredLabel)">
              <div class="section-head"><h2>\(text.featuredHeading)</h2><a href="\(model.featuredSeeAllPath)">\(text.seeAll)</a></div>
              <div class="carousel" data-carousel tabindex="0" role="group" aria-label="\(text.carouselHelp)">
                <ul class="carousel__track">\(cards)</ul>
                <div class="carousel__controls">
                  <button type="button" class="carousel__button" data-carousel-prev aria-label="\(text.previous)">\(Icons.chevronLeft)</button>
                  <p class="carousel__index" aria-live="polite"><span data-carousel-position>1</span> / \(giveaways.count)</p>
                  <button type="button" class="carousel__button" data-carousel-next aria-label="\(text.next)">\(Icons.chevronRight)</button>
                </div>
              </div>
            </section>
            """
    }

    /// The visitor's parts with what every visitor shares kept: the carousel (by the giveaways it shows) and, for
    /// shelves every visitor sees, their heads (with the shelves themselves).
    func fillings(_ kept: PageSharedParts) -> [HTMLPieces] {
        let keptCarousel = kept.showing(.carousel, ids: model.featuredGiveaways.map(\.id)) { carousel() }
        let keptHeads = model.keptHeads?.heads(in: kept.language) { shelfHeads() }
        return visitorParts(carousel: keptCarousel, shelfHeads: keptHeads)
    }

    /// Each shelf's head, as kept for every visitor who sees these shelves.
    func shelfHeads() -> [HTML] {
        model.shelves.map { head(of: $0) }
    }

    /// A shelf's heading, count and "See all", up to its row's first card.
    private func head(of shelf: Model.Shelf) -> HTML {
        let id = "shelf-\(shelf.platform.slug)"
        return """
            <section class="shelf" aria-labelledby="\(id)">
              <div class="section-head"><h2 id="\(id)">\(shelf.platform.displayName) <span class="count">\(shelf.count)</span></h2><a href="\(shelf.seeAllPath)">\(model.strings.more.seeAll)</a></div>
              <ul class="shelf__row">
            """
    }

    private static let shelfEnd: HTML = """
        </ul>
        </section>
        """

    /// One shelf's cards and end, appended to `pieces` after its head; the shelves follow one another without a
    /// separator.
    private func shelf(_ shelf: Model.Shelf, into pieces: inout HTMLPieces) {
        let giveaways = shelf.giveaways
        let marker = model.marker
        let start = giveaways.startIndex
        model.renderer.append(
            giveaways.count, id: { giveaways[start + $0].id }, giveaway: { giveaways[start + $0] },
            marks: { marker.marks(of: giveaways[start + $0].id) }, style: .compact, listItem: true, to: &pieces)
        pieces.append(Self.shelfEnd)
    }
}

extension MorePage: PersonalPage {
    static let frameKind = SharedPartCache.Key.Kind.moreFrame

    var pageTitle: String { model.strings.pageTitle(model.strings.more.pageTitle) }
    static let section: Layout.Section? = .more

    func fragment(_ kept: PageSharedParts) -> HTMLPieces? { nil }
}
