import Foundation
import GiveawaysDomain

/// `/claimed` and `/not-interested`: the giveaways this visitor marked so, most recent first, including those
/// that left the feed; pressing the mark again on a card undoes it. Long lists grow with "Load more".
struct MarkedListPage {
    /// The cards of the pages shown so far, formatted.
    struct Model {
        let list: SiteRoute.MarkedList
        let cards: [GiveawayCardModel]
        let total: Int
        let page: Int
        let nextPagePath: String
        let firstNewIndex: Int
        /// Sum of the listed worth of everything marked claimed.
        let worthText: String?

        init(list: SiteRoute.MarkedList, snapshot: ReadModelSnapshot, visitor: Visitor, page: Int, now: Date) {
            self.list = list
            let marked = visitor.marks.ids(list.mark, of: .giveaway).compactMap { snapshot.stored[$0] }
            let pageSize = Defaults.listPageSize
            cards = marked.prefix(page * pageSize).map { stored in
                GiveawayCardModel(
                    giveaway: stored.giveaway, now: now, marks: visitor.cardMarks(stored.giveaway, stored: stored),
                    hasLeftFeed: !stored.history.isInFeed)
            }
            total = marked.count
            self.page = page
            firstNewIndex = (page - 1) * pageSize
            nextPagePath = SiteRoute.markedList(list, page: page + 1).path + "#item-\(page * pageSize + 1)"
            let cents = Worth.total(marked.compactMap(\.giveaway.worth)).cents
            worthText = list == .claimed && cents > 0 ? Worth(cents: cents).formatted : nil
        }
    }

    let model: Model

    var title: String {
        switch model.list {
        case .claimed: "Claimed"
        case .notInterested: "Not interested"
        }
    }

    func render() -> HTML {
        let count = model.total
        let summary: String =
            switch model.list {
            case .claimed:
                count == 0
                    ? "Giveaways you mark as claimed appear here."
                    : "\(count) claimed\(model.worthText.map { ", worth \($0) together" } ?? ""), most recent first."
            case .notInterested:
                count == 0
                    ? "Giveaways you are not interested in appear here."
                    : "\(count) not interested, most recent first. Press the mark again to undo."
            }
        return """
            <section class="hero hero--compact">
              <h1>\(title)</h1>
              <p>\(summary)</p>
            </section>
            \(MyListsNav(current: model.list.rawValue).render())
            <section id="results" class="results" aria-label="\(title) giveaways">\(resultsFragment())</section>
            """
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        guard !model.cards.isEmpty else {
            let message =
                model.list == .claimed
                ? "Press “Claimed” on any giveaway once you have it. Claimed giveaways leave “Ending soon”, and your rules can hide them from Home."
                : "Press “Not interested” on any giveaway you want out of the way. Your rules can hide them from Home."
            return EmptyState(
                title: "Nothing here yet", message: message, actionTitle: "Browse giveaways",
                actionPath: SiteRoute.home(HomeFilters()).path
            ).render()
        }
        let returnPath = SiteRoute.markedList(model.list, page: model.page).path
        let cards = model.cards.enumerated().map { index, card in
            GiveawayCard(
                model: card,
                heart: HeartButton(
                    giveawayID: card.id, title: card.title, isFavorite: card.isFavorite, returnPath: returnPath),
                anchorID: index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil
            ).render()
        }
        return """
            <h2 class="visually-hidden">\(title) giveaways</h2>
            <div class="grid" data-list>\(cards)</div>
            \(LoadMore(shown: model.cards.count, total: model.total, nextPath: model.nextPagePath).render())
            """
    }
}

/// The visitor's own lists: Favorites · Claimed · Not interested.
struct MyListsNav {
    /// `favorites`, or a `SiteRoute.MarkedList` raw value.
    let current: String

    func render() -> HTML {
        let items: [(String, String, String)] = [
            ("favorites", "Favorites", SiteRoute.favorites(page: 1).path),
            ("claimed", "Claimed", SiteRoute.markedList(.claimed, page: 1).path),
            ("not-interested", "Not interested", SiteRoute.markedList(.notInterested, page: 1).path),
        ]
        let links = items.map { item -> HTML in
            "<a href=\"\(item.2)\"\(item.0 == current ? HTML(" aria-current=\"page\"") : nil)>\(item.1)</a>"
        }
        return "<nav class=\"segmented my-lists\" aria-label=\"Your lists\">\(links)</nav>"
    }
}
