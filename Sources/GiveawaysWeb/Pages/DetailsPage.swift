import Foundation
import GiveawaysDomain

/// Details: the large image, every fact, the description, the claim steps and the Get it button.
struct DetailsPage {
    let stored: StoredGiveaway
    let isFavorite: Bool
    let now: Date

    private var giveaway: Giveaway { stored.giveaway }

    var title: String { "\(giveaway.title) · GameGiveaways" }

    func render() -> HTML {
        let expired = giveaway.isExpired(at: now)
        let left = !stored.history.isInFeed
        let statusBadge: HTML =
            expired
            ? "<span class=\"badge badge--muted\">Expired</span>"
            : left
                ? "<span class=\"badge badge--muted\">Left the feed</span>"
                : "<span class=\"badge badge--live\">Active</span>"
        let platforms = giveaway.platforms.map { platform -> HTML in
            "<li><a href=\"\(HomeFilters().with(platform: platform.slug).path)\">\(platform.displayName)</a></li>"
        }
        let worth: HTML = giveaway.worth.map { "<s>\($0.formatted)</s> Free" } ?? "Free"
        let ends: String = giveaway.endsAt.map(DisplayText.date) ?? "No end date announced"
        let countdown = DisplayText.timeLeft(until: giveaway.endsAt, now: now)
        let soon = DisplayText.isEndingSoon(giveaway.endsAt, now: now)
        let steps = SafeText.steps(giveaway.instructions).map { step -> HTML in "<li>\(step)</li>" }
        let paragraphs = SafeText.paragraphs(giveaway.description)
        let collapsible: HTML? = giveaway.description.count > 420 ? " data-collapsible" : nil
        let demo: HTML? =
            stored.isDemo
            ? "<div class=\"banner banner--demo\" role=\"status\"><div><strong>Demo data</strong><p>This giveaway is invented; it is shown until the first real sync succeeds.</p></div></div>"
            : nil
        return """
            <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">\(Icons.chevronLeft)All giveaways</a></nav>
            \(demo)
            <article class="details" data-giveaway-id="\(giveaway.id)">
              <div class="details__media"><img src="/images/\(giveaway.id)/image" alt="Cover art of \(giveaway.title)" width="640" height="360" decoding="async"></div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">\(giveaway.type.displayName)</span>\(statusBadge)</div>
                <h1>\(giveaway.title)</h1>
                <ul class="chips chips--large" aria-label="Platforms">\(platforms)</ul>
                <p class="details__countdown\(soon ? " time--soon" : "")">\(Icons.clock)<strong>\(countdown)</strong>\(giveaway.endsAt != nil ? HTML(" <span>· \(ends)</span>") : nil)</p>
                <div class="details__cta">
                  <a class="button button--primary button--large" href="\(url: giveaway.openGiveawayURL)" target="_blank" rel="noopener noreferrer">\(expired ? "Open the giveaway page" : "Get it")\(Icons.external)</a>
                  \(HeartButton(giveawayID: giveaway.id, title: giveaway.title, isFavorite: isFavorite, returnPath: "/giveaways/\(giveaway.id)", large: true).render())
                </div>
                <dl class="facts">
                  <div><dt>Worth</dt><dd class="worth">\(worth)</dd></div>
                  <div><dt>Claimed by</dt><dd>\(DisplayText.count(giveaway.users)) people</dd></div>
                  <div><dt>Type</dt><dd>\(giveaway.type.displayName)</dd></div>
                  <div><dt>Status</dt><dd>\(expired ? "Expired" : "Active")\(left ? " · no longer listed" : "")</dd></div>
                  <div><dt>Published</dt><dd><time datetime="\(Self.iso(giveaway.publishedAt))">\(DisplayText.date(giveaway.publishedAt))</time></dd></div>
                  <div><dt>Ends</dt><dd>\(giveaway.endsAt.map { HTML("<time datetime=\"\(Self.iso($0))\">\(DisplayText.date($0))</time>") } ?? "No end date")</dd></div>
                </dl>
              </div>
            </article>
            <div class="details__text">
              <section class="prose">
                <h2>About this giveaway</h2>
                <div class="description"\(collapsible) id="description">\(paragraphs)</div>
              </section>
              <section class="prose">
                <h2>How to claim</h2>
                <ol class="steps">\(steps)</ol>
                <p class="source">Listed on <a href="\(url: giveaway.gamerpowerURL)" target="_blank" rel="noopener noreferrer">GamerPower</a> since \(DisplayText.date(stored.history.firstSeenAt)).</p>
              </section>
            </div>
            """
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        return formatter.string(from: date)
    }
}
