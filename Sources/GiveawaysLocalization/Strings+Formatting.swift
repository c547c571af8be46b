import Foundation
import GiveawaysDomain

// MARK: - Numbers, money and dates, written for the language

/// Hand-written rather than Foundation's formatters: pages for visitors with marks are rendered on every request,
/// and these run for every card.
extension Strings {
    /// `12340` → "12,340" / "12.340".
    package func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += format.groupSeparator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// "$12.99" / "12,99 $". Worth is always US dollars; only the way it is written changes.
    package func money(_ worth: Worth) -> String {
        let cents = worth.cents
        let rest = cents % 100
        return format.money("\(number(cents / 100))\(format.decimalSeparator)\(rest < 10 ? "0" : "")\(rest)")
    }

    /// "Tue 1 Apr 2026, 09:00 UTC" / "Di., 1. Apr. 2026, 09:00 UTC".
    package func date(_ date: Date) -> String {
        let parts = UTCParts(date)
        return format.dateTime(
            format.weekdaysShort[parts.weekday], String(parts.day), format.monthsShort[parts.month - 1],
            String(parts.year),
            "\(parts.hour < 10 ? "0" : "")\(parts.hour):\(parts.minute < 10 ? "0" : "")\(parts.minute)"
        ) + " UTC"
    }

    /// "1 Apr 2026" / "1. Apr. 2026", for dates without a time.
    package func day(_ date: Date) -> String {
        let parts = UTCParts(date)
        return format.day(String(parts.day), format.monthsShort[parts.month - 1], String(parts.year))
    }

    // MARK: - Spans and countdowns

    /// "2 days", "5 hours", "1 minute" — in the form that follows "in" or "ago".
    package func span(_ seconds: TimeInterval, _ units: Units) -> String {
        let minutes = Int(seconds / 60)
        let hours = Int(seconds / 3600)
        let days = Int(seconds / 86_400)
        if days >= 1 { return units.day(days, number: number(days)) }
        if hours >= 1 { return units.hour(hours, number: number(hours)) }
        if minutes >= 1 { return units.minute(minutes, number: number(minutes)) }
        return time.lessThanAMinute
    }

    /// "Ends in 2 days", "Ended 3 days ago", "No end date".
    package func timeLeft(until end: Date?, now: Date) -> String {
        guard let end else { return time.noEndDate }
        let seconds = end.timeIntervalSince(now)
        if seconds <= 0 { return Self.fill(time.endedAgo, "span", span(-seconds, time.spanAgo)) }
        return Self.fill(time.endsIn, "span", span(seconds, time.spanIn))
    }

    /// "3 hours ago" or "in 3 hours".
    package func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds >= 0 { return Self.fill(time.ago, "span", span(seconds, time.spanAgo)) }
        return Self.fill(time.inFuture, "span", span(-seconds, time.spanIn))
    }

    /// Puts `value` where `{name}` stands in `template`.
    package static func fill(_ template: String, _ name: String, _ value: String) -> String {
        replacing("{\(name)}", with: value, in: template)
    }

    /// `template` with every `placeholder` (which starts with an ASCII character, like `{n}`) replaced by `value`,
    /// found byte for byte: Foundation's `replacingOccurrences` cost a fifth of a small personal page (a profile of
    /// Favorites), for a search in a short text of our own. It differs only where a placeholder ends in a character
    /// that a combining mark extends (Foundation compares characters), which no template of ours holds.
    package static func replacing(_ placeholder: String, with value: String, in template: String) -> String {
        let pattern = Array(placeholder.utf8)
        guard let first = pattern.first else { return template }
        precondition(first < 0x80, "a placeholder starts with an ASCII character")
        let utf8 = template.utf8
        var result = ""
        var copied = utf8.startIndex
        var index = copied
        while index != utf8.endIndex {
            if utf8[index] == first, utf8[index...].starts(with: pattern) {
                // An ASCII byte is a scalar of its own: the text before it is whole scalars.
                result += Substring(utf8[copied..<index])
                result += value
                index = utf8.index(index, offsetBy: pattern.count)
                copied = index
            } else {
                index = utf8.index(after: index)
            }
        }
        guard copied != utf8.startIndex else { return template }
        result += Substring(utf8[copied...])
        return result
    }

    // MARK: - Labels for domain values

    package func typeName(_ type: GiveawayType) -> String {
        switch type {
        case .game: card.typeGame
        case .dlc: card.typeLoot
        case .earlyAccess: card.typeEarlyAccess
        case .other: card.typeOther
        }
    }

    package func typeFilterName(_ filter: TypeFilter) -> String {
        switch filter {
        case .game: common.filterGames
        case .loot: common.filterLoot
        case .beta: common.filterBeta
        }
    }

    package func sortName(_ sort: GiveawaySort) -> String {
        switch sort {
        case .date: common.sortNewest
        case .value: common.sortValue
        case .popularity: common.sortPopularity
        case .ending: common.sortEnding
        }
    }

    /// A visitor's rules in one line: "Steam, GOG · worth at least $5.00 · no DLC or loot".
    package func rulesSummary(_ rules: GiveawayRules) -> String {
        let text = notifications
        var parts: [String] = []
        if !rules.platforms.isEmpty {
            parts.append(
                rules.platforms.sorted().map { Platform.known(slug: $0)?.displayName ?? $0 }.joined(separator: ", "))
        }
        if !rules.types.isEmpty { parts.append(rules.types.map(typeFilterName).sorted().joined(separator: ", ")) }
        if let minimum = rules.minimumWorth { parts.append(text.worthAtLeast(money(minimum))) }
        if rules.noLoot { parts.append(text.noLoot) }
        if !rules.blockedKeywords.isEmpty {
            parts.append(text.not + " " + rules.blockedKeywords.joined(separator: ", "))
        }
        if rules.hideKeySites { parts.append(text.noKeySites) }
        if rules.hideClaimed { parts.append(text.claimedHidden) }
        if rules.hideNotInterested { parts.append(text.notInterestedHidden) }
        if rules.hideSubscriptions { parts.append(firstHand.noSubscriptions) }
        if rules.hideClaimedAnywhere { parts.append(firstHand.claimedAnywhereHidden) }
        if rules.hideOwned { parts.append(library.ownedHidden) }
        return parts.isEmpty ? text.everyGiveaway : parts.joined(separator: " · ")
    }

    package func catalogPlatformName(_ platform: CatalogPlatform) -> String {
        switch platform {
        case .pc: "PC"
        case .browser: catalog.browser
        }
    }

    package func catalogSortName(_ sort: CatalogQuery.Sort) -> String {
        switch sort {
        case .popularity: catalog.sortPopularity
        case .release: catalog.sortRelease
        case .alphabetical: catalog.sortAlphabetical
        }
    }

    /// "Favorites · GameGiveaways".
    package func pageTitle(_ name: String) -> String {
        "\(name) · GameGiveaways"
    }
}

