import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews

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
        let hideSubscriptions: Bool
        let hideClaimedAnywhere: Bool
        let hideOwned: Bool
        let keySiteNames: String
        /// "Your rules let 31 of 40 live giveaways through."
        let effectText: String?
        /// Absolute URLs of the personal feeds; empty until the visitor asks for them.
        let feeds: [(label: String, url: String)]
        let markCount: Int
        let strings: Strings

        init(
            visitor: Visitor, snapshot: ReadModelSnapshot, notice: SiteRoute.SettingsNotice?, origin: String, now: Date,
            strings: Strings
        ) {
            self.strings = strings
            self.notice = notice.map { Self.text($0, strings.settings) }
            forgetsOfflinePages = notice == .linked
            let rules = visitor.rules
            stores = snapshot.platformCounts(at: now).map(\.platform).map {
                Choice(value: $0.slug, label: $0.displayName, isOn: rules.platforms.contains($0.slug))
            }
            types = TypeFilter.allCases.map {
                Choice(value: $0.rawValue, label: strings.typeFilterName($0), isOn: rules.types.contains($0))
            }
            minimumWorthText =
                rules.minimumWorth.map {
                    "\($0.cents / 100)\(strings.format.decimalSeparator)\($0.cents % 100 < 10 ? "0" : "")\($0.cents % 100)"
                } ?? ""
            noLoot = rules.noLoot
            hideKeySites = rules.hideKeySites
            keywordsText = rules.blockedKeywords.joined(separator: "\n")
            hideClaimed = rules.hideClaimed
            hideNotInterested = rules.hideNotInterested
            hideSubscriptions = rules.hideSubscriptions
            hideClaimedAnywhere = rules.hideClaimedAnywhere
            hideOwned = rules.hideOwned
            keySiteNames = KeySite.allCases.map(\.displayName).joined(separator: ", ")
            let live = snapshot.live(at: now)
            if rules.isEmpty {
                effectText = nil
            } else {
                let through = snapshot.admitted(live, visitor).count
                effectText = strings.settings.effect(strings.number(through), strings.number(live.count))
            }
            feeds =
                visitor.settings.feedToken.map { token in
                    FeedFormat.allCases.map {
                        (
                            $0 == .ics ? strings.settings.calendarFeed : $0.displayName,
                            origin + SiteRoute.personalFeed(token: token, format: $0).path
                        )
                    }
                } ?? []
            markCount = visitor.marks.all.count
        }

        private static func text(_ notice: SiteRoute.SettingsNotice, _ text: Strings.SettingsText) -> String {
            switch notice {
            case .saved: text.saved
            case .cleared: text.cleared
            case .linked: text.linked
            case .imported: text.imported
            case .feedRenewed: text.feedRenewed
            }
        }
    }

    let model: Model
    private var text: Strings.SettingsText { model.strings.settings }
    private var firstHand: FirstHandText { model.strings.firstHand }

    func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>\(text.heading)</h1>
          <p>\(text.intro)</p>
        </section>
        \(model.notice.map { HTML("<p class=\"notice\" role=\"status\"\(model.forgetsOfflinePages ? HTML(" data-forget-offline-pages") : nil)>\(Icons.check)<span>\($0)</span></p>") })
        \(rulesForm)
        \(feedsSection)
        <section class="settings-card" aria-labelledby="library-title">
          <h2 id="library-title">\(model.strings.library.heading)</h2>
          <p>\(model.strings.library.settingsText)</p>
          <p><a class="button" href="\(SiteRoute.library.path)">\(model.strings.library.open)</a></p>
        </section>
        <section class="settings-card" aria-labelledby="notifications-title">
          <h2 id="notifications-title">\(text.notificationsTitle)</h2>
          <p>\(text.notificationsText)</p>
          <p><a class="button" href="\(SiteRoute.notifications.path)">\(text.manageNotifications)</a></p>
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
          <h2 id="rules-title">\(text.rulesTitle)</h2>
          \(model.effectText.map { HTML("<p class=\"settings-card__lead\">\($0)</p>") })
          <fieldset>
            <legend>\(text.myStores)</legend>
            <p class="hint">\(text.myStoresHint)</p>
            \(checkboxes("store", model.stores))
          </fieldset>
          <fieldset>
            <legend>\(text.types)</legend>
            <p class="hint">\(text.typesHint)</p>
            \(checkboxes("type", model.types))
          </fieldset>
          <fieldset>
            <legend>\(text.worthAndJunk)</legend>
            <label class="field"><span>\(text.minimumWorth)</span>
              <input type="text" name="min_worth" inputmode="decimal" autocomplete="off" placeholder="\(text.minimumWorthPlaceholder)" value="\(model.minimumWorthText)" aria-describedby="worth-hint"></label>
            <p class="hint" id="worth-hint">\(text.minimumWorthHint)</p>
            \(toggle("no_loot", model.noLoot, text.noLoot))
            \(toggle("hide_key_sites", model.hideKeySites, text.hideKeySites, hint: text.hideKeySitesHint(model.keySiteNames)))
            \(toggle("hide_subscriptions", model.hideSubscriptions, firstHand.hideSubscriptions, hint: firstHand.hideSubscriptionsHint))
            <label class="field"><span>\(text.blockedKeywords)</span>
              <textarea name="keywords" rows="3" placeholder="\(text.blockedKeywordsPlaceholder)" aria-describedby="keywords-hint">\(model.keywordsText)</textarea></label>
            <p class="hint" id="keywords-hint">\(text.blockedKeywordsHint)</p>
          </fieldset>
          <fieldset>
            <legend>\(text.onHomeAndMore)</legend>
            \(toggle("hide_claimed", model.hideClaimed, text.hideClaimed))
            \(toggle("hide_not_interested", model.hideNotInterested, text.hideNotInterested))
            \(toggle("hide_claimed_anywhere", model.hideClaimedAnywhere, firstHand.hideClaimedAnywhere, hint: firstHand.hideClaimedAnywhereHint))
            \(toggle("hide_owned", model.hideOwned, model.strings.library.hideOwned, hint: model.strings.library.hideOwnedHint))
          </fieldset>
          <div class="settings-card__actions">
            <button type="submit" class="button button--primary">\(text.saveRules)</button>
            <button type="submit" class="button" name="clear" value="1">\(text.clearRules)</button>
          </div>
        </form>
        """
    }

    private var feedsSection: HTML {
        let body: HTML
        if model.feeds.isEmpty {
            body = """
                <p>\(text.feedsIntro)</p>
                <form method="post" action="\(SiteRoute.settingsFeedToken.path)"><button type="submit" class="button">\(text.createFeed)</button></form>
                """
        } else {
            let links = model.feeds.map { feed -> HTML in
                "<li><span>\(feed.label)</span><a href=\"\(url: feed.url)\">\(feed.url)</a></li>"
            }
            body = """
                <p>\(text.feedsSecret)</p>
                <ul class="feed-list">\(links)</ul>
                <form method="post" action="\(SiteRoute.settingsFeedToken.path)"><button type="submit" class="button">\(text.newAddress)</button> <span class="hint">\(text.newAddressHint)</span></form>
                """
        }
        return """
            <section class="settings-card" aria-labelledby="feeds-title">
              <h2 id="feeds-title">\(text.feedsTitle)</h2>
              \(body)
            </section>
            """
    }

    private var deviceSection: HTML {
        """
        <section class="settings-card" aria-labelledby="device-title">
          <h2 id="device-title">\(text.deviceTitle)</h2>
          <p>\(text.deviceText)</p>
          <form method="post" action="\(SiteRoute.settingsLinkCode.path)"><button type="submit" class="button">\(text.getCode)</button></form>
          <form class="inline-form" method="get" action="\(SiteRoute.link(code: nil).path)">
            <label class="field"><span>\(text.haveCode)</span>
              <input type="text" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH-JKMN-PQRS" required></label>
            <button type="submit" class="button">\(text.useCode)</button>
          </form>
        </section>
        """
    }

    private var dataSection: HTML {
        """
        <section class="settings-card" aria-labelledby="data-title">
          <h2 id="data-title">\(text.dataTitle)</h2>
          <p>\(model.markCount == 0 ? text.noMarks : text.marks(model.markCount, number: model.strings.number(model.markCount))) \(text.dataText)</p>
          <p><a class="button" href="\(SiteRoute.settingsExport.path)" download>\(text.export)</a></p>
          <form method="post" action="\(SiteRoute.settingsImport.path)" enctype="multipart/form-data">
            <label class="field"><span>\(text.importFile)</span><input type="file" name="file" accept="application/json,.json"></label>
            <label class="field"><span>\(text.pasteContents)</span><textarea name="data" rows="3" spellcheck="false"></textarea></label>
            <button type="submit" class="button">\(text.importButton)</button>
          </form>
        </section>
        """
    }
}
