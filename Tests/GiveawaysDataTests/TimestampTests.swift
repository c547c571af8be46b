import Foundation
import Testing

@testable import GiveawaysUpstream

/// The hand-written UTC reader and writer of `YYYY-MM-DDTHH:MM:SSZ` agree with Foundation's ISO 8601 formatter,
/// second for second, across leap years, century rules, and dates before 1970.
@Suite struct TimestampTests {
    func reference(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        return formatter.string(from: date)
    }

    @Test func formatAgreesWithFoundationOverFourHundredYears() {
        var generator = SystemRandomNumberGenerator()
        // 1800-01-01 … 2200-01-01, plus the edges a calendar gets wrong first.
        var seconds: [TimeInterval] = (0..<3000).map { _ in
            TimeInterval(Int.random(in: -5_364_662_400...7_258_118_400, using: &generator))
        }
        seconds += [0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, -2_203_891_200, 1_774_958_400.75]
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(Timestamp.format(date) == reference(date), "at \(second)")
        }
    }

    @Test func canonicalTextsReadBackToTheSameSecond() {
        for text in ["2026-03-31T12:00:00Z", "2000-02-29T23:59:59Z", "1969-12-31T23:59:59Z", "2100-03-01T00:00:00Z"] {
            let date = Timestamp.parseCanonical(text)
            #expect(date != nil && Timestamp.format(date!) == text)
            #expect(Timestamp.parse(text) == date)
        }
    }

    @Test func otherShapesAreLeftToTheFormatters() {
        #expect(Timestamp.parseCanonical("2026-02-30T12:00:00Z") == nil)
        #expect(Timestamp.parseCanonical("2026-03-31 12:00:00") == nil)
        #expect(Timestamp.parseCanonical("2026-03-31T24:00:00Z") == nil)
        #expect(Timestamp.parseCanonical("٢٠٢٦-03-31T12:00:00Z") == nil)
        #expect(Timestamp.parse("2026-03-31 12:00:00").map(Timestamp.format) == "2026-03-31T12:00:00Z")
        #expect(Timestamp.parse("2026-03-31T12:00:00.250Z") != nil)
        #expect(Timestamp.parse("2026-03-31").map(Timestamp.format) == "2026-03-31T00:00:00Z")
    }
}
