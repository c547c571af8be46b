import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream

/// `giveaways hooks add`'s Telegram and Apprise options: a hook that is not a webhook URL.
struct HookChannelOptions: ParsableArguments {
    @Option(
        help: """
            A Telegram bot's token (env GIVEAWAYS_TELEGRAM_TOKEN keeps it out of the shell's history); with \
            --telegram-chat. Never shown again but for its last four characters.
            """)
    var telegramToken: String?

    // Unconditional: a group's id starts with "-", which must not read as an option.
    @Option(
        parsing: .unconditional,
        help: "The Telegram chat to send to: its numeric id (e.g. -1001234567890) or @channelname.")
    var telegramChat: String?

    @Option(help: "An Apprise API server: https://host/notify/KEY, or https://host/notify with --apprise-targets.")
    var apprise: String?

    @Option(help: "Apprise target URLs for the stateless …/notify endpoint (space-separated; kept as a secret).")
    var appriseTargets: String?

    /// The Telegram or Apprise hook these options describe; `nil` when they name neither (a webhook URL then).
    func hook(url: String?, events: Set<HookEvent>, now: Date, allowPrivate: Bool) throws -> Hook? {
        if let telegramChat {
            guard url == nil, apprise == nil else {
                throw ValidationError("--telegram-chat takes no URL and no --apprise")
            }
            guard let token = try Settings.telegramToken.value(text: telegramToken), TelegramBot.isToken(token) else {
                throw ValidationError("--telegram-token is not a Telegram bot token (like 123456789:AAH…); not shown")
            }
            guard let chatURL = Hook.telegramURL(chat: telegramChat) else {
                throw ValidationError("--telegram-chat is a chat id (e.g. -1001234567890) or @channelname")
            }
            return Hook(url: chatURL, format: .telegram, secret: token, events: events, createdAt: now)
        }
        guard telegramToken == nil else { throw ValidationError("--telegram-token needs --telegram-chat") }
        guard let apprise else {
            guard appriseTargets == nil else { throw ValidationError("--apprise-targets needs --apprise") }
            return nil
        }
        guard url == nil else { throw ValidationError("--apprise takes the Apprise URL; give no other URL") }
        guard let parsed = URL(string: apprise) else { throw HookAddress.Refusal.notHTTP }
        try HookAddress.validateShape(parsed)
        if !Settings.allowPrivateHooks.isOn(flag: allowPrivate) { try HookAddress.validateLiteral(parsed) }
        guard AppriseAddress.isNotifyURL(parsed) else {
            throw ValidationError("--apprise ends in /notify/KEY, or in /notify with --apprise-targets")
        }
        let targets = appriseTargets?.trimmingCharacters(in: .whitespacesAndNewlines)
        if AppriseAddress.isStateless(parsed), targets?.isEmpty ?? true {
            throw ValidationError("--apprise …/notify needs --apprise-targets")
        }
        return Hook(
            url: parsed, format: .apprise, secret: AppriseAddress.isStateless(parsed) ? targets : nil, events: events,
            createdAt: now)
    }

    /// `hooks list`'s secret column: whether there is one, and for a Telegram token its last four characters at most.
    static func secretColumn(_ hook: Hook) -> String {
        switch hook.format {
        case .telegram: "token \(Hook.secretHint(hook.secret) ?? "missing")"
        case .apprise: hook.secret == nil ? "stateful key" : "targets set"
        default: hook.secret == nil ? "no secret" : "secret set"
        }
    }
}
