import Foundation
import GiveawaysDomain

/// Details: the large image, every fact, the description, the claim steps and the Get it button.
struct DetailsPage {
    /// Everything Details shows, formatted.
    struct Model {
        struct PlatformLink: Hashable {
            let name: String
            let path: String
        }

        let id: Int
        let title: String
        let pageTitle: String
        let metaDescription: String
        let imagePath: String
        let typeText: String
        let isExpired: Bool
        let hasLeftFeed: Bool
        let isDemo: Bool
        let platforms: [PlatformLink]
        let worthText: String?
        let usersText: String
        let countdownText: String
        let isEndingSoon: Bool
        let endsText: String?
        let endsISO: String?
        let publishedText: String
        let publishedISO: String
        let firstSeenText: String
        let claimURL: String
        let gamerpowerURL: String
        let descriptionParagraphs: [HTML]
        let isDescriptionLong: Bool
        let steps: [HTML]
        /// The visitor's marks, as the card shows them (the toggles render from it).
        let card: GiveawayCardModel
        /// The free-to-play catalog game this giveaway is loot for.
        let catalogGame: (title: String, path: String)?

        init(stored: StoredGiveaway, marks: CardMarks, now: Date, catalogGame: CatalogGame? = nil) {
            card = GiveawayCardModel(
                giveaway: stored.giveaway, now: now, marks: marks, hasLeftFeed: !stored.history.isInFeed)
            self.catalogGame = catalogGame.map { ($0.title, SiteRoute.catalogGame(id: $0.id).path) }
            let giveaway = stored.giveaway
            id = giveaway.id
            title = giveaway.title
            pageTitle = "\(giveaway.title) · GameGiveaways"
            metaDescription = String(giveaway.description.prefix(160))
            imagePath = SiteRoute.image(id: giveaway.id, kind: .image).path
            typeText = giveaway.type.displayName
            isExpired = !giveaway.isLive(at: now)
            hasLeftFeed = !stored.history.isInFeed
            isDemo = stored.isDemo
            platforms = giveaway.platforms.map {
                PlatformLink(name: $0.displayName, path: HomeFilters().with(platform: $0.slug).path)
            }
            worthText = giveaway.worth?.formatted
            usersText = DisplayText.count(giveaway.users)
            countdownText = DisplayText.timeLeft(until: giveaway.endsAt, now: now)
            isEndingSoon = DisplayText.isEndingSoon(giveaway.endsAt, now: now)
            endsText = giveaway.endsAt.map(DisplayText.date)
            endsISO = giveaway.endsAt.map(DisplayText.iso)
            publishedText = DisplayText.date(giveaway.publishedAt)
            publishedISO = DisplayText.iso(giveaway.publishedAt)
            firstSeenText = DisplayText.date(stored.history.firstSeenAt)
            claimURL = giveaway.openGiveawayURL
            gamerpowerURL = giveaway.gamerpowerURL
            descriptionParagraphs = SafeText.paragraphs(giveaway.description)
            isDescriptionLong = giveaway.description.count > 420
            steps = SafeText.steps(giveaway.instructions)
        }
    }

    let model: Model

    func render() -> HTML {
        let statusBadge: HTML =
            model.isExpired
            ? "<span class=\"badge badge--muted\">Expired</span>"
            : model.hasLeftFeed
                ? "<span class=\"badge badge--muted\">Left the feed</span>"
                : "<span class=\"badge badge--live\">Active</span>"
        let platforms = model.platforms.map { platform -> HTML in
            "<li><a href=\"\(platform.path)\">\(platform.name)</a></li>"
        }
        let worth: HTML = model.worthText.map { "<s>\($0)</s> Free" } ?? "Free"
        let steps = model.steps.map { step -> HTML in "<li>\(step)</li>" }
        let demo: HTML? =
            model.isDemo
            ? "<div class=\"banner banner--demo\" role=\"status\"><div><strong>Demo data</strong><p>This giveaway is invented; it is shown until the first real sync succeeds.</p></div></div>"
            : nil
        let ends: HTML =
            model.endsText.map { text in
                HTML("<time datetime=\"\(model.endsISO ?? "")\">\(text)</time>")
            } ?? "No end date"
        return """
            <nav class="breadcrumb" aria-label="Breadcrumb"><a href="\(SiteRoute.home(HomeFilters()).path)">\(Icons.chevronLeft)All giveaways</a></nav>
            \(demo)
            <article class="details" data-giveaway-id="\(model.id)">
              <div class="details__media"><img src="\(model.imagePath)" alt="Cover art of \(model.title)" width="640" height="360" decoding="async"></div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">\(model.typeText)</span>\(statusBadge)</div>
                <h1>\(model.title)</h1>
                <ul class="chips chips--large" aria-label="Platforms">\(platforms)</ul>
                \(model.catalogGame.map { HTML("<p class=\"details__game\">Loot for <a href=\"\($0.path)\">\($0.title)</a>, a free-to-play game</p>") })
                <p class="details__countdown\(model.isEndingSoon ? " time--soon" : "")">\(Icons.clock)<strong>\(model.countdownText)</strong>\(model.endsText.map { HTML(" <span>· \($0)</span>") })</p>
                <div class="details__cta">
                  <a class="button button--primary button--large" href="\(url: model.claimURL)" target="_blank" rel="noopener noreferrer">\(model.isExpired ? "Open the giveaway page" : "Get it")\(Icons.external)</a>
                  \(HeartButton(giveawayID: model.id, title: model.title, isFavorite: model.card.isFavorite, returnPath: SiteRoute.details(id: model.id).path, large: true).render())
                </div>
                <div class="details__marks">\(MarkToggle.pair(model.card, returnPath: SiteRoute.details(id: model.id).path))</div>
                <dl class="facts">
                  <div><dt>Worth</dt><dd class="worth">\(worth)</dd></div>
                  <div><dt>Claimed by</dt><dd>\(model.usersText) people</dd></div>
                  <div><dt>Type</dt><dd>\(model.typeText)</dd></div>
                  <div><dt>Status</dt><dd>\(model.isExpired ? "Expired" : "Active")\(model.hasLeftFeed ? " · no longer listed" : "")</dd></div>
                  <div><dt>Published</dt><dd><time datetime="\(model.publishedISO)">\(model.publishedText)</time></dd></div>
                  <div><dt>Ends</dt><dd>\(ends)</dd></div>
                </dl>
              </div>
            </article>
            <div class="details__text">
              <section class="prose">
                <h2>About this giveaway</h2>
                <div class="description"\(model.isDescriptionLong ? HTML(" data-collapsible") : nil) id="description">\(model.descriptionParagraphs)</div>
              </section>
              <section class="prose">
                <h2>How to claim</h2>
                <ol class="steps">\(steps)</ol>
                <p class="source">Listed on <a href="\(url: model.gamerpowerURL)" target="_blank" rel="noopener noreferrer">GamerPower</a> since \(model.firstSeenText).</p>
              </section>
            </div>
            """
    }
}
