import Foundation
import GiveawaysDomain

/// Turns Steam's search answer (`/search/results/?maxprice=free&specials=1&infinite=1`: JSON with `results_html`)
/// into the games and DLC that are 100 % off, and an app page into the end of its free window.
///
/// Two markups of the discount are read: 2024's `discount_block` with `data-discount="100"` and
/// `data-price-final="0"`, and 2021's `search_discount` span reading `-100%`. A row without either (a free-to-play
/// game, a discount short of 100 %) is not a giveaway. Bundles and packages (no single app id) are left out.
public struct SteamSearchDecoder: Sendable {
    public struct Offers: Sendable {
        public var offers: [StoreOffer]
        public var skipped: [String]
    }

    let storeHost: String
    /// The host the search answer came from (`--steam-url`'s): a row's picture there is Steam's own too.
    let frontHost: String?

    public init(storeHost: String = "https://store.steampowered.com", frontHost: String? = nil) {
        self.storeHost = storeHost
        self.frontHost = frontHost?.lowercased()
    }

    /// The 100 %-off rows of a search answer. Throws when it is not one (no `results_html`, `success` false), so the
    /// last good offers stay; an answer with no rows (`total_count` 0) is an empty list.
    public func decode(_ body: Data) throws(StoreAnswerError) -> Offers {
        guard let root = try? JSONSerialization.jsonObject(with: StoreText.utf8(body)) as? [String: Any] else {
            throw .malformed("not a JSON object")
        }
        if let success = root["success"] as? NSNumber, success.intValue != 1 {
            throw .malformed("success is \(success)")
        }
        guard let html = root["results_html"] as? String else { throw .malformed("no results_html") }
        return decode(resultsHTML: html)
    }

