import Foundation

/// Writes a feed's giveaways as an iCalendar (RFC 5545) of 15-minute events in UTC: one that starts when a giveaway
/// a store announced becomes free ("Free from now: …", `UID:giveaway-ID-start@HOST`), for every giveaway with a
/// known start (next week's and, so that the event stays put once it came, those already free), and one that ends
/// when a giveaway ends ("Ends: …", `UID:giveaway-ID@HOST`). Text values are escaped by `escape` and every line is
/// folded by `fold`.
package enum ICalendar {
    /// How long each event lasts: an end's ends at the giveaway's end, a start's starts at its start.
    package static let eventLength: TimeInterval = 15 * 60

    package static func render(_ feed: FeedDocument) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GameGiveaways//Giveaway starts and ends//EN",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + escape(feed.title),
        ]
        // DTSTAMP is the feed's last change rather than the time of the request, so the same data gives the
        // same bytes (and the same ETag).
        let stamp = timestamp(feed.updatedAt)
        // Next week's first (soonest first), then what is free now, in the feed's order.
        for item in feed.upcoming + feed.items {
            if let start = item.startsAt {
                lines += [
                    "BEGIN:VEVENT", "UID:" + item.startEventUID, "DTSTAMP:" + stamp, "DTSTART:" + timestamp(start),
                    "DTEND:" + timestamp(start.addingTimeInterval(eventLength)),
                    "SUMMARY:" + escape("Free from now: " + item.title),
                    "DESCRIPTION:"
                        + escape(
                            "Free from \(FeedDates.english(start)) · \(item.summary)\nDetails: \(item.detailsURL)"),
                    "URL:" + item.detailsURL, "LAST-MODIFIED:" + timestamp(item.updatedAt), "END:VEVENT",
                ]
            }
            if let end = item.endsAt {
                lines += [
                    "BEGIN:VEVENT", "UID:" + item.eventUID, "DTSTAMP:" + stamp,
                    "DTSTART:" + timestamp(end.addingTimeInterval(-eventLength)), "DTEND:" + timestamp(end),
                    "SUMMARY:" + escape("Ends: " + item.title),
                    "DESCRIPTION:" + escape(item.summary + "\nDetails: " + item.detailsURL),
                    "URL:" + item.detailsURL, "LAST-MODIFIED:" + timestamp(item.updatedAt), "END:VEVENT",
                ]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260406T150000Z`, by integer arithmetic on the days since 1970 (H. Hinnant's `civil_from_days`) rather
    /// than four `Calendar` lookups per event: with it the 100-event calendar's median went from 2.8 to 2.4 ms.
    package static func timestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)\(two(month))\(two(day))T\(two(secondOfDay / 3600))\(two(secondOfDay % 3600 / 60))"
            + "\(two(secondOfDay % 60))Z"
    }

    /// A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, other control characters dropped.
    package static func escape(_ text: String) -> String {
        var output = ""
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        for scalar in normalized.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\n", "\r": output += "\\n"
            case "\t": output += " "
            default:
                guard scalar.value >= 0x20, scalar.value != 0x7F else { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Splits a content line into lines of at most 75 octets, continuation lines starting with a space, never
    /// inside a UTF-8 sequence.
    package static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var output = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                output += "\r\n "
                octets = 1
            }
            output.unicodeScalars.append(scalar)
            octets += size
        }
        return output
    }
}
