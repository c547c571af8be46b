import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Details: the large image, every fact, the description, the claim steps and the Get it button.
package struct DetailsPage {
    /// Everything Details shows, formatted.
    package struct Model {
        package struct PlatformLink: Hashable {
            package let name: String
            package let path: String
        }

        package let id: Int
        package let title: String
        package let pageTitle: String
        package let metaDescription: String
        package let imagePath: String
        package let typeText: String
        package let isExpired: Bool
        package let hasLeftFeed: Bool
        package let isDemo: Bool
        package let platforms: [PlatformLink]
        package let worthText: String?
        package let usersText: String
        package let countdownText: String
        package let isEndingSoon: Bool
        package let endsAt: Date?
        package let endsText: String?
        package let publishedAt: Date
        package let publishedText: String
        package let firstSeenAt: Date
        package let firstSeenText: String
        package let claimURL: String
        package let gamerpowerURL: String
        package let descriptionParagraphs: [HTML]
        package let isDescriptionLong: Bool
        package let steps: [HTML]
        /// The visitor's marks, as the card shows them (the toggles render from it).
        package let card: GiveawayCardModel
        /// The free-to-play catalog game this giveaway is loot for.
        package let catalogGame: (title: String, path: String)?
        /// Where it was seen (the store itself first), each with its page.
        package let sources: [(name: String, url: String?)]
        /// The game's other giveaways, before and after this one: store and month, linked.
        package let freeBefore: [HistoryLink]
        package let freeAgain: [HistoryLink]
        /// "You claimed this on Epic Games Store in Dec 2024", for a visitor who claimed the game elsewhere.
        package let claimedElsewhere: String?
        /// The game's page in Games (a game or early access, with a RAWG key set).
        package let gamePath: String?

        package struct HistoryLink: Hashable {
            package let text: String
            package let path: String
        }

        package init(
            stored: StoredGiveaway, marks: CardMarks, now: Date, strings: Strings, catalogGame: CatalogGame? = nil,
            history: [GameHistory.Entry] = [], claimedElsewhere: GameHistory.Entry? = nil, linksGames: Bool = false
        ) {
            gamePath =
                linksGames && stored.giveaway.type.isWholeGame
                ? SiteRoute.gameFind(title: GameTitle.normalized(stored.giveaway.title)).path : nil
            card = GiveawayCardModel(
                giveaway: stored.giveaway, now: now, marks: marks, strings: strings,
                hasLeftFeed: !stored.history.isInFeed)
            self.catalogGame = catalogGame.map { ($0.title, SiteRoute.catalogGame(id: $0.id).path) }
            let giveaway = stored.giveaway
            id = giveaway.id
            title = giveaway.title
            pageTitle = strings.pageTitle(giveaway.title)
            metaDescription = String(giveaway.description.prefix(160))
            imagePath = SiteRoute.image(id: giveaway.id, kind: .image).path
            typeText = strings.typeName(giveaway.type)
            isExpired = giveaway.status(at: now) == .ended
            hasLeftFeed = !stored.history.isInFeed
            isDemo = stored.isDemo
            platforms = giveaway.platforms.map {
                PlatformLink(name: $0.displayName, path: HomeFilters().with(platform: $0.slug).path)
            }
            worthText = card.worthText
            usersText = strings.details.people(giveaway.users, number: card.usersText)
            countdownText = card.timeLeftText
            isEndingSoon = card.isEndingSoon
            endsAt = giveaway.endsAt
            endsText = giveaway.endsAt.map(strings.date)
            publishedAt = giveaway.publishedAt
            publishedText = strings.date(giveaway.publishedAt)
            firstSeenAt = stored.history.firstSeenAt
            firstSeenText = strings.date(stored.history.firstSeenAt)
            claimURL = giveaway.openGiveawayURL
            gamerpowerURL = giveaway.gamerpowerURL
            descriptionParagraphs = UpstreamHTML.paragraphs(giveaway.description)
            isDescriptionLong = giveaway.description.count > 420
            steps = UpstreamHTML.steps(giveaway.instructions)
            sources = giveaway.sources.map { (strings.firstHand.sourceName($0.source), $0.url) }
            func month(_ date: Date) -> String {
                let parts = UTCParts(date)
                return "\(strings.format.monthsShort[parts.month - 1]) \(parts.year)"
            }
            let from = giveaway.startsAt ?? stored.history.firstSeenAt
            let links = history.map {
                (
                    entry: $0,
                    link: HistoryLink(
                        text: "\($0.store), \(month($0.from))", path: SiteRoute.details(id: $0.giveawayID).path)
                )
            }
            freeBefore = links.filter { $0.entry.from < from }.map(\.link)
            freeAgain = links.filter { $0.entry.from >= from }.map(\.link)
            self.claimedElsewhere = claimedElsewhere.map { strings.firstHand.claimedOn($0.store, month($0.from)) }
        }
    }

    package let model: Model

    package init(model: DetailsPage.Model) {
        self.model = model
    }

    package func render() -> HTML {
        let strings = model.card.strings
        let card = strings.card
        let text = strings.details
        let statusBadge: HTML =
            model.card.startsAt != nil
            ? "<span class=\"badge\">\(strings.firstHand.upcoming)</span>"
            : model.isExpired
                ? "<span class=\"badge badge--muted\">\(card.expired)</span>"
                : model.hasLeftFeed
                    ? "<span class=\"badge badge--muted\">\(card.leftFeed)</span>"
                    : "<span class=\"badge badge--live\">\(card.active)</span>"
        let platforms = model.platforms.map { platform -> HTML in
            "<li><a href=\"\(platform.path)\">\(platform.name)</a></li>"
        }
        let worth: HTML = model.worthText.map { "<s>\($0)</s> \(card.free)" } ?? "\(card.free)"
        let steps = model.steps.map { step -> HTML in "<li>\(step)</li>" }
        let demo: HTML? =
            model.isDemo
            ? "<div class=\"banner banner--demo\" role=\"status\"><div><strong>\(strings.common.demoTitle)</strong><p>\(text.demoText)</p></div></div>"
            : nil
        let endDate: HTML? = model.endsAt.flatMap { end in
            model.endsText.map { TimeTag(date: end, kind: .date, text: $0).render() }
        }
        let ends: HTML = endDate ?? "\(strings.time.noEndDate)"
        let published = TimeTag(date: model.publishedAt, kind: .date, text: model.publishedText).render()
        let firstSeen = TimeTag(date: model.firstSeenAt, kind: .date, text: model.firstSeenText).render()
        let gamerpower: HTML =
            "<a href=\"\(url: model.gamerpowerURL)\" target=\"_blank\" rel=\"noopener noreferrer\">GamerPower</a>"
        let firstHand = strings.firstHand
        let seenOn: [HTML] = model.sources.map { source in
            guard let url = source.url else { return "\(source.name)" }
            return "<a href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer\">\(source.name)</a>"
        }
        func history(_ label: String, _ links: [Model.HistoryLink]) -> HTML? {
            guard !links.isEmpty else { return nil }
            let items = links.map { link -> HTML in "<a href=\"\(link.path)\">\(link.text)</a>" }
            return "<div><dt>\(label)</dt><dd>\(HTML(joining: items, separator: " · "))</dd></div>"
        }
        let claimedElsewhere: HTML? = model.claimedElsewhere.map {
            "<p class=\"notice\" role=\"note\">\(Icons.check)\($0)</p>"
        }
        let owned: HTML? = model.card.ownedText.map {
            "<p class=\"notice notice--owned\" role=\"note\">\(Icons.check)<span>\($0)</span></p>"
        }
        return """
            <nav class="breadcrumb" aria-label="\(text.breadcrumb)"><a href="\(SiteRoute.homePath)">\(Icons.chevronLeft)\(text.allGiveaways)</a></nav>
            \(demo)
            <article class="details" data-giveaway-id="\(model.id)">
              <div class="details__media"><img src="\(model.imagePath)" alt="\(text.coverArt(model.title))" width="640" height="360" decoding="async"></div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">\(model.typeText)</span>\(statusBadge)</div>
                <h1>\(model.title)</h1>
                <ul class="chips chips--large" aria-label="\(card.platforms)">\(platforms)</ul>
                \(model.catalogGame.map { HTML("<p class=\"details__game\">\(text.lootFor("<a href=\"\($0.path)\">\($0.title)</a>"))</p>") })
                \(model.gamePath.map { HTML("<p class=\"details__game\"><a href=\"\(url: $0)\">\(strings.games.aboutGame)</a></p>") })
                \(owned)
                <p class="details__countdown\(model.isEndingSoon ? " time--soon" : "")">\(Icons.clock)<strong>\(model.card.timeLeft)</strong></p>
                <div class="details__cta">
                  <a class="button button--primary button--large" href="\(url: model.claimURL)" target="_blank" rel="noopener noreferrer">\(model.isExpired ? text.openGiveawayPage : text.getIt)\(Icons.external)</a>
                  \(HeartButton(giveawayID: model.id, title: model.title, isFavorite: model.card.isFavorite, strings: strings, large: true).render())
                </div>
                \(claimedElsewhere)
                <div class="details__marks">\(MarkToggle.form(model.card, returnPath: SiteRoute.details(id: model.id).path))</div>
                <dl class="facts">
                  <div><dt>\(text.worth)</dt><dd class="worth">\(worth)</dd></div>
                  <div><dt>\(text.claimedBy)</dt><dd>\(model.usersText)</dd></div>
                  <div><dt>\(text.type)</dt><dd>\(model.typeText)</dd></div>
                  <div><dt>\(text.status)</dt><dd>\(model.card.startsAt != nil ? strings.firstHand.upcoming : model.isExpired ? card.expired : card.active)\(model.hasLeftFeed ? " · \(text.noLongerListed)" : "")</dd></div>
                  <div><dt>\(text.published)</dt><dd>\(published)</dd></div>
                  <div><dt>\(text.ends)</dt><dd>\(ends)</dd></div>
                  \(seenOn.isEmpty ? nil : HTML("<div><dt>\(firstHand.seenOn)</dt><dd>\(HTML(joining: seenOn, separator: " · "))</dd></div>"))
                  \(history(firstHand.freeBefore, model.freeBefore))
                  \(history(firstHand.freeAgain, model.freeAgain))
                </dl>
              </div>
            </article>
            <div class="details__text">
              \(DescriptionSection.render(heading: text.aboutThis, paragraphs: model.descriptionParagraphs, isLong: model.isDescriptionLong))
              <section class="prose">
                <h2>\(text.howToClaim)</h2>
                <ol class="steps">\(steps)</ol>
                \(model.gamerpowerURL.isEmpty ? nil : HTML("<p class=\"source\">\(text.listedSince(gamerpower, firstSeen))</p>"))
              </section>
            </div>
            """
    }
}