// MARK: - What the time script needs

extension Strings {
    /// The phrases app.js uses to rewrite `<time data-t>` in the visitor's time zone, as one JSON object (placed
    /// once per page in a non-executed `<script type="application/json" id="time-strings">`).
    package var timeScriptJSON: String {
        func units(_ units: Units) -> String {
            "{\"minute\":\(plural(units.minute)),\"hour\":\(plural(units.hour)),\"day\":\(plural(units.day))}"
        }
        func plural(_ plural: Plural) -> String {
            "{\"one\":\(Self.json(plural.one)),\"other\":\(Self.json(plural.other))}"
        }
        func list(_ names: [String]) -> String { "[" + names.map(Self.json).joined(separator: ",") + "]" }
        let dateTime = format.dateTime("{weekday}", "{day}", "{month}", "{year}", "{time}")
        let day = format.day("{day}", "{month}", "{year}")
        return "{\"weekdays\":\(list(format.weekdaysShort)),\"months\":\(list(format.monthsShort)),"
            + "\"dateTime\":\(Self.json(dateTime)),\"day\":\(Self.json(day)),\"group\":\(Self.json(format.groupSeparator)),"
            + "\"endsIn\":\(Self.json(time.endsIn)),\"endedAgo\":\(Self.json(time.endedAgo)),"
            + "\"endsToday\":\(Self.json(time.endsToday)),\"endsTomorrow\":\(Self.json(time.endsTomorrow)),"
            + "\"endsOn\":\(Self.json(time.endsOn)),\"spanIn\":\(units(time.spanIn)),\"spanAgo\":\(units(time.spanAgo))}"
    }

    /// The texts app.js writes itself, as one JSON object (`<script type="application/json" id="ui-strings">`).
    package var uiScriptJSON: String {
        let pairs: [(String, String)] = [
            ("addFavorite", card.addFavorite("{title}")), ("removeFavorite", card.removeFavorite("{title}")),
            ("save", card.save), ("saved", card.saved), ("loadMoreUnreachable", script.loadMoreOffline),
            ("saveUnreachable", script.saveOffline), ("hideUnreachable", script.hideOffline),
            ("notesSaving", script.notesSaving), ("notesSaved", script.notesSaved),
            ("notesEditing", script.notesEditing), ("notesFailed", script.notesFailed),
            ("notesNotSaved", script.notesNotSaved), ("readMore", script.readMore), ("showLess", script.showLess),
            ("liveNewOne", script.liveNewOne), ("liveNewOther", script.liveNewOther), ("liveEnded", script.liveEnded),
            ("liveCatalogChanged", script.liveCatalogChanged),
        ]
        return "{" + pairs.map { "\(Self.json($0.0)):\(Self.json($0.1))" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal that is also safe inside `<script>`: `<`, `>` and `&` are escaped.
    package static func json(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\n": output += "\\n"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

// MARK: - Dates without a calendar

/// A date's UTC fields, worked out arithmetically (Howard Hinnant's `civil_from_days`): a `Calendar` lookup costs
/// more than the rest of a card, and every card shows a date.
package struct UTCParts: Hashable {
    package let year: Int
    /// 1...12.
    package let month: Int
    package let day: Int
    package let hour: Int
    package let minute: Int
    package let second: Int
    /// 0 is Sunday.
    package let weekday: Int

    package init(_ date: Date) {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        hour = seconds / 3600
        minute = seconds % 3600 / 60
        second = seconds % 60
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `2026-04-01T09:00:00Z`, for `<time datetime>`.
    package var iso: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}
