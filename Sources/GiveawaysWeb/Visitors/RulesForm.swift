import Foundation
import GiveawaysDomain
import GiveawaysViews

/// Reads the Settings form into rules; anything out of range is a `BadRequest` that says what is wrong, and
/// nothing is saved.
enum RulesForm {
    static func rules(from form: FormBody, knownSlugs: Set<String>) throws(BadRequest) -> GiveawayRules {
        var rules = GiveawayRules()
        for slug in form.values("store") {
            guard knownSlugs.contains(slug) else {
                throw BadRequest { [slug = String(slug.prefix(40))] in $0.errors.unknownStore(slug) }
            }
            rules.platforms.insert(slug)
        }
        for value in form.values("type") {
            guard let type = TypeFilter(rawValue: value) else {
                throw BadRequest { [value = String(value.prefix(40))] in $0.errors.badType(value) }
            }
            rules.types.insert(type)
        }
        let worth = Self.decimalPoint((form["min_worth"] ?? "").trimmingCharacters(in: .whitespaces))
        if !worth.isEmpty {
            guard let value = Worth(upstreamText: worth), value.cents <= 100_000_00 else {
                throw BadRequest { $0.errors.badMinimumWorth(String(worth.prefix(40))) }
            }
            rules.minimumWorth = value.cents == 0 ? nil : value
        }
        rules.noLoot = form["no_loot"] == "1"
        rules.hideKeySites = form["hide_key_sites"] == "1"
        rules.hideClaimed = form["hide_claimed"] == "1"
        rules.hideNotInterested = form["hide_not_interested"] == "1"
        rules.hideSubscriptions = form["hide_subscriptions"] == "1"
        rules.hideClaimedAnywhere = form["hide_claimed_anywhere"] == "1"
        rules.hideOwned = form["hide_owned"] == "1"
        rules.blockedKeywords = GiveawayRules.keywords(from: form["keywords"] ?? "")
        try validate(rules.blockedKeywords)
        return rules
    }

    /// "5,99" (a German decimal comma: one or two digits after the only comma, no point) becomes "5.99"; "1,299"
    /// stays the thousands it is.
    static func decimalPoint(_ text: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !text.contains("."), (1...2).contains(parts[1].count),
            parts[1].allSatisfy(\.isNumber)
        else { return text }
        return "\(parts[0]).\(parts[1])"
    }

    /// Keyword limits, shared by the form and imports.
    static func validate(_ keywords: [String]) throws(BadRequest) {
        guard keywords.count <= GiveawayRules.maximumKeywords else {
            throw BadRequest { $0.errors.tooManyKeywords(GiveawayRules.maximumKeywords) }
        }
        if let long = keywords.first(where: { $0.count > GiveawayRules.maximumKeywordLength }) {
            throw BadRequest {
                $0.errors.keywordTooLong(GiveawayRules.maximumKeywordLength, String(long.prefix(40)))
            }
        }
    }
}
