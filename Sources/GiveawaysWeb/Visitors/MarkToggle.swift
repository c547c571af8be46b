/// "Claimed" or "Not interested" on one giveaway: a real toggle `<button>` (with `aria-pressed`) in a POST form
/// shared by the pair, so it works without JavaScript; with it, app.js sends the form in the background. The button's name stays the
/// same when pressed — the pressed state is what changes.
struct MarkToggle {
    let giveawayID: Int
    let title: String
    let list: SiteRoute.MarkedList
    let isOn: Bool
    /// Where to come back to after a no-JavaScript submit.
    let returnPath: String
    let strings: Strings
    /// Compact cards show the icon only (the name is still there for screen readers).
    var showsLabel = true

    /// The button alone; `pair` puts both in one form.
    func render() -> HTML {
        let (label, icon): (String, HTML) =
            switch list {
            case .claimed: (strings.card.claimed, Icons.check)
            case .notInterested: (strings.card.notInterested, Icons.notInterested)
            }
        let text: HTML =
            showsLabel
            ? "<span class=\"mark__label\">\(label)</span><span class=\"visually-hidden\">: \(title)</span>"
            : "<span class=\"visually-hidden\">\(label): \(title)</span>"
        // The button's own name and value say what pressing it does: `claimed=1` sets the mark, `claimed=0` clears it.
        return """
            <button class="mark mark--\(list.rawValue)" aria-pressed="\(isOn ? "true" : "false")" name="\(list.rawValue)" value="\(isOn ? "0" : "1")"\(showsLabel ? nil : HTML(" title=\"\(label)\""))>\(icon)\(text)</button>
            """
    }

    /// Both toggles for a card or the Details page.
    static func pair(_ card: GiveawayCardModel, returnPath: String, showsLabels: Bool = true) -> HTML {
        let claimed = MarkToggle(
            giveawayID: card.id, title: card.title, list: .claimed, isOn: card.isClaimed, returnPath: returnPath,
            strings: card.strings, showsLabel: showsLabels)
        let notInterested = MarkToggle(
            giveawayID: card.id, title: card.title, list: .notInterested, isOn: card.isNotInterested,
            returnPath: returnPath, strings: card.strings, showsLabel: showsLabels)
        // One form for both (a card carries a hundred of them on Home: every byte counts twice).
        return """
            <form class="mark-form" method="post" action="\(SiteRoute.mark(id: card.id).path)">\
            <input type="hidden" name="back" value="\(returnPath)">\(claimed.render())\(notInterested.render())</form>
            """
    }
}
