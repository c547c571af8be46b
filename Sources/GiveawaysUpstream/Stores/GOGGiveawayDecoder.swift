import Foundation
import GiveawaysDomain

/// Reads the giveaway off GOG's home page: its title, image, game page and end.
///
/// Two markups are known. 2025's `<giveaway>` (`#giveaway`) has a link `a.giveaway__overlay-link` and no absolute
/// end, only a countdown "HH : MM : SS left" in hours (more than 24 at times): the end is the fetch time plus the
/// countdown, rounded to the minute so that polls a few seconds apart agree. 2023's `a.giveaway-banner` carries its
/// end in epoch milliseconds (`gog-countdown-timer[end-date]`). Everything is read inside the giveaway's own element
/// (up to its matching end tag), never after it: the next section's product tiles follow within a few KB, with
/// `…title` classes and images of other games. A page without any giveaway markup has no giveaway; a page with
/// giveaway markup this cannot read fails, so a change of shape shows on `/status`.
public struct GOGGiveawayDecoder: Sendable {
    let storeHost: String

    public init(storeHost: String = "https://www.gog.com") {
        self.storeHost = storeHost
    }

    /// The giveaway on `html`, fetched at `now`; none when the page has none.
    public func decode(_ body: Data, now: Date) throws(StoreAnswerError) -> [StoreOffer] {
        let page = String(decoding: StoreText.utf8(body), as: UTF8.self)
        guard page.range(of: "<html", options: .caseInsensitive) != nil || page.contains("<body") else {
            throw .malformed("not an HTML page")
        }
        func isGiveaway(_ tag: StoreHTML.Tag) -> Bool {
            tag.name == "giveaway" || tag.attributes["id"] == "giveaway" || tag.classes.contains("giveaway-banner")
        }
        var html = Self.giveawayRegion(of: page)
        var tags = StoreHTML.tags(in: html)
        var found = tags.firstIndex(where: isGiveaway)
        // A marker outside a tag (in a style or a script) led to a region without the giveaway: the whole page, then.
        if found == nil, html.utf8.count != page.utf8.count {
            html = page
            tags = StoreHTML.tags(in: page)
            found = tags.firstIndex(where: isGiveaway)
        }
        guard var start = found else { return [] }
        var elementEnd = StoreHTML.endOfElement(tags[start], in: html)
        // A giveaway longer than the region read: its end is further on in the page.
        if elementEnd == nil, html.utf8.count != page.utf8.count {
            html = page
            tags = StoreHTML.tags(in: page)
            if let again = tags.firstIndex(where: isGiveaway) {
                start = again
                elementEnd = StoreHTML.endOfElement(tags[again], in: page)
            }
        }
        // Only the giveaway's own element is read: the next section's product tiles have titles and images too.
        guard let elementEnd else { throw .malformed("a giveaway element without its end tag") }
        let region = tags[start...].prefix { $0.end <= elementEnd }
        guard
            let link = region.first(where: {
                $0.name == "a"
                    && ($0.classes.contains("giveaway__overlay-link") || $0.classes.contains("giveaway-banner"))
            }) ?? region.first(where: { $0.name == "a" && ($0.attributes["href"] ?? "").contains("/game/") }),
            let page = absoluteURL(link.attributes["href"])
        else { throw .malformed("a giveaway without a link to its game") }
        let inside = html[tags[start].end..<elementEnd]
        guard let end = Self.end(region: region, text: inside, now: now) else {
            throw .malformed("a giveaway without an end or a countdown")
        }
        let title = Self.title(region: region, html: html, until: elementEnd, page: page)
        guard !title.isEmpty else { throw .malformed("a giveaway without a title") }
        let image = Self.picture(in: region, html: html).lazy.compactMap { tag -> String? in
            guard tag.name == "img" || tag.name == "source" else { return nil }
            return self.imageURL(tag.attributes["srcset"]) ?? self.imageURL(tag.attributes["src"])
        }.first
        let path = URL(string: page)?.path ?? page
        return [
            StoreOffer(
                store: .gog, storeID: path, title: title, claimURL: page, imageURL: image, startsAt: nil, endsAt: end,
                platforms: [Platform(displayName: "PC"), Platform(displayName: "GOG")])
        ]
    }

    /// The part of the page the giveaway can be in: from the tag that first names it (`<giveaway`, `id="giveaway"`,
    /// `giveaway-banner`) on, 64 KiB of it. The front page weighs megabytes and the giveaway a few KB of them, so
    /// the markup is not scanned whole (about 0.55 s for 5 MB, `giveaways-bench --stores-only`). A page that names
    /// none of them is scanned whole, as before.
    static func giveawayRegion(of html: String) -> String {
        var text = html
        // Byte searches, not Foundation's character-by-character `range(of:)`: a case-insensitive search of 5 MB
        // took most of the 0.4 s this was meant to save. The markers are lower case, as GOG writes them; a page that
        // writes them otherwise is scanned whole.
        let first: Int? = text.withUTF8 { bytes -> Int? in
            ["<giveaway", "id=\"giveaway\"", "id='giveaway'", "giveaway-banner"].compactMap {
                Self.firstOffset(of: Array($0.utf8), in: bytes)
            }.min()
        }
        guard let first else { return html }
        let start = html.utf8.index(html.utf8.startIndex, offsetBy: first)
        let from = html.utf8[..<start].lastIndex(of: UInt8(ascii: "<")) ?? html.startIndex
        let until = html.utf8.index(from, offsetBy: 65_536, limitedBy: html.endIndex) ?? html.endIndex
        return String(html[from..<until])
    }

