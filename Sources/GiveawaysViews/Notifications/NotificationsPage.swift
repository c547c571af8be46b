import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Settings → Notifications: this visitor's own webhooks (Discord, ntfy, JSON), with a form to add one. They follow
/// the visitor's rules in Settings.
package struct NotificationsPage {
    /// One hook, display-ready: the URL shortened, the secret never shown.
    package struct HookModel {
        package let id: Int
        package let formatText: String
        package let urlText: String
        package let eventsText: String
        package let hasSecret: Bool
        /// "secret set", "token set" or "targets set": never the secret itself.
        package let secretText: String
        package let removePath: String

        package init(_ hook: Hook, strings: Strings) {
            id = hook.id
            formatText =
                switch hook.format {
                case .discord: "Discord"
                case .ntfy: "ntfy"
                case .json: "JSON"
                case .telegram: strings.channels.telegram
                case .apprise: strings.channels.apprise
                case .webpush: "Web Push"
                }
            urlText = hook.redactedURL
            eventsText = hook.events.sorted().map { NotificationsPage.label($0, strings) }.joined(separator: ", ")
            hasSecret = hook.secret != nil
            secretText =
                switch hook.format {
                case .telegram: strings.channels.tokenSet
                case .apprise: strings.channels.targetsSet
                default: strings.notifications.secretSet
                }
            removePath = SiteRoute.notificationRemove(id: hook.id).path
        }
    }

    package let hooks: [HookModel]
    /// What the visitor's rules let through, in a sentence.
    package let rulesText: String
    /// Why the last form was refused, shown above it.
    package var error: String?
    /// What the form held, kept when it was refused.
    package var typedURL = ""
    package let strings: Strings
    /// The visitor's reminder lead, summary, quiet hours and time zone, for the schedule form.
    package var preferences = NotificationPreferences.standard
    /// Web Push's "This device" section, above the webhooks.
    package var push: HTML?

    package init(
        hooks: [NotificationsPage.HookModel], rulesText: String, error: String? = nil, typedURL: String = "",
        strings: Strings, preferences: NotificationPreferences = NotificationPreferences.standard, push: HTML? = nil
    ) {
        self.hooks = hooks
        self.rulesText = rulesText
        self.error = error
        self.typedURL = typedURL
        self.strings = strings
        self.preferences = preferences
        self.push = push
    }
    private var text: Strings.NotificationsText { strings.notifications }

    package static func label(_ event: HookEvent, _ strings: Strings) -> String {
        switch event {
        case .new: strings.notifications.eventNew
        case .ending: strings.notifications.eventEnding
        case .changed: strings.notifications.eventChanged
        case .reminder: strings.channels.eventReminder
        case .back: strings.channels.eventBack
        case .started: strings.channels.eventStarted
        }
    }

    package func render() -> HTML {
        let rules: HTML = "<a href=\"\(SiteRoute.settings(notice: nil).path)\">\(text.yourRules)</a>"
        return """
                <nav class="breadcrumb" aria-label="\(text.breadcrumb)"><a href="\(SiteRoute.settings(notice: nil).path)">\(Icons.chevronLeft)\(strings.settings.heading)</a></nav>
                <section class="hero hero--compact">
                  <h1>\(text.heading)</h1>
                  <p>\(text.intro)</p>
                </section>
                \(error.map { HTML("<p class=\"notice notice--error\" role=\"alert\">\($0)</p>") })
                \(push)
                <section class="settings-card" aria-labelledby="hooks-title">
                  <h2 id="hooks-title">\(text.yourNotifications)</h2>
                  <p class="settings-card__lead">\(text.follow(rules, rulesText))</p>
              \(list)
            </section>
            \(scheduleForm)
            \(form)
            \(channelForms)
            """
    }

    private var list: HTML {
        guard !hooks.isEmpty else { return "<p>\(text.none)</p>" }
        let items = hooks.map { hook -> HTML in
            """
            <li><div><strong>\(hook.formatText)</strong> <code>\(hook.urlText)</code><span class="hint">\(hook.eventsText)\(hook.hasSecret ? " · \(hook.secretText)" : "")</span></div>\
            <form method="post" action="\(hook.removePath)"><button type="submit" class="button">\(text.remove)<span class="visually-hidden"> \(hook.formatText) \(hook.urlText)</span></button></form></li>
            """
        }
        return "<ul class=\"hook-list\">\(items)</ul>"
    }

    private var form: HTML {
        """
        <form class="settings-card" method="post" action="\(SiteRoute.notifications.path)" aria-labelledby="add-title">
          <h2 id="add-title">\(text.addTitle)</h2>
          <label class="field"><span>\(text.webhookAddress)</span>
            <input type="url" name="url" required maxlength="\(Self.maximumURLLength)" value="\(typedURL)" placeholder="https://discord.com/api/webhooks/…" autocomplete="off"></label>
          <label class="field"><span>\(text.format)</span>
            <select name="format"><option value="discord">\(text.discordWebhook)</option><option value="ntfy">\(text.ntfyTopic)</option><option value="json">\(text.jsonSigned)</option></select></label>
          \(eventChecks)
          <label class="field"><span>\(text.secret)</span>
            <input type="password" name="secret" maxlength="200" autocomplete="off" aria-describedby="secret-hint"></label>
          <p class="hint" id="secret-hint">\(text.secretHint("<code>X-Giveaways-Signature: sha256=…</code>"))</p>
          <div class="settings-card__actions"><button type="submit" class="button button--primary">\(text.add)</button></div>
        </form>
        """
    }
}

// The longest value of each field, written into its `maxlength` here and checked by `NotificationRoutes`.
extension NotificationsPage {
    /// A webhook's or an Apprise server's URL.
    package static let maximumURLLength = 500
    /// Apprise target URLs, all together.
    package static let maximumTargetsLength = 2000
    package static let maximumTokenLength = 120
    package static let maximumChatLength = 40
    /// IANA names are short (the longest is about 30 characters).
    package static let maximumZoneLength = 64
}
