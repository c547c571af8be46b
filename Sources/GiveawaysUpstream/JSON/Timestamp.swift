import Foundation

/// Parses the times users type: ISO 8601 with or without a zone (UTC assumed), or a bare date.
public enum Timestamp {
    public static func parse(_ text: String) -> Date? {
        if let date = parseCanonical(text) { return date }
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
    /// Written by hand: it runs for every date of every giveaway in an API answer, and a new `ISO8601DateFormatter`
    /// (ICU underneath) per call was an eighth of a cold API answer's time. Seconds are truncated, as the formatter
    /// did; years outside 0…9999 go to the formatter.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 253_402_300_800 else { return formatted(date) }
        let whole = Int(seconds)
        let (days, secondOfDay) = floorDivision(whole, 86_400)
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return formatted(date) }
        var text = ""
        text.reserveCapacity(20)
        func append(_ value: Int, width: Int) {
            let digits = String(value)
            text += String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        append(year, width: 4)
        text += "-"
        append(month, width: 2)
        text += "-"
        append(day, width: 2)
        text += "T"
        append(secondOfDay / 3600, width: 2)
        text += ":"
        append(secondOfDay / 60 % 60, width: 2)
        text += ":"
        append(secondOfDay % 60, width: 2)
        text += "Z"
        return text
    }

    private static func formatted(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        return formatter.string(from: date)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` exactly (what `format` writes and the database keeps), read without a formatter; anything
    /// else is left to the formatters.
    static func parseCanonical(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
                second < 60
            else { return nil }
            let days = self.days(fromCivil: year, month, day)
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date: count whole eras of 400 years (146,097 days) from
    /// 0000-03-01, so that the leap day ends each counted year.
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = floorDivision(shiftedYear, 400)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `days(fromCivil:)`.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}
