import GiveawaysHTML

/// The "About this" part of a details page (a giveaway, a free-to-play game, a Discover game): a heading and the
/// description's paragraphs, collapsed behind "Read more" by app.js when long, with anything the page adds below.
package enum DescriptionSection {
    package static func render(heading: String, paragraphs: [HTML], isLong: Bool, footer: HTML? = nil) -> HTML {
        """
        <section class="prose">
                <h2>\(heading)</h2>
                <div class="description"\(isLong ? HTML(" data-collapsible") : nil) id="description">\(paragraphs)</div>
                \(footer)
              </section>
        """
    }
}
