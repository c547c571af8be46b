import Foundation
import GiveawaysDomain

/// Settings (seed 003's settings screen): the visitor's rules, their personal feeds, linking another browser and
/// their data. Everything is per anonymous profile; nothing here needs an account.
struct SettingsPage {
    /// Everything Settings shows, formatted.
    struct Model {
        struct Choice: Hashable {
            let value: String
            let label: String
            let isOn: Bool
        }

        let notice: String?
        /// This browser just took another profile: its offline copies of pages must go.
        let forgetsOfflinePages: Bool
        let stores: [Choice]
        let types: [Choice]
        let minimumWorthText: String
        let noLoot: Bool
        let hideKeySites: Bool
        let keywordsText: String
        let hideClaimed: Bool
        let hideNotInterested: Bool
        let keySiteNames: String
        /// "Your rules let 31 of 40 live giveaways through."
        let effectText: String?
        /// Absolute URLs of the personal feeds; empty until the visitor asks for them.
        let feeds: [(label: String, url: String)]
        let markCount: Int

        init(
            visitor: Visitor, snapshot: ReadModelSnapshot, notice: SiteRoute.SettingsNotice?, origin: String, now: Date
        ) {
            self.notice = notice.map(Self.text)
            forgetsOfflinePages = notice == .linked
            let rules = visitor.rules
            let inData = snapshot.giveaways.flatMap(\.platforms).filter { !$0.isKnown }
            let platforms = Platform.catalog + Set(inData).sorted()
            stores = platforms.map {
                Choice(value: $0.slug, label: $0.displayName, isOn: rules.platforms.contains($0.slug))
            }
            types = TypeFilter.allCases.map {
                Choice(value: $0.rawValue, label: $0.displayName, isOn: rules.types.contains($0))
            }
            minimumWorthText =
                rules.minimumWorth.map { String(format: "%d.%02d", $0.cents / 100, $0.cents % 100) } ?? ""
            noLoot = rules.noLoot
            hideKeySites = rules.hideKeySites
            keywordsText = rules.blockedKeywords.joined(separator: "\n")
            hideClaimed = rules.hideClaimed
            hideNotInterested = rules.hideNotInterested
            keySiteNames = KeySite.allCases.map(\.displayName).joined(separator: ", ")
            let live = snapshot.live(at: now)
            if rules.isEmpty {
                effectText = nil
            } else {
                let through = live.filter { snapshot.admits($0, visitor) }.count
                effectText = "Your rules let \(through) of \(live.count) live giveaways through."
            }
            feeds =
                visitor.settings.feedToken.map { token in
                    FeedFormat.allCases.map {
                        ($0.settingsLabel, origin + SiteRoute.personalFeed(token: token, format: $0).path)
                    }
                } ?? []
            markCount = visitor.marks.all.count
        }

        private static func text(_ notice: SiteRoute.SettingsNotice) -> String {
            switch notice {
            case .saved: "Your rules are saved. Home, More and your feeds follow them now."
            case .cleared: "Your rules are cleared: everything shows again."
            case .linked: "This browser now uses your profile: your marks, rules and feeds are here."
            case .imported: "Your data is imported."
            case .feedRenewed: "Your feeds have a new address. The old one no longer works."
            }
        }
    }

    let model: Model

