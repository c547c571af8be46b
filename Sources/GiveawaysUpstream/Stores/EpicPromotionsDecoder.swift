import Foundation
import GiveawaysDomain

/// Turns an answer of Epic's `freeGamesPromotions` into the offers that are free now or in a coming window.
///
/// The endpoint is the store front's own, undocumented, and has changed shape over the years, so every field is read
/// as optional and an element that cannot be read is skipped with a reason, never failing the rest:
/// - `discountPercentage` is the share one **pays**: a window is free only at 0;
/// - a group may hold several windows out of date order (a sale before the free week): each is tested;
/// - a price of 0/0 alone is no giveaway (free-to-play games, always-free add-ons without a promotion);
/// - an `errors` array may stand beside `data` (a mapping that failed): the elements are read anyway;
/// - "mystery" entries hide their title, page and ids until they start;
/// - the page slug comes from the offer's own mapping, then the product's, then `productSlug` (without a `/home`,
///   never the `"[]"` a mystery entry carries); `urlSlug` is no page slug and is never used;
/// - saved answers may be UTF-16 with a byte-order mark.
public struct EpicPromotionsDecoder: Sendable {
    /// What one answer held.
    public struct Offers: Sendable {
        public var offers: [StoreOffer]
        /// Elements left out, with why (a promotion that could not be read, a window without dates…).
        public var skipped: [String]
    }

    /// The store's pages, with the language part of their path (`/en-US/p/…`).
    let storeHost: String
    let locale: String

    public init(storeHost: String = "https://store.epicgames.com", locale: String = "en-US") {
        self.storeHost = storeHost
        self.locale = locale
    }

    /// The free offers of `body`: every window at 0 % to pay that has not ended at `now`. Throws when the body is no
    /// such answer at all (no `data.Catalog.searchStore.elements`), so that a broken answer keeps the last good data.
    public func decode(_ body: Data, now: Date) throws(StoreAnswerError) -> Offers {
        guard let root = try? JSONSerialization.jsonObject(with: StoreText.utf8(body)) as? [String: Any] else {
            throw .malformed("not a JSON object")
        }
        guard let data = root["data"] as? [String: Any], let catalog = data["Catalog"] as? [String: Any],
            let search = catalog["searchStore"] as? [String: Any], let elements = search["elements"] as? [Any]
        else {
            let message = (root["errors"] as? [Any])?.compactMap { ($0 as? [String: Any])?["message"] as? String }
                .first
            throw .malformed(
                message.map { "no elements; the store says: \($0)" } ?? "no data.Catalog.searchStore.elements")
        }
        var result = Offers(offers: [], skipped: [])
        for (index, element) in elements.enumerated() {
            guard let element = element as? [String: Any] else {
                result.skipped.append("element \(index) is not an object")
                continue
            }
            result.offers += offers(of: element, now: now)
        }
        return result
    }

