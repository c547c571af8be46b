import Foundation

/// A visitor's notification settings (Settings → Notifications): how long before a hearted giveaway ends the
/// reminder comes, and when messages may go (`NotificationSchedule`).
public struct NotificationPreferences: Hashable, Sendable {
    public var reminderLead: ReminderLead
    public var schedule: NotificationSchedule

    public init(reminderLead: ReminderLead = .standard, schedule: NotificationSchedule = NotificationSchedule()) {
        self.reminderLead = reminderLead
        self.schedule = schedule
    }

    /// A profile that never chose: reminders 3 hours ahead, every giveaway at once, no quiet hours.
    public static let standard = NotificationPreferences()
}

/// How long before a hearted giveaway ends its reminder comes.
public enum ReminderLead: Int, Hashable, Sendable, CaseIterable {
    case off = 0
    case oneHour = 60
    case threeHours = 180
    case twelveHours = 720
    case day = 1440

    public static let standard = ReminderLead.threeHours

    /// The lead as a time interval; `nil` when reminders are off.
    public var interval: TimeInterval? { self == .off ? nil : TimeInterval(rawValue * 60) }
}

/// A time of day, `HH:MM`, as minutes after midnight.
public struct DayTime: Hashable, Sendable, Comparable {
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// `08:00`, `22:30`; `nil` for anything else (`24:00`, `8:00pm`, `08:60`).
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    public var text: String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: DayTime, rhs: DayTime) -> Bool { lhs.minutes < rhs.minutes }
}
