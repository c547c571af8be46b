import GiveawaysHTML
import GiveawaysLocalization

/// "Claimed" or "Not interested" on one giveaway: a real toggle `<button>` (with `aria-pressed`) that posts a form, so
/// it works without JavaScript; with it, app.js sends the press in the background. On a card the pair shares the card's
/// form with the heart; on Details it has a form of its own. The button's name stays the same when
/// pressed — the pressed state is what changes. Its icon comes from the stylesheet.
package struct MarkToggle {
    package let giveawayID: Int
    package let title: String
    package let list: SiteRoute.MarkedList
    package let isOn: Bool
    package let strings: Strings
    /// In a group labelled by the giveaway's title (a regular card's toggles).
    package var inTitledGroup = false
    /// Compact cards show the icon only (the name is still there for screen readers).
    package var showsLabel = true

    /// The button alone; `pair` puts both in one form.
    package func render() -> HTML {
        let label =
            switch list {
            case .claimed: strings.card.claimed
            case .notInterested: strings.card.notInterested
            }
        // On a regular card the pair sits in a group named by the card's title, so the title is not repeated in each
        // button; elsewhere (Details, the small cards of More) the button names the giveaway itself.
        let text: HTML =
            switch (showsLabel, inTitledGroup) {
            case (true, true): "\(label)"
            case (true, false): "\(label)<span class=\"visually-hidden\">: \(title)</span>"
            case (false, _): "<span class=\"visually-hidden\">\(label): \(title)</span>"
            }
        // The button's own name and value say what pressing it does: `claimed=1` sets the mark, `claimed=0` clears it.
        return """
            <button class="mark mark--\(list.rawValue)" aria-pressed="\(isOn ? "true" : "false")" name="\(list.rawValue)" value="\(isOn ? "0" : "1")"\(showsLabel ? nil : HTML(" title=\"\(label)\""))>\(text)</button>
            """
    }

    /// Both toggles of a card, for the card's form.
    package static func pair(_ card: GiveawayCardModel, showsLabels: Bool = true) -> HTML {
        "\(toggles(card, showsLabels: showsLabels, inTitledGroup: showsLabels))"
    }

    /// Both toggles of the Details page, in a form of their own that comes back to `returnPath`.
    package static func form(_ card: GiveawayCardModel, returnPath: String) -> HTML {
        """
        <form class="mark-form" method="post" action="\(SiteRoute.mark(id: card.id).path)">\
        <input type="hidden" name="back" value="\(returnPath)">\(toggles(card, showsLabels: true, inTitledGroup: false))</form>
        """
    }

    private static func toggles(_ card: GiveawayCardModel, showsLabels: Bool, inTitledGroup: Bool) -> HTML {
        let claimed = MarkToggle(
            giveawayID: card.id, title: card.title, list: .claimed, isOn: card.isClaimed, strings: card.strings,
            inTitledGroup: inTitledGroup, showsLabel: showsLabels)
        let notInterested = MarkToggle(
            giveawayID: card.id, title: card.title, list: .notInterested, isOn: card.isNotInterested,
            strings: card.strings, inTitledGroup: inTitledGroup, showsLabel: showsLabels)
        return "\(claimed.render())\(notInterested.render())"
    }
}
