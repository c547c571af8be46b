import Foundation

/// GamerPower's timestamps: `YYYY-MM-DD HH:MM:SS` in UTC with no zone, or a bare `YYYY-MM-DD`.
enum UpstreamDate {
    /// Parses the text, or returns `nil` for `N/A`, empty text and anything that is not a real date.
    /// Plain arithmetic (no Calendar): it runs twice per giveaway on every sync.
    static func parse(_ text: String) -> Date? {
        var numbers: [Int] = []
        numbers.reserveCapacity(6)
        var current = -1
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = (current < 0 ? 0 : current) * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 4 else { return nil }
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "T"):
                guard current >= 0 else {
                    if byte == UInt8(ascii: " "), numbers.isEmpty { continue }  // leading blanks
                    return nil
                }
                numbers.append(current)
                current = -1
                digits = 0
            default:
                return nil
            }
        }
        if current >= 0 { numbers.append(current) }
        guard numbers.count == 3 || numbers.count == 5 || numbers.count == 6 else { return nil }
        while numbers.count < 6 { numbers.append(0) }
        let (year, month, day) = (numbers[0], numbers[1], numbers[2])
        let (hour, minute, second) = (numbers[3], numbers[4], numbers[5])
        guard (1970...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