    /// Where `needle` first starts in `bytes`: a plain scan for its first byte, then a comparison (the standard
    /// library's generic `firstRange(of:)` took 1.7 s over 5 MB).
    static func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let head = needle.first, needle.count <= bytes.count else { return nil }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == head {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// The end: an `end-date` in epoch milliseconds, else the countdown's hours, minutes and seconds after `now`.
    private static func end(region: ArraySlice<StoreHTML.Tag>, text inside: Substring, now: Date) -> Date? {
        for tag in region {
            for name in ["end-date", "giveaway-banner-id", "data-end-date"] {
                if let value = tag.attributes[name], let milliseconds = Double(value), milliseconds > 1e12,
                    milliseconds < 1e14
                {
                    return Date(timeIntervalSince1970: milliseconds / 1000)
                }
            }
        }
        let text = StoreHTML.plainText(inside.prefix(20_000))
        guard
            let left = text.range(
                of: #"([0-9]{1,4}) ?: ?([0-5][0-9]) ?: ?([0-5][0-9]) left"#, options: .regularExpression)
        else { return nil }
        let numbers = text[left].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        let seconds = TimeInterval(numbers[0] * 3600 + numbers[1] * 60 + numbers[2])
        return Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + seconds) / 60).rounded() * 60)
    }

    /// The title, read inside the giveaway's element alone (`region`, ending at `limit`): a title element of its own
    /// (`…title`, `…header-text`); else the image's `alt` without its " giveaway" (2025: "STASIS giveaway"); else the
    /// header's sentence ("Giveaway: Claim STASIS and don't miss the best GOG offers!"); else the game page's slug.
    private static func title(
        region: ArraySlice<StoreHTML.Tag>, html: String, until limit: String.Index, page: String
    ) -> String {
        for tag in region.dropFirst()
        where tag.classes.contains(where: { $0.hasSuffix("title") || $0.contains("header-text") }) {
            let text = StoreHTML.text(in: html, from: tag.end, until: tag.name, limit: limit)
            if !text.isEmpty, text.count <= 200 { return text }
        }
        let images = picture(in: region, html: html).filter { $0.name == "img" }
        for image in images {
            if let alt = image.attributes["alt"].map(Self.withoutGiveawayWord), !alt.isEmpty, alt.count <= 200 {
                return alt
            }
        }
        for tag in region.dropFirst() where tag.classes.contains(where: { $0.hasSuffix("content-header") }) {
            let sentence = StoreHTML.text(in: html, from: tag.end, until: tag.name, limit: limit)
            if let title = claimed(in: sentence) { return title }
        }
        guard let slug = URL(string: page)?.lastPathComponent, !slug.isEmpty else { return "" }
        return slug.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// An image's `alt` folded and without a last word "giveaway": "STASIS giveaway" → "STASIS"; "giveaway" → "".
    static func withoutGiveawayWord(_ alt: String) -> String {
        var words = alt.split(whereSeparator: \.isWhitespace)
        if let last = words.last, last.lowercased() == "giveaway" { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The game the header's sentence names: "Giveaway: Claim <title> and don't miss the best GOG offers!".
    static func claimed(in sentence: String) -> String? {
        guard
            let match = sentence.range(
                of: #"Claim\s+(.+)\s+and\s+don['’]?t\s+miss"#, options: [.regularExpression, .caseInsensitive])
        else { return nil }
        var text = sentence[match].dropFirst("Claim".count)
        guard let and = text.range(of: #"\s+and\s+don['’]?t\s+miss$"#, options: [.regularExpression, .caseInsensitive])
        else { return nil }
        text = text[..<and.lowerBound]
        let title = text.trimmingCharacters(in: .whitespaces)
        return title.isEmpty || title.count > 200 ? nil : title
    }

    /// The tags of the giveaway's `<picture>` (its `source`s and `img`), or every tag of the giveaway when it has
    /// none (2023's banner has a bare `img`).
    private static func picture(in region: ArraySlice<StoreHTML.Tag>, html: String) -> ArraySlice<StoreHTML.Tag> {
        guard let open = region.firstIndex(where: { $0.name == "picture" }),
            let close = StoreHTML.endOfElement(region[open], in: html)
        else { return region }
        return region[open...].prefix { $0.end <= close }
    }

    /// An https link on GOG's own host, from an absolute, scheme-relative or root-relative `href`.
    private func absoluteURL(_ href: String?) -> String? {
        guard var href = href?.trimmingCharacters(in: .whitespaces), !href.isEmpty else { return nil }
        if href.hasPrefix("//") { href = "https:" + href } else if href.hasPrefix("/") { href = storeHost + href }
        guard StoreText.isWebURL(href), let host = URL(string: href)?.host?.lowercased(),
            let storeHost = URL(string: storeHost)?.host?.lowercased(),
            host == storeHost || host.hasSuffix(".gog.com") || host == "gog.com"
        else { return nil }
        return href
    }

    /// The first URL of a `srcset` (or a `src`), made absolute: "//images.gog.com/x.jpg 2x" → "https://…/x.jpg".
    private func imageURL(_ value: String?) -> String? {
        guard let first = value?.split(separator: ",").first?.split(whereSeparator: \.isWhitespace).first else {
            return nil
        }
        let url = first.hasPrefix("//") ? "https:" + first : String(first)
        return StoreText.isWebURL(url) ? url : nil
    }
}

// MARK: - The feed

extension StoreFeed {
    /// One request for the front page, decoded here.
    static let gog = StoreFeed(.gog) { client, now, _ in
        try GOGGiveawayDecoder(storeHost: FirstHandStore.gog.claimOrigin).decode(
            try await client.get("en/", [:], now: now), now: now)
    }
}