    /// The free windows of one element that have not ended, each as an offer.
    private func offers(of element: [String: Any], now: Date) -> [StoreOffer] {
        guard let promotions = element["promotions"] as? [String: Any] else { return [] }
        var windows: [(start: Date?, end: Date?)] = []
        for list in ["promotionalOffers", "upcomingPromotionalOffers"] {
            for group in promotions[list] as? [Any] ?? [] {
                for window in (group as? [String: Any])?["promotionalOffers"] as? [Any] ?? [] {
                    guard let window = window as? [String: Any],
                        let setting = window["discountSetting"] as? [String: Any],
                        Self.number(setting["discountPercentage"]) == 0
                    else { continue }
                    let start = StoreText.isoDate(window["startDate"])
                    let end = StoreText.isoDate(window["endDate"])
                    guard start != nil || end != nil else { continue }
                    if let end, end <= now { continue }
                    windows.append((start, end))
                }
            }
        }
        guard !windows.isEmpty else { return [] }
        // One window per start: a window listed in both lists is one giveaway.
        var seen = Set<Date?>()
        windows = windows.filter { seen.insert($0.start).inserted }.sorted {
            ($0.start ?? .distantPast) < ($1.start ?? .distantPast)
        }

        let title = (element["title"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let offerType = element["offerType"] as? String
        let isMystery = Self.isMystery(title: title, element: element)
        let type: GiveawayType =
            switch offerType {
            case "DLC", "ADD_ON", "EDITION": .dlc
            default: .game
            }
        let slug = isMystery ? nil : pageSlug(element, isAddOn: type == .dlc)
        let namespace = element["namespace"] as? String ?? ""
        let id = element["id"] as? String ?? ""
        let storeID = isMystery ? "mystery:" + (slug ?? title.lowercased()) : "\(namespace):\(id)"
        let worth: Worth? = {
            guard let total = (element["price"] as? [String: Any])?["totalPrice"] as? [String: Any],
                (total["currencyCode"] as? String) == "USD", let cents = Self.number(total["originalPrice"]),
                cents > 0
            else { return nil }
            return Worth(cents: cents)
        }()
        return windows.map { window in
            StoreOffer(
                store: .epic, storeID: storeID, title: isMystery ? "Mystery game" : title, type: type,
                claimURL: slug.map { "\(storeHost)/\(locale)/p/\($0)" }, imageURL: Self.image(element),
                startsAt: window.start, endsAt: window.end, isMystery: isMystery,
                platforms: [Platform(displayName: "PC"), Platform(displayName: "Epic Games Store")], worth: worth)
        }
    }

    /// Mystery (vault) entries: "Mystery Game…" titles, or a `VaultClosed` image and no page.
    private static func isMystery(title: String, element: [String: Any]) -> Bool {
        if title.lowercased().hasPrefix("mystery game") { return true }
        let images = (element["keyImages"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["type"] as? String }
        return images == ["VaultClosed"]
    }

    /// The store page's slug: an add-on's own offer mapping first (its product mapping points at the parent game),
    /// then the product's home mapping, then `productSlug`, then any offer mapping.
    private func pageSlug(_ element: [String: Any], isAddOn: Bool) -> String? {
        func mappings(_ list: Any?) -> [(slug: String, type: String?)] {
            (list as? [Any] ?? []).compactMap { mapping in
                guard let mapping = mapping as? [String: Any], let slug = Self.cleanSlug(mapping["pageSlug"]) else {
                    return nil
                }
                return (slug, mapping["pageType"] as? String)
            }
        }
        let offer = mappings(element["offerMappings"])
        let product = mappings((element["catalogNs"] as? [String: Any])?["mappings"])
        if isAddOn, let own = offer.first { return own.slug }
        if let home = product.first(where: { $0.type == "productHome" }) { return home.slug }
        if let slug = Self.cleanSlug(element["productSlug"]) { return slug }
        return offer.first?.slug ?? product.first?.slug
    }

    /// A slug as a page path: `/home` dropped, `"[]"` and anything but letters, digits and `-_./` refused.
    static func cleanSlug(_ value: Any?) -> String? {
        guard var slug = (value as? String)?.trimmingCharacters(in: .whitespaces), !slug.isEmpty else { return nil }
        if slug.hasSuffix("/home") { slug.removeLast(5) }
        while slug.hasSuffix("/") { slug.removeLast() }
        guard !slug.isEmpty, slug.count <= 200,
            slug.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0))
            }),
            !slug.hasPrefix("/"), !slug.contains("..")
        else { return nil }
        return slug
    }

    /// The wide image, then the tall one, then the first that is http(s) (video entries are not).
    private static func image(_ element: [String: Any]) -> String? {
        let images: [(type: String, url: String)] = (element["keyImages"] as? [Any] ?? []).compactMap { image in
            guard let image = image as? [String: Any], let url = image["url"] as? String, StoreText.isWebURL(url)
            else { return nil }
            return (image["type"] as? String ?? "", url)
        }
        for wanted in ["OfferImageWide", "OfferImageTall", "DieselStoreFrontWide", "Thumbnail"] {
            if let found = images.first(where: { $0.type == wanted }) { return found.url }
        }
        return images.first(where: { $0.type != "VaultClosed" })?.url ?? images.first?.url
    }

    /// An integer written as a JSON number (or a numeric string).
    static func number(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite && abs(double) < 1e15 ? Int(double) : nil
        case let text as String: return Int(text)
        default: return nil
        }
    }
}

// MARK: - The feed

extension StoreFeed {
    /// One request for the country's promotions, decoded here.
    static let epic = StoreFeed(.epic) { client, now, _ in
        let body = try await client.get(
            "freeGamesPromotions",
            ["locale": "en-US", "country": client.country, "allowCountries": client.country], now: now)
        return try EpicPromotionsDecoder(storeHost: FirstHandStore.epic.claimOrigin).decode(body, now: now).offers
    }
}