    func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>Settings</h1>
          <p>Your rules decide what Home, More and your personal feeds show. They live in this browser’s anonymous profile — no account, no e-mail.</p>
        </section>
        \(model.notice.map { HTML("<p class=\"notice\" role=\"status\"\(model.forgetsOfflinePages ? HTML(" data-forget-offline-pages") : nil)>\(Icons.check)<span>\($0)</span></p>") })
        \(rulesForm)
        \(feedsSection)
        <section class="settings-card" aria-labelledby="notifications-title">
          <h2 id="notifications-title">Notifications</h2>
          <p>Be told in Discord, ntfy or your own endpoint when a giveaway that passes your rules appears, ends within 24 hours, or moves its end date.</p>
          <p><a class="button" href="\(SiteRoute.notifications.path)">Manage notifications</a></p>
        </section>
        \(deviceSection)
        \(dataSection)
        """
    }

    private func checkboxes(_ name: String, _ choices: [Model.Choice]) -> HTML {
        let items = choices.map { choice -> HTML in
            """
            <label class="check"><input type="checkbox" name="\(name)" value="\(choice.value)"\(choice.isOn ? HTML(" checked") : nil)><span>\(choice.label)</span></label>
            """
        }
        return "<div class=\"check-grid\">\(items)</div>"
    }

    private func toggle(_ name: String, _ isOn: Bool, _ label: String, hint: String? = nil) -> HTML {
        """
        <label class="check check--wide"><input type="checkbox" name="\(name)" value="1"\(isOn ? HTML(" checked") : nil)><span>\(label)\(hint.map { HTML("<small>\($0)</small>") })</span></label>
        """
    }

    private var rulesForm: HTML {
        """
        <form class="settings-card" method="post" action="\(SiteRoute.settings(notice: nil).path)" aria-labelledby="rules-title">
          <h2 id="rules-title">Your rules</h2>
          \(model.effectText.map { HTML("<p class=\"settings-card__lead\">\($0)</p>") })
          <fieldset>
            <legend>My stores</legend>
            <p class="hint">Tick the stores you use. None ticked means every store.</p>
            \(checkboxes("store", model.stores))
          </fieldset>
          <fieldset>
            <legend>Types</legend>
            <p class="hint">None ticked means every type.</p>
            \(checkboxes("type", model.types))
          </fieldset>
          <fieldset>
            <legend>Worth and junk</legend>
            <label class="field"><span>Minimum worth in US dollars</span>
              <input type="text" name="min_worth" inputmode="decimal" autocomplete="off" placeholder="e.g. 5.00" value="\(model.minimumWorthText)" aria-describedby="worth-hint"></label>
            <p class="hint" id="worth-hint">With a minimum, giveaways without a listed worth are hidden too.</p>
            \(toggle("no_loot", model.noLoot, "No DLC or in-game loot"))
            \(toggle("hide_key_sites", model.hideKeySites, "Hide giveaways from key sites that need an account or points", hint: "Detected from the title and claim steps: \(model.keySiteNames)."))
            <label class="field"><span>Blocked keywords</span>
              <textarea name="keywords" rows="3" placeholder="One per line, e.g. skin" aria-describedby="keywords-hint">\(model.keywordsText)</textarea></label>
            <p class="hint" id="keywords-hint">A giveaway whose title contains one of these words is hidden. Case and accents do not matter.</p>
          </fieldset>
          <fieldset>
            <legend>On Home and More</legend>
            \(toggle("hide_claimed", model.hideClaimed, "Hide giveaways I marked claimed"))
            \(toggle("hide_not_interested", model.hideNotInterested, "Hide giveaways I marked not interested"))
          </fieldset>
          <div class="settings-card__actions">
            <button type="submit" class="button button--primary">Save rules</button>
            <button type="submit" class="button" name="clear" value="1">Clear all rules</button>
          </div>
        </form>
        """
    }

    private var feedsSection: HTML {
        let body: HTML
        if model.feeds.isEmpty {
            body = """
                <p>Feeds that follow your rules and marks, for a feed reader or a calendar. The address is secret: anyone who has it can read the feed, and nothing else.</p>
                <form method="post" action="\(SiteRoute.settingsFeedToken.path)"><button type="submit" class="button">Create my feed address</button></form>
                """
        } else {
            let links = model.feeds.map { feed -> HTML in
                "<li><span>\(feed.label)</span><a href=\"\(url: feed.url)\">\(feed.url)</a></li>"
            }
            body = """
                <p>These follow your rules and marks. Keep them secret: anyone with the address can read the feed.</p>
                <ul class="feed-list">\(links)</ul>
                <form method="post" action="\(SiteRoute.settingsFeedToken.path)"><button type="submit" class="button">New address</button> <span class="hint">The old address stops working at once.</span></form>
                """
        }
        return """
            <section class="settings-card" aria-labelledby="feeds-title">
              <h2 id="feeds-title">Your feeds</h2>
              \(body)
            </section>
            """
    }

    private var deviceSection: HTML {
        """
        <section class="settings-card" aria-labelledby="device-title">
          <h2 id="device-title">Another device</h2>
          <p>Use the same favorites, marks, notes and rules on your phone and your computer. Get a one-time code here and enter it on the other browser (or open its link there). A code works once, for 10 minutes.</p>
          <form method="post" action="\(SiteRoute.settingsLinkCode.path)"><button type="submit" class="button">Get a code</button></form>
          <form class="inline-form" method="get" action="\(SiteRoute.link(code: nil).path)">
            <label class="field"><span>Have a code from another browser?</span>
              <input type="text" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH-JKMN-PQRS" required></label>
            <button type="submit" class="button">Use code</button>
          </form>
        </section>
        """
    }

    private var dataSection: HTML {
        """
        <section class="settings-card" aria-labelledby="data-title">
          <h2 id="data-title">Your data</h2>
          <p>\(model.markCount == 0 ? "You have no marks yet." : "\(model.markCount) \(model.markCount == 1 ? "mark" : "marks") (favorites, claimed, not interested, notes, hidden games).") Export them with your rules as a JSON file, or import such a file here or on another server.</p>
          <p><a class="button" href="\(SiteRoute.settingsExport.path)" download>Export my data</a></p>
          <form method="post" action="\(SiteRoute.settingsImport.path)" data-import>
            <label class="field"><span>Import a file</span><input type="file" accept="application/json,.json" data-import-file></label>
            <label class="field"><span>…or paste its contents</span><textarea name="data" rows="3" spellcheck="false" data-import-text></textarea></label>
            <button type="submit" class="button">Import</button>
          </form>
        </section>
        """
    }
}

extension FeedFormat {
    /// How Settings names a personal feed of this format.
    var settingsLabel: String {
        switch self {
        case .atom: "Atom"
        case .json: "JSON Feed"
        case .ics: "Calendar (end dates)"
        }
    }
}
