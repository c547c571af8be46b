import Foundation

/// GamerPower's timestamps: `YYYY-MM-DD HH:MM:SS` in UTC with no zone, or a bare `YYYY-MM-DD`.
enum UpstreamDate {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Parses the text, or returns `nil` for `N/A`, empty text and anything that is not a real date.
    static func parse(_ text: String) -> Date? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { "-: T".contains($0) })
        guard fields.count == 3 || fields.count == 6 || fields.count == 5 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else { return nil }
            numbers.append(value)
        }
        while numbers.count < 6 { numbers.append(0) }
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5])
        guard (1970...9999).contains(numbers[0]), (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
            (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5]),
            components.isValidDate(in: utc)
        else { return nil }
        return utc.date(from: components)
    }

    /// Formats a date the way the upstream does, for the demo data and for fixtures.
    static func format(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day)) "
            + "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
    }
}
