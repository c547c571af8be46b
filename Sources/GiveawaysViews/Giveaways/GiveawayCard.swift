import GiveawaysHTML
import GiveawaysLocalization

/// A giveaway card: image, title, platforms, worth, type, time left, the heart, and the visitor's "Claimed" and
/// "Not interested" toggles. Every card links to its details page and carries `data-giveaway-id`. Its three buttons
/// share one form (`POST /giveaways/{id}/mark`, which takes the heart too) in a group named by the title, so the title
/// is not repeated in each button; its icons come from the stylesheet. Home holds a hundred cards or more: every byte
/// of a card counts a hundred times.
package struct GiveawayCard {
    package enum Style {
        /// The Home and Favorites grid.
        case regular
        /// The small cards of a More shelf.
        case compact
    }

    package let model: GiveawayCardModel
    package let heart: HeartButton
    package var style: Style = .regular
    /// An `id` for the card, where a "Load more" link lands.
    package var anchorID: String?

    package init(
        model: GiveawayCardModel, heart: HeartButton, style: GiveawayCard.Style = .regular, anchorID: String? = nil
    ) {
        self.model = model
        self.heart = heart
        self.style = style
        self.anchorID = anchorID
    }

    package func render() -> HTML {
        let text = model.strings.card
        let badges: [HTML] = [
            model.isNew && !model.hasLeftFeed
                ? "<span class=\"badge badge--new\">\(text.newSinceVisit)</span>" : nil,
            model.hasLeftFeed ? "<span class=\"badge badge--muted\">\(text.leftFeed)</span>" : nil,
            model.isExpired ? "<span class=\"badge badge--muted\">\(text.expired)</span>" : nil,
            // One of these two at most (they would share the corner): before it starts, that it is coming.
            model.startsAt != nil
                ? "<span class=\"badge\">\(model.strings.firstHand.upcoming)</span>"
                : model.needsSubscription
                    ? "<span class=\"badge badge--muted\">\(model.strings.firstHand.subscription)</span>" : nil,
        ].compactMap { $0 }
        let platforms = model.platformNames.prefix(style == .compact ? 2 : 4).map { name -> HTML in
            "<li>\(name)</li>"
        }
        let extra = model.platformNames.count - platforms.count
        let more: HTML? = extra > 0 ? "<li class=\"more\">+\(extra)</li>" : nil
        let worth: HTML =
            model.worthText.map { "<span class=\"worth\"><s>\($0)</s> \(text.free)</span>" }
            ?? "<span class=\"worth\">\(text.free)</span>"

        return """
            <article class="card\(style == .compact ? " card--compact" : "")\(model.isClaimed ? " is-claimed" : "")"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-giveaway-id="\(model.id)">\
            <a class="card__link" href="\(model.detailsPath)">\
            <div class="card__media"><img src="\(model.thumbnailPath)" alt="" loading="lazy" width="368" height="207">\(badges)</div>\
            <div class="card__body"><h3 class="card__title"\(style == .regular ? HTML(" id=\"t\(model.id)\"") : nil)>\(model.title)</h3>\
            \(model.ownedText.map { HTML("<span class=\"badge badge--live\">\($0)</span>") })\
            <ul class="chips" aria-label="\(text.platforms)">\(Array(platforms))\(more)</ul>\
            <div class="card__meta">\(worth)<span class="type">\(model.typeText)</span></div>\
            <div class="card__foot time\(model.isEndingSoon ? " time--soon" : "")">\(model.timeLeft)</div></div></a>\
            <div class="card__marks"\(style == .regular ? HTML(" role=\"group\" aria-labelledby=\"t\(model.id)\"") : nil)>\
            <form method="post" action="\(SiteRoute.mark(id: model.id).path)">\(heart.button(inTitledGroup: style == .regular))\
            \(MarkToggle.pair(model, showsLabels: style == .regular))</form></div></article>

            """
    }
}

/// The heart: a real `<button>` (with `aria-pressed`) whose name and value say what pressing it does
/// (`favorite=1` saves, `favorite=0` forgets), so it works without JavaScript. On a card it posts with the card's
/// marks; the large one on Details has a form of its own.
package struct HeartButton {
    package let giveawayID: Int
    package let title: String
    package let isFavorite: Bool
    package let strings: Strings
    package var large = false

    package init(giveawayID: Int, title: String, isFavorite: Bool, strings: Strings, large: Bool = false) {
        self.giveawayID = giveawayID
        self.title = title
        self.isFavorite = isFavorite
        self.strings = strings
        self.large = large
    }

    /// The button alone, for the form around it. In a group named by the giveaway's title (a regular card) its name is
    /// just "Save"; elsewhere it names the giveaway and what pressing it does.
    package func button(inTitledGroup: Bool = false) -> HTML {
        let text = strings.card
        let label =
            inTitledGroup ? text.save : isFavorite ? text.removeFavorite(title) : text.addFavorite(title)
        return """
            <button class="heart" name="favorite" value="\(isFavorite ? "0" : "1")" aria-pressed="\(isFavorite ? "true" : "false")" aria-label="\(label)">\
            \(large ? HTML("<span class=\"heart__text\">\(isFavorite ? text.saved : text.save)</span>") : nil)</button>
            """
    }

    /// The large heart of Details, in its own form.
    package func render() -> HTML {
        """
        <form class="heart-form heart-form--large" method="post" action="\(SiteRoute.favorite(id: giveawayID).path)">\
        <input type="hidden" name="back" value="\(SiteRoute.details(id: giveawayID).path)">\(button())</form>
        """
    }
}
