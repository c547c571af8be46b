import Foundation

/// The columns the stores keep a profile's settings in, read and written one way for both.
public struct NotificationPreferenceColumns: Hashable, Sendable {
    public var reminderLeadMinutes: Int
    public var digestMinute: Int?
    public var quietStartMinute: Int?
    public var quietEndMinute: Int?
    public var timeZone: String?

    public init(
        reminderLeadMinutes: Int, digestMinute: Int?, quietStartMinute: Int?, quietEndMinute: Int?, timeZone: String?
    ) {
        self.reminderLeadMinutes = reminderLeadMinutes
        self.digestMinute = digestMinute
        self.quietStartMinute = quietStartMinute
        self.quietEndMinute = quietEndMinute
        self.timeZone = timeZone
    }

    public init(_ preferences: NotificationPreferences) {
        let schedule = preferences.schedule
        self.init(
            reminderLeadMinutes: preferences.reminderLead.rawValue, digestMinute: schedule.digestAt?.minutes,
            quietStartMinute: schedule.quietHours?.start.minutes, quietEndMinute: schedule.quietHours?.end.minutes,
            timeZone: schedule.timeZone.identifier)
    }

    /// What the columns hold; anything unreadable (a lead no longer offered, an unknown zone) reads as the default.
    public var preferences: NotificationPreferences {
        let quiet = quietStartMinute.flatMap(DayTime.init(minutes:)).flatMap { start in
            quietEndMinute.flatMap(DayTime.init(minutes:)).flatMap {
                NotificationSchedule.QuietHours(start: start, end: $0)
            }
        }
        return NotificationPreferences(
            reminderLead: ReminderLead(rawValue: reminderLeadMinutes) ?? .standard,
            schedule: NotificationSchedule(
                timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current,
                digestAt: digestMinute.flatMap(DayTime.init(minutes:)), quietHours: quiet))
    }
}
