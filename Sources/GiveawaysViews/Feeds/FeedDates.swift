import Foundation

/// Dates as the feeds and the JSON answers write them: machine fields and English summaries, whatever the page's
/// language (a feed reader shows one text to every subscriber).
package enum FeedDates {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// "31 Mar 2026, 18:35 UTC".
    package static func english(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        let minute = parts.minute ?? 0
        let hour = parts.hour ?? 0
        return
            "\(parts.day ?? 1) \(month) \(parts.year ?? 1970), \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
    }

    /// `2026-03-31T18:35:00Z`, for Atom's `<updated>` and JSON's timestamps.
    package static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