    /// The 100 %-off rows of the search results' markup. A row does not say whether it is a game or a DLC (both are
    /// apps): each is a game until its app page says otherwise.
    func decode(resultsHTML html: String) -> Offers {
        var result = Offers(offers: [], skipped: [])
        var seen = Set<String>()
        let tags = StoreHTML.tags(in: html)
        let rowStarts = tags.indices.filter { tags[$0].name == "a" && tags[$0].classes.contains("search_result_row") }
        for (position, start) in rowStarts.enumerated() {
            let row = tags[start]
            let end = position + 1 < rowStarts.count ? rowStarts[position + 1] : tags.endIndex
            let inside = tags[(start + 1)..<end]
            let rowEnd = position + 1 < rowStarts.count ? tags[rowStarts[position + 1]].end : html.endIndex
            guard Self.isFullDiscount(row: inside, html: html, until: rowEnd) else { continue }
            guard let appID = row.attributes["data-ds-appid"], !appID.isEmpty,
                appID.allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                result.skipped.append("a 100 % row without one app id (a bundle or package)")
                continue
            }
            guard seen.insert(appID).inserted else { continue }
            guard let titleTag = inside.first(where: { $0.name == "span" && $0.classes.contains("title") }) else {
                result.skipped.append("app \(appID): no title")
                continue
            }
            let title = StoreHTML.text(in: html, from: titleTag.end, until: "span")
            guard !title.isEmpty else {
                result.skipped.append("app \(appID): an empty title")
                continue
            }
            let original = inside.first { $0.classes.contains("discount_original_price") }
                .map { StoreHTML.text(in: html, from: $0.end, until: "div") }
            result.offers.append(
                StoreOffer(
                    store: .steam, storeID: appID, title: title,
                    claimURL: "\(storeHost)/app/\(appID)/",
                    imageURL: headerImage(of: appID, capsule: inside.first { $0.name == "img" }?.attributes["src"]),
                    startsAt: nil, endsAt: nil,
                    platforms: [Platform(displayName: "PC"), Platform(displayName: "Steam")],
                    worth: original.flatMap { Worth(upstreamText: $0) }.flatMap { $0.cents > 0 ? $0 : nil }))
        }
        return result
    }

    /// The app's header picture (460×215, what a card shows), on the image host the row's own capsule picture
    /// comes from when that is one of Steam's (it moves between CDNs: Akamai, Fastly, Cloudflare), the store's own
    /// host or the front's the answer came from; Akamai's otherwise.
    func headerImage(of appID: String, capsule: String?) -> String {
        var origin = "https://shared.akamai.steamstatic.com"
        if let capsule, let url = URL(string: capsule), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host?.lowercased(),
            host.hasSuffix(".steamstatic.com") || host == URL(string: storeHost)?.host?.lowercased()
                || host == frontHost
        {
            origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        }
        return "\(origin)/store_item_assets/steam/apps/\(appID)/header.jpg"
    }

    /// 2024+: a `discount_block` at 100 % whose final price is 0; 2021: a `search_discount` reading `-100%`.
    private static func isFullDiscount(row: ArraySlice<StoreHTML.Tag>, html: String, until end: String.Index) -> Bool {
        if let block = row.first(where: { $0.classes.contains("discount_block") }) {
            return block.attributes["data-discount"] == "100" && block.attributes["data-price-final"] == "0"
        }
        if let discount = row.first(where: { $0.classes.contains("search_discount") }) {
            return StoreHTML.text(in: html, from: discount.end, until: "div") == "-100%"
        }
        return false
    }

    /// The end of an app's free window, from its page's "Free to keep when you get it before 4 Dec @ 6:00pm."
    /// (`4 Dec, 2027 @ …` when the year differs from now's). The page names no zone: it is read as UTC, as peers
    /// read it. `nil` when the page says no such thing (not, or no longer, free).
    public func freeUntil(appPage html: String, now: Date) -> Date? {
        guard let marker = html.range(of: "game_purchase_discount_quantity") else { return nil }
        let text = StoreHTML.plainText(html[marker.upperBound...].prefix(600))
        guard let before = text.range(of: "before ") else { return nil }
        return Self.parseEnd(String(text[before.upperBound...]), now: now)
    }

    /// `4 Dec @ 6:00pm`, `4 Dec, 2027 @ 6:00pm`, `Dec 4 @ 6:00pm`: a time in UTC; without a year, the first such
    /// moment after a day before `now`.
    static func parseEnd(_ text: String, now: Date) -> Date? {
        let words = text.replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        guard let at = words.firstIndex(of: "@"), at + 1 < words.count else { return nil }
        let dateWords = words[..<at]
        var day: Int?
        var month: Int?
        var year: Int?
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        for word in dateWords {
            if let number = Int(word) {
                if number > 31 { year = number } else { day = number }
            } else if let index = months.firstIndex(of: String(word.lowercased().prefix(3))) {
                month = index + 1
            }
        }
        var clock = words[at + 1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        var isPM = false
        if clock.hasSuffix("pm") || clock.hasSuffix("am") {
            isPM = clock.hasSuffix("pm")
            clock.removeLast(2)
        } else if at + 2 < words.count, ["am", "pm", "am.", "pm."].contains(words[at + 2].lowercased()) {
            isPM = words[at + 2].lowercased().hasPrefix("pm")
        }
        let parts = clock.split(separator: ":").map { Int($0) }
        guard let day, let month, (1...2).contains(parts.count), let hour12 = parts[0], (1...12).contains(hour12)
        else { return nil }
        let minute = parts.count == 2 ? parts[1] ?? -1 : 0
        guard (0...59).contains(minute) else { return nil }
        let hour = hour12 % 12 + (isPM ? 12 : 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let thisYear = calendar.component(.year, from: now)
        for candidate in year.map({ [$0] }) ?? [thisYear, thisYear + 1] {
            guard
                let date = calendar.date(
                    from: DateComponents(year: candidate, month: month, day: day, hour: hour, minute: minute)),
                calendar.component(.day, from: date) == day
            else { continue }
            if year != nil || date > now.addingTimeInterval(-86_400) { return date }
        }
        return nil
    }
}

// MARK: - The feed

extension StoreFeed {
    /// Steam's app pages asked for at most in one sync (each only once, for a new offer).
    static let steamAppPagesPerSync = 10

    /// One request for the free specials, decoded here; then the ends of the offers not seen before, from their app
    /// pages (at most `steamAppPagesPerSync`, one at a time).
    static let steam = StoreFeed(.steam) { client, now, known in
        let body = try await client.get(
            "search/results/",
            ["maxprice": "free", "specials": "1", "infinite": "1", "start": "0", "count": "50", "cc": client.country],
            now: now)
        let decoder = SteamSearchDecoder(storeHost: FirstHandStore.steam.claimOrigin, frontHost: client.baseURL.host)
        return await withEnds(try decoder.decode(body).offers, known: known, client: client, now: now)
    }

    /// Steam's offers with their ends: kept from the last sync, or read from the app page of an offer not seen
    /// before (a page that fails or says no end leaves it unknown).
    private static func withEnds(
        _ offers: [StoreOffer], known: [OfferRecord], client: StoreClient, now: Date
    ) async -> [StoreOffer] {
        var kept: [String: Date] = [:]
        for stored in known where stored.leftAt == nil {
            if let end = stored.offer.endsAt { kept[stored.offer.storeID] = end }
        }
        let knownIDs = Set(known.filter { $0.leftAt == nil }.map(\.offer.storeID))
        var asked = 0
        var result: [StoreOffer] = []
        for var offer in offers {
            if let end = kept[offer.storeID] {
                offer.endsAt = end
            } else if !knownIDs.contains(offer.storeID), asked < steamAppPagesPerSync,
                offer.storeID.allSatisfy(\.isNumber)
            {
                asked += 1
                if let page = try? await client.get("app/\(offer.storeID)/", [:], now: now, cookies: true) {
                    offer.endsAt = SteamSearchDecoder().freeUntil(
                        appPage: String(decoding: page, as: UTF8.self), now: now)
                }
            }
            result.append(offer)
        }
        return result
    }
}
