import Foundation

// The texts of Settings → Notifications' Telegram and Apprise forms, reminders, "back", the digest and quiet hours,
// kept apart from `NotificationsText` so that the notification features can grow without touching one long list.
// Every property is required, so neither language can miss a text.

extension Strings {
    /// The channel, reminder and schedule texts in this page's language.
    var channels: ChannelsText {
        switch language {
        case .en: .english
        case .de: .german
        }
    }
}

/// Telegram, Apprise, reminders, "back", the digest and quiet hours.
struct ChannelsText: Sendable {
    let telegram: String
    let apprise: String
    let telegramTitle: String
    let telegramIntro: String
    let botToken: String
    let botTokenHint: String
    let chatID: String
    let addTelegram: String
    let appriseTitle: String
    let appriseIntro: String
    let appriseAddress: String
    let appriseTargets: String
    let appriseTargetsHint: String
    let addApprise: String
    let tokenSet: String
    let targetsSet: String
    let badToken: String
    let badChat: String
    let appriseNeedsNotify: String
    let appriseNeedsTargets: String
    let targetsTooLong: String
    let eventReminder: String
    let eventBack: String
    let remindMe: String
    let hearted: String
    // The schedule form.
    let scheduleTitle: String
    let reminderLead: String
    let leadOff: String
    /// (hours) → "3 hours before".
    let leadHours: @Sendable (Int) -> String
    let howNewsComes: String
    let atOnce: String
    let dailySummary: String
    let quietHours: String
    let quietTo: String
    let urgentHint: String
    let timeZone: String
    /// (the server's zone) → the hint under the time zone field.
    let timeZoneHint: @Sendable (String) -> String
    let saveSchedule: String
    let badLead: String
    let badTime: String
    let quietSame: String
    let badZone: String
}
