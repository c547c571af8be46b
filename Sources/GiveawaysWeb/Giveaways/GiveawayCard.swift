/// A giveaway card: image, title, platforms, worth, type, time left, the heart, and the visitor's "Claimed" and
/// "Not interested" toggles. Every card links to its details page and carries `data-giveaway-id`.
struct GiveawayCard {
    enum Style {
        /// The Home and Favorites grid.
        case regular
        /// The small cards of a More shelf.
        case compact
    }

    let model: GiveawayCardModel
    let heart: HeartButton
    var style: Style = .regular
    /// An `id` for the card, where a "Load more" link lands.
    var anchorID: String?

    func render() -> HTML {
        let text = model.strings.card
        let badges: [HTML] = [
            model.isNew && !model.hasLeftFeed
                ? "<span class=\"badge badge--new\">\(text.newSinceVisit)</span>" : nil,
            model.hasLeftFeed ? "<span class=\"badge badge--muted\">\(text.leftFeed)</span>" : nil,
            model.isExpired ? "<span class=\"badge badge--muted\">\(text.expired)</span>" : nil,
        ].compactMap { $0 }
        let platforms = model.platformNames.prefix(style == .compact ? 2 : 4).map { name -> HTML in
            "<li>\(name)</li>"
        }
        let extra = model.platformNames.count - platforms.count
        let more: HTML? = extra > 0 ? "<li class=\"more\">+\(extra)</li>" : nil
        let worth: HTML =
            model.worthText.map { "<span class=\"worth\"><s>\($0)</s> \(text.free)</span>" }
            ?? "<span class=\"worth\">\(text.free)</span>"
        let time: HTML =
            "<span class=\"time\(model.isEndingSoon ? " time--soon" : "")\">\(Icons.clock)\(model.timeLeft)</span>"
        return """
            <article class="card card--\(style == .compact ? "compact" : "regular")\(model.isClaimed ? " is-claimed" : "")"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-giveaway-id="\(model.id)">\
            <a class="card__link" href="\(model.detailsPath)">\
            <div class="card__media"><img src="\(model.thumbnailPath)" alt="" loading="lazy" width="368" height="207">\(badges)</div>\
            <div class="card__body"><h3 class="card__title">\(model.title)</h3>\
            <ul class="chips" aria-label="\(text.platforms)">\(Array(platforms))\(more)</ul>\
            <div class="card__meta">\(worth)<span class="type">\(model.typeText)</span></div>\
            <div class="card__foot">\(time)</div></div></a>\(heart.render())\
            <div class="card__marks">\(MarkToggle.pair(model, returnPath: heart.returnPath, showsLabels: style == .regular))</div></article>

            """
    }
}

/// The heart: a real `<button>` in a POST form (works without JavaScript), with `aria-pressed`.
struct HeartButton {
    let giveawayID: Int
    let title: String
    let isFavorite: Bool
    /// Where to come back to after a no-JavaScript submit.
    let returnPath: String
    let strings: Strings
    var large = false

    func render() -> HTML {
        let text = strings.card
        let label = isFavorite ? text.removeFavorite(title) : text.addFavorite(title)
        return """
            <form class="heart-form\(large ? " heart-form--large" : "")" method="post" action="\(SiteRoute.favorite(id: giveawayID).path)">\
            <input type="hidden" name="favorite" value="\(isFavorite ? "0" : "1")">\
            <input type="hidden" name="back" value="\(returnPath)">\
            <button class="heart" aria-pressed="\(isFavorite ? "true" : "false")" aria-label="\(label)">\
            \(Icons.heart)\(large ? HTML("<span class=\"heart__text\">\(isFavorite ? text.saved : text.save)</span>") : nil)</button></form>
            """
    }
}
