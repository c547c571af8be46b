import Foundation
import GiveawaysDomain

/// Turns an answer of Epic's mobile store front (`/api/v2/public/discover/home?platform=android|ios`) into the
/// games it gives away on that platform.
///
/// The answer is a list of sections; the one of type `freeGame` holds offers whose `content.purchase` list has a
/// `Claim` entry with a `-100%` discount and an end (`discountEndDate`). A `Purchase` entry is the normal price, and
/// `price.decimalPrice` is a decimal amount, not cents. Offers stay listed after they end, so the end is compared
/// with now. Slugs and ids differ between Android and iOS: each platform's answer is read on its own.
public struct EpicMobileDecoder: Sendable {
    public enum MobilePlatform: String, Sendable, CaseIterable {
        case android
        case ios

        var platform: Platform {
            switch self {
            case .android: Platform(displayName: "Android")
            case .ios: Platform(displayName: "iOS")
            }
        }
    }

    public struct Offers: Sendable {
        public var offers: [StoreOffer]
        public var skipped: [String]
    }

    let platform: MobilePlatform
    let storeHost: String
    let locale: String

    public init(platform: MobilePlatform, storeHost: String = "https://store.epicgames.com", locale: String = "en-US") {
        self.platform = platform
        self.storeHost = storeHost
        self.locale = locale
    }

    /// The free offers of `body` that have not ended at `now`. Throws when the body is no such answer (no `data`
    /// list), so the last good offers stay; an answer without a `freeGame` section is an empty list.
    public func decode(_ body: Data, now: Date) throws(StoreAnswerError) -> Offers {
        guard let root = try? JSONSerialization.jsonObject(with: StoreText.utf8(body)) as? [String: Any] else {
            throw .malformed("not a JSON object")
        }
        guard let sections = root["data"] as? [Any] else { throw .malformed("no data list") }
        var result = Offers(offers: [], skipped: [])
        var seen = Set<String>()
        for section in sections {
            guard let section = section as? [String: Any], (section["type"] as? String) == "freeGame" else { continue }
            for (index, offer) in (section["offers"] as? [Any] ?? []).enumerated() {
                guard let offer = offer as? [String: Any], let content = offer["content"] as? [String: Any] else {
                    result.skipped.append("free game \(index) is not an offer")
                    continue
                }
                guard let decoded = self.offer(offer, content: content, now: now) else { continue }
                guard !decoded.title.isEmpty else {
                    result.skipped.append("free game \(index) has no title")
                    continue
                }
                if seen.insert(decoded.storeID).inserted { result.offers.append(decoded) }
            }
        }
        return result
    }

    /// One offer, when its `Claim` purchase is 100 % off and not over at `now`.
    private func offer(_ offer: [String: Any], content: [String: Any], now: Date) -> StoreOffer? {
        let purchases = (content["purchase"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        guard
            let claim = purchases.first(where: { ($0["purchaseType"] as? String) == "Claim" }),
            let discount = claim["discount"] as? [String: Any],
            (discount["discountAmountDisplay"] as? String)?.trimmingCharacters(in: .whitespaces) == "-100%"
        else { return nil }
        let end = StoreText.isoDate(discount["discountEndDate"])
        if let end, end <= now { return nil }
        let start = StoreText.isoDate(claim["purchaseStateEffectiveDate"])
        let title = (content["title"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let slug = EpicPromotionsDecoder.cleanSlug((content["mapping"] as? [String: Any])?["slug"])
        let id = (offer["offerId"] as? String) ?? slug ?? title.lowercased()
        let media = content["media"] as? [String: Any] ?? [:]
        let image = ["card16x9", "card3x4", "coverImage", "appIcon"].lazy.compactMap { key -> String? in
            guard let url = (media[key] as? [String: Any])?["imageSrc"] as? String, StoreText.isWebURL(url) else {
                return nil
            }
            return url
        }.first
        return StoreOffer(
            store: .epicMobile, storeID: "\(platform.rawValue):\(id)", title: title,
            claimURL: slug.map { "\(storeHost)/\(locale)/p/\($0)" }, imageURL: image, startsAt: start, endsAt: end,
            platforms: [platform.platform], worth: Self.worth(discount["originalPriceDisplay"]))
    }

    /// "$4.99" → a worth; other currencies and texts → none.
    private static func worth(_ value: Any?) -> Worth? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces), text.hasPrefix("$") else {
            return nil
        }
        return Worth(upstreamText: text).flatMap { $0.cents > 0 ? $0 : nil }
    }
}

// MARK: - The feed

extension StoreFeed {
    /// One request per mobile platform for the discover page, each decoded here.
    static let epicMobile = StoreFeed(.epicMobile) { client, now, _ in
        var offers: [StoreOffer] = []
        for platform in EpicMobileDecoder.MobilePlatform.allCases {
            let body = try await client.get(
                "api/v2/public/discover/home",
                [
                    "count": "10", "country": client.country, "locale": "en", "platform": platform.rawValue,
                    "start": "0", "store": "EGS",
                ], now: now)
            let decoder = EpicMobileDecoder(platform: platform, storeHost: FirstHandStore.epicMobile.claimOrigin)
            offers += try decoder.decode(body, now: now).offers
        }
        return offers
    }
}
