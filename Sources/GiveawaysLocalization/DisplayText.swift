import Foundation
import GiveawaysDomain

/// Turns dates and numbers into the short phrases the pages show.
package enum DisplayText {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// "ends in 2 days", "ends in 5 hours", "ended 3 days ago", "no end date".
    package static func timeLeft(until end: Date?, now: Date) -> String {
        guard let end else { return "No end date" }
        let seconds = end.timeIntervalSince(now)
        if seconds <= 0 { return "Ended \(span(-seconds)) ago" }
        return "Ends in \(span(seconds))"
    }

    package static func span(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        let hours = Int(seconds / 3600)
        let days = Int(seconds / 86_400)
        if days >= 1 { return days == 1 ? "1 day" : "\(days) days" }
        if hours >= 1 { return hours == 1 ? "1 hour" : "\(hours) hours" }
        if minutes >= 1 { return minutes == 1 ? "1 minute" : "\(minutes) minutes" }
        return "less than a minute"
    }

    /// "31 Mar 2026, 18:35 UTC".
    package static func date(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        let minute = parts.minute ?? 0
        let hour = parts.hour ?? 0
        return
            "\(parts.day ?? 1) \(month) \(parts.year ?? 1970), \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
    }

    /// `2026-03-31T18:35:00Z`, for `<time datetime>`.
    package static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// "12,340".
    package static func count(_ value: Int) -> String {
        value.groupedThousands
    }
}
