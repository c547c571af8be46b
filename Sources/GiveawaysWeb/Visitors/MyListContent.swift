import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// The content of one of the visitor's lists (Favorites, Claimed, Not interested): its heading and summary, the lists'
/// navigation, then the list itself in the results landmark that "Load more" and the live notice update.
struct MyListContent {
    let title: String
    let summary: String
    /// The list's name in `MyListsNav` ("favorites", "claimed", "not-interested").
    let current: String
    /// The results landmark's label.
    let listLabel: String
    let strings: Strings

    func pieces(results: HTMLPieces) -> HTMLPieces {
        var pieces = HTMLPieces(
            """
            <section class="hero hero--compact">
              <h1>\(title)</h1>
              <p>\(summary)</p>
            </section>
            \(MyListsNav(current: current, strings: strings).render())
            <section id="results" class="results" aria-label="\(listLabel)">
            """)
        pieces.append(contentsOf: results)
        pieces.append("</section>")
        return pieces
    }
}
