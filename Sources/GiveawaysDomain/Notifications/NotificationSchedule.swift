import Foundation

/// When a visitor's messages may go: every event at once (the default) or held for one daily summary at a local
/// time, and quiet hours that hold messages until they end. Pure: the delivery worker asks it, per event, and
/// postpones what may not go yet.
///
/// A reminder is urgent: it is never held, by quiet hours or the summary, because holding it could let the
/// giveaway end before the visitor hears of it (a reminder raised at 23:00 for a game that stops being free at
/// 01:00 would otherwise arrive after it ended). Everything else is not urgent.
public struct NotificationSchedule: Hashable, Sendable {
    /// The visitor's time zone (an IANA name chosen in Settings): summaries and quiet hours are in local time.
    public var timeZone: TimeZone
    /// The daily summary's local time; `nil` sends every event at once.
    public var digestAt: DayTime?
    /// Local quiet hours, e.g. 22:00–08:00 (may wrap midnight); `nil` for none.
    public var quietHours: QuietHours?

    public init(timeZone: TimeZone = .current, digestAt: DayTime? = nil, quietHours: QuietHours? = nil) {
        self.timeZone = timeZone
        self.digestAt = digestAt
        self.quietHours = quietHours
    }

    /// From `start` up to `end`, local time; `start == end` is not allowed.
    public struct QuietHours: Hashable, Sendable {
        public var start: DayTime
        public var end: DayTime

        public init?(start: DayTime, end: DayTime) {
            guard start != end else { return nil }
            self.start = start
            self.end = end
        }

        /// Whether the local minute of day `minute` is quiet.
        func contains(_ minute: Int) -> Bool {
            start < end
                ? (start.minutes..<end.minutes).contains(minute) : minute >= start.minutes || minute < end.minutes
        }
    }

    /// When an event raised at `raised` may be delivered, asked at `now`: `nil` means now; a date means "hold it
    /// until then". A summary goes at the first summary time at or after the event was raised (and then, even in
    /// quiet hours: the visitor chose that time); otherwise quiet hours hold it until they end.
    public func heldUntil(raisedAt raised: Date, now: Date, urgent: Bool) -> Date? {
        guard !urgent else { return nil }
        if let digestAt {
            let due = nextOccurrence(of: digestAt, atOrAfter: raised)
            return due > now ? due : nil
        }
        if let quietHours, quietHours.contains(minuteOfDay(now)) {
            return nextOccurrence(of: quietHours.end, atOrAfter: now)
        }
        return nil
    }

    /// The first moment at or after `time` when the local clock reads `dayTime`. On a day when that local time does
    /// not exist (a spring-forward gap) it is the first moment after the gap; on a day when it exists twice (fall
    /// back), the first.
    public func nextOccurrence(of dayTime: DayTime, atOrAfter time: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let wanted = DateComponents(hour: dayTime.minutes / 60, minute: dayTime.minutes % 60)
        var from = calendar.startOfDay(for: time).addingTimeInterval(-1)
        for _ in 0..<3 {
            guard
                let candidate = calendar.nextDate(
                    after: from, matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
                    direction: .forward)
            else { break }
            if candidate >= time { return candidate }
            from = candidate
        }
        return time.addingTimeInterval(86_400)
    }

    func minuteOfDay(_ time: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: time)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}
