import Foundation
import GiveawaysDomain

/// Settings → Notifications: this visitor's own webhooks (Discord, ntfy, JSON), with a form to add one.
struct NotificationsPage {
    /// One hook, display-ready: the URL shortened, the secret never shown.
    struct HookModel {
        let id: Int
        let formatText: String
        let urlText: String
        let eventsText: String
        let rulesText: String
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
            eventsText = hook.events.sorted().map(\.rawValue).joined(separator: ", ")
            var rules: [String] = []
            if !hook.rules.platforms.isEmpty { rules.append(hook.rules.platforms.sorted().joined(separator: ", ")) }
            if let worth = hook.rules.minimumWorth { rules.append("worth \(worth.formatted) or more") }
            if !hook.rules.blockedKeywords.isEmpty {
                rules.append("not: " + hook.rules.blockedKeywords.joined(separator: ", "))
            }
            rulesText = rules.isEmpty ? "every giveaway" : rules.joined(separator: "; ")
            hasSecret = hook.secret != nil
            removePath = NotificationRoutes.removePath(id: hook.id)
        }
    }

    let hooks: [HookModel]
    /// Why the last form was refused, shown above it.
    var error: String?
    /// What the form held, kept when it was refused.
    var typedURL = ""

    func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>Notifications</h1>
          <p>Get told about new giveaways, ones ending within 24 hours, and moved end dates: in a Discord channel, \
        an ntfy topic, or your own endpoint. Only giveaways first seen after you add a hook are sent.</p>
        </section>
        <section aria-label="Your hooks">\(list)</section>
        <section aria-label="Add a hook">\(form)</section>
        """
    }

    private var list: HTML {
        guard !hooks.isEmpty else { return "<p>You have no notifications yet.</p>" }
        let items = hooks.map { hook -> HTML in
            """
            <li><strong>\(hook.formatText)</strong> → <code>\(hook.urlText)</code> · \(hook.eventsText) · \
            \(hook.rulesText)\(hook.hasSecret ? " · secret set" : "")
            <form method="post" action="\(hook.removePath)"><button type="submit" class="button">Remove</button></form></li>
            """
        }
        return "<ul class=\"hook-list\">\(items)</ul>"
    }

    private var form: HTML {
        let error: HTML = self.error.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>" } ?? .empty
        return """
            <h2>Add a hook</h2>
            \(error)
            <form method="post" action="\(NotificationRoutes.path)">
              <p><label>Webhook URL <input type="url" name="url" required maxlength="\(NotificationRoutes.maximumURLLength)" value="\(typedURL)"></label></p>
              <p><label>Format <select name="format"><option value="discord">Discord</option><option value="ntfy">ntfy (topic URL)</option><option value="json">JSON</option></select></label></p>
              <fieldset><legend>Tell me about</legend>
                <label><input type="checkbox" name="new" value="1" checked> new giveaways</label>
                <label><input type="checkbox" name="ending" value="1" checked> ending within 24 hours</label>
                <label><input type="checkbox" name="changed" value="1"> moved end dates</label>
              </fieldset>
              <p><label>Only these stores (slugs, comma-separated; empty for all) <input type="text" name="platforms" maxlength="300"></label></p>
              <p><label>Worth at least ($) <input type="text" name="minWorth" inputmode="decimal" maxlength="12"></label></p>
              <p><label>Leave out titles with (comma-separated) <input type="text" name="exclude" maxlength="600"></label></p>
              <p><label>Secret for the JSON signature (optional) <input type="password" name="secret" maxlength="200" autocomplete="off"></label></p>
              <p><button type="submit" class="button button--primary">Add</button></p>
            </form>
            """
    }
}
