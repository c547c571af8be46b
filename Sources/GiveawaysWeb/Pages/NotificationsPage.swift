import Foundation
import GiveawaysDomain

/// Settings → Notifications: this visitor's own webhooks (Discord, ntfy, JSON), with a form to add one. They follow
/// the visitor's rules in Settings.
struct NotificationsPage {
    /// One hook, display-ready: the URL shortened, the secret never shown.
    struct HookModel {
        let id: Int
        let formatText: String
        let urlText: String
        let eventsText: String
        let hasSecret: Bool
        let removePath: String

        init(_ hook: Hook) {
            id = hook.id
            formatText =
                switch hook.format {
                case .discord: "Discord"
                case .ntfy: "ntfy"
                case .json: "JSON"
                }
            urlText = hook.redactedURL
            eventsText = hook.events.sorted().map(NotificationsPage.label).joined(separator: ", ")
            hasSecret = hook.secret != nil
            removePath = SiteRoute.notificationRemove(id: hook.id).path
        }
    }

    let hooks: [HookModel]
    /// What the visitor's rules let through, in a sentence.
    let rulesText: String
    /// Why the last form was refused, shown above it.
    var error: String?
    /// What the form held, kept when it was refused.
    var typedURL = ""

    static func label(_ event: HookEvent) -> String {
        switch event {
        case .new: "new giveaways"
        case .ending: "ending within 24 hours"
        case .changed: "moved end dates"
        }
    }

    func render() -> HTML {
        """
        <nav class="breadcrumb" aria-label="Breadcrumb"><a href="\(SiteRoute.settings(notice: nil).path)">\(Icons.chevronLeft)Settings</a></nav>
        <section class="hero hero--compact">
          <h1>Notifications</h1>
          <p>Be told about new giveaways, ones ending within 24 hours, and moved end dates — in a Discord channel, an ntfy topic, or your own endpoint. Each is sent once; only giveaways that appear after you add a notification are announced as new.</p>
        </section>
        \(error.map { HTML("<p class=\"notice notice--error\" role=\"alert\">\($0)</p>") })
        <section class="settings-card" aria-labelledby="hooks-title">
          <h2 id="hooks-title">Your notifications</h2>
          <p class="settings-card__lead">They follow <a href="\(SiteRoute.settings(notice: nil).path)">your rules</a>: \(rulesText).</p>
          \(list)
        </section>
        \(form)
        """
    }

    private var list: HTML {
        guard !hooks.isEmpty else { return "<p>You have no notifications yet.</p>" }
        let items = hooks.map { hook -> HTML in
            """
            <li><div><strong>\(hook.formatText)</strong> <code>\(hook.urlText)</code><span class="hint">\(hook.eventsText)\(hook.hasSecret ? " · secret set" : "")</span></div>\
            <form method="post" action="\(hook.removePath)"><button type="submit" class="button">Remove<span class="visually-hidden"> \(hook.formatText) \(hook.urlText)</span></button></form></li>
            """
        }
        return "<ul class=\"hook-list\">\(items)</ul>"
    }

    private var form: HTML {
        """
        <form class="settings-card" method="post" action="\(SiteRoute.notifications.path)" aria-labelledby="add-title">
          <h2 id="add-title">Add a notification</h2>
          <label class="field"><span>Webhook address</span>
            <input type="url" name="url" required maxlength="\(NotificationRoutes.maximumURLLength)" value="\(typedURL)" placeholder="https://discord.com/api/webhooks/…" autocomplete="off"></label>
          <label class="field"><span>Format</span>
            <select name="format"><option value="discord">Discord webhook</option><option value="ntfy">ntfy topic (https://ntfy.sh/your-topic)</option><option value="json">JSON (signed with your secret)</option></select></label>
          <fieldset>
            <legend>Tell me about</legend>
            <label class="check"><input type="checkbox" name="new" value="1" checked><span>New giveaways</span></label>
            <label class="check"><input type="checkbox" name="ending" value="1" checked><span>Giveaways ending within 24 hours</span></label>
            <label class="check"><input type="checkbox" name="changed" value="1"><span>Moved end dates</span></label>
          </fieldset>
          <label class="field"><span>Secret for the JSON signature (optional)</span>
            <input type="password" name="secret" maxlength="200" autocomplete="off" aria-describedby="secret-hint"></label>
          <p class="hint" id="secret-hint">Deliveries carry <code>X-Giveaways-Signature: sha256=…</code>, the HMAC-SHA256 of the body with this secret. It is never shown again.</p>
          <div class="settings-card__actions"><button type="submit" class="button button--primary">Add notification</button></div>
        </form>
        """
    }
}
