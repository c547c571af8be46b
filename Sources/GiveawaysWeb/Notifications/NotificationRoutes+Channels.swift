import Foundation
import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysViews

// Settings → Notifications' Telegram and Apprise forms: a Telegram chat needs no URL (the server knows the Bot
// API's), an Apprise server is a URL like a webhook's, with its target URLs kept as the hook's secret.
extension NotificationRoutes {

    /// A Telegram hook from the form's token and chat, refused with the reason when either is not one.
    func makeTelegramHook(
        _ form: FormBody, profile: ProfileID, events: Set<HookEvent>, strings: Strings
    ) throws
        -> Hook
    {
        let token = (form["telegram_token"] ?? "").trimmingCharacters(in: .whitespaces)
        let chat = (form["telegram_chat"] ?? "").trimmingCharacters(in: .whitespaces)
        guard token.count <= NotificationsPage.maximumTokenLength, TelegramBot.isToken(token) else {
            throw Refused(strings.channels.badToken)
        }
        guard chat.count <= NotificationsPage.maximumChatLength, let url = Hook.telegramURL(chat: chat) else {
            throw Refused(strings.channels.badChat)
        }
        return Hook(
            url: url, format: .telegram, secret: token, events: events, createdAt: clock(), profileID: profile)
    }

    /// Checks an Apprise hook's address and targets; answers the targets to keep (`nil` for a stateful key).
    func appriseTargets(_ form: FormBody, url: URL, strings: Strings) throws -> String? {
        guard AppriseAddress.isNotifyURL(url) else { throw Refused(strings.channels.appriseNeedsNotify) }
        let targets = (form["apprise_targets"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard targets.count <= NotificationsPage.maximumTargetsLength else {
            throw Refused(strings.channels.targetsTooLong)
        }
        guard AppriseAddress.isStateless(url) else { return nil }
        guard !targets.isEmpty else { throw Refused(strings.channels.appriseNeedsTargets) }
        return targets
    }
}
