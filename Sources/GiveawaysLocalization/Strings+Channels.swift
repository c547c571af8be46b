import Foundation

// The texts of Settings → Notifications' Telegram and Apprise forms, reminders, "back", the digest and quiet hours,
// kept apart from `NotificationsText` so that the notification features can grow without touching one long list.
// Every property is required, so neither language can miss a text.

extension Strings {
    /// The channel, reminder and schedule texts in this page's language.
    package var channels: ChannelsText {
        switch language {
        case .en: .english
        case .de: .german
        }
    }
}

/// Telegram, Apprise, reminders, "back", the digest and quiet hours.
package struct ChannelsText: Sendable {
    package let telegram: String
    package let apprise: String
    package let telegramTitle: String
    package let telegramIntro: String
    package let botToken: String
    package let botTokenHint: String
    package let chatID: String
    package let addTelegram: String
    package let appriseTitle: String
    package let appriseIntro: String
    package let appriseAddress: String
    package let appriseTargets: String
    package let appriseTargetsHint: String
    package let addApprise: String
    package let tokenSet: String
    package let targetsSet: String
    package let badToken: String
    package let badChat: String
    package let appriseNeedsNotify: String
    package let appriseNeedsTargets: String
    package let targetsTooLong: String
    package let eventReminder: String
    package let eventBack: String
    package let eventStarted: String
    package let remindMe: String
    package let hearted: String
    // The schedule form.
    package let scheduleTitle: String
    package let reminderLead: String
    package let leadOff: String
    /// (hours) → "3 hours before".
    package let leadHours: @Sendable (Int) -> String
    package let howNewsComes: String
    package let atOnce: String
    package let dailySummary: String
    package let quietHours: String
    package let quietTo: String
    package let urgentHint: String
    package let timeZone: String
    /// (the server's zone) → the hint under the time zone field.
    package let timeZoneHint: @Sendable (String) -> String
    package let saveSchedule: String
    package let badLead: String
    package let badTime: String
    package let quietSame: String
    package let badZone: String
}
