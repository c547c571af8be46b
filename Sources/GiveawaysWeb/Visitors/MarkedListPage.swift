import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// `/claimed` and `/not-interested`: the giveaways this visitor marked so, most recent first, including those
/// that left the feed; pressing the mark again on a card undoes it. Long lists grow with "Load more".
struct MarkedListPage {
    /// The cards of the pages shown so far, formatted.
    struct Model {
        let list: SiteRoute.MarkedList
        let cards: ListCards
        let page: Int
        /// The next page's address (made only when there is one to link).
        var nextPagePath: String {
            SiteRoute.markedList(list, page: page + 1).path + "#item-\(page * Defaults.listPageSize + 1)"
        }
        /// Sum of the listed worth of everything marked claimed.
        let worthText: String?
        let strings: Strings
        let renderer: CardRenderer
        var total: Int { cards.total }

        init(
            list: SiteRoute.MarkedList, snapshot: ReadModelSnapshot, visitor: Visitor, page: Int,
            renderer: CardRenderer
        ) {
            let strings = renderer.strings
            self.strings = strings
            self.renderer = renderer
            self.list = list
            let marked = visitor.marks.ids(list.mark, of: .giveaway).compactMap { snapshot.stored[$0] }
            cards = ListCards(marked, visitor: visitor, page: page)
            self.page = page
            let cents = Worth.total(marked.compactMap(\.giveaway.worth)).cents
            worthText = list == .claimed && cents > 0 ? strings.money(Worth(cents: cents)) : nil
        }
    }

    let model: Model

    var title: String { Self.title(of: model.list, model.strings) }

    /// "Claimed" or "Not interested": the page's heading and title.
    static func title(of list: SiteRoute.MarkedList, _ strings: Strings) -> String {
        switch list {
        case .claimed: strings.card.claimed
        case .notInterested: strings.card.notInterested
        }
    }

    /// "Claimed giveaways", for the list's landmark and heading.
    private var listLabel: String {
        switch model.list {
        case .claimed: model.strings.lists.claimedGiveaways
        case .notInterested: model.strings.lists.notInterestedGiveaways
        }
    }

    func render() -> HTML {
        content().html
    }

    /// The page's content, between the frame's head and foot.
    func content() -> HTMLPieces {
        let count = model.total
        let text = model.strings.lists
        let number = model.strings.number(count)
        let summary: String =
            switch model.list {
            case .claimed:
                count == 0 ? text.claimedEmptyIntro : text.claimedSummary(number, model.worthText)
            case .notInterested:
                count == 0 ? text.notInterestedEmptyIntro : text.notInterestedSummary(number)
            }
        return MyListContent(
            title: title, summary: summary, current: model.list.rawValue, listLabel: listLabel, strings: model.strings
        ).pieces(results: resultsPieces())
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        resultsPieces().html
    }

    func resultsPieces() -> HTMLPieces {
        let strings = model.strings
        let message =
            model.list == .claimed ? strings.lists.claimedEmptyMessage : strings.lists.notInterestedEmptyMessage
        return model.cards.pieces(
            heading: listLabel, nextPath: model.nextPagePath,
            empty: EmptyState(
                title: strings.lists.nothingHereTitle, message: message, actionTitle: strings.common.browseGiveaways,
                actionPath: SiteRoute.homePath),
            renderer: model.renderer)
    }
}

/// The visitor's own lists: Favorites · Claimed · Not interested.
struct MyListsNav {
    /// `favorites`, or a `SiteRoute.MarkedList` raw value.
    let current: String
    let strings: Strings

    /// The three lists' first pages, printed once.
    private static let paths = (
        favorites: SiteRoute.favorites(page: 1).path, claimed: SiteRoute.markedList(.claimed, page: 1).path,
        notInterested: SiteRoute.markedList(.notInterested, page: 1).path
    )

    func render() -> HTML {
        let paths = Self.paths
        let items: [(String, String, String)] = [
            ("favorites", strings.lists.favoritesTitle, paths.favorites),
            ("claimed", strings.card.claimed, paths.claimed),
            ("not-interested", strings.card.notInterested, paths.notInterested),
        ]
        let links = items.map { item -> HTML in
            "<a href=\"\(item.2)\"\(item.0 == current ? HTML(" aria-current=\"page\"") : nil)>\(item.1)</a>"
        }
        return "<nav class=\"segmented my-lists\" aria-label=\"\(strings.lists.yourLists)\">\(links)</nav>"
    }
}
