import Foundation

/// Parses the times users type: ISO 8601 with or without a zone (UTC assumed), or a bare date.
public enum Timestamp {
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for options in [
            ISO8601DateFormatter.Options.withInternetDateTime,
            [.withInternetDateTime, .withFractionalSeconds],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed) { return date }
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for options in [
            ISO8601DateFormatter.Options([
                .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
            ]),
            [.withFullDate, .withDashSeparatorInDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed.replacingOccurrences(of: " ", with: "T")) { return date }
        }
        return nil
    }

    /// `2026-03-31T12:00:00Z`.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        return formatter.string(from: date)
    }
}
