import Foundation

/// A visitor's own rules for which giveaways they want to see (Settings), applied the same way to Home, More,
/// the personal feeds and a profile's notifications. An empty set of rules lets everything through.
public struct GiveawayRules: Hashable, Sendable, Codable {
    /// Platform slugs ("my stores"); empty means every store.
    public var platforms: Set<String>
    /// Giveaway types; empty means every type.
    public var types: Set<TypeFilter>
    /// Giveaways worth less are left out; so are those without a listed worth, which cannot be judged.
    public var minimumWorth: Worth?
    /// Leaves out DLC and in-game loot (GamerPower's `loot` type), whatever `types` says.
    public var noLoot: Bool
    /// Words or phrases; a giveaway whose title contains one (case- and accent-insensitive) is left out.
    public var blockedKeywords: [String]
    /// Leaves out giveaways run on key sites that need an account or points there (see `KeySite`).
    public var hideKeySites: Bool
    /// Whether Home also hides what this visitor marked claimed or not interested.
    public var hideClaimed: Bool
    public var hideNotInterested: Bool
    /// Leaves out giveaways that need a paid subscription (Prime Gaming, Game Pass…: `Giveaway.needsSubscription`).
    public var hideSubscriptions: Bool
    /// Also hides a giveaway of a game the visitor claimed on another store or in another year (`GameHistory`).
    public var hideClaimedAnywhere: Bool
    /// Hides a giveaway of a game the visitor owns (their Steam library, their imported lists: `OwnedLibrary`).
    public var hideOwned: Bool

    public init(
        platforms: Set<String> = [], types: Set<TypeFilter> = [], minimumWorth: Worth? = nil, noLoot: Bool = false,
        blockedKeywords: [String] = [], hideKeySites: Bool = false, hideClaimed: Bool = false,
        hideNotInterested: Bool = false, hideSubscriptions: Bool = false, hideClaimedAnywhere: Bool = false,
        hideOwned: Bool = false
    ) {
        self.platforms = platforms
        self.types = types
        self.minimumWorth = minimumWorth
        self.noLoot = noLoot
        self.blockedKeywords = blockedKeywords
        self.hideKeySites = hideKeySites
        self.hideClaimed = hideClaimed
        self.hideNotInterested = hideNotInterested
        self.hideSubscriptions = hideSubscriptions
        self.hideClaimedAnywhere = hideClaimedAnywhere
        self.hideOwned = hideOwned
    }

    /// Rules stored by any release: a key it did not know yet reads as its default, so upgrading keeps a visitor's
    /// rules (a missing key would otherwise fail the whole decoding, and the rules would read as none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func flag(_ key: CodingKeys) throws -> Bool { try container.decodeIfPresent(Bool.self, forKey: key) ?? false }
        platforms = try container.decodeIfPresent(Set<String>.self, forKey: .platforms) ?? []
        types = try container.decodeIfPresent(Set<TypeFilter>.self, forKey: .types) ?? []
        minimumWorth = try container.decodeIfPresent(Worth.self, forKey: .minimumWorth)
        noLoot = try flag(.noLoot)
        blockedKeywords = try container.decodeIfPresent([String].self, forKey: .blockedKeywords) ?? []
        hideKeySites = try flag(.hideKeySites)
        hideClaimed = try flag(.hideClaimed)
        hideNotInterested = try flag(.hideNotInterested)
        hideSubscriptions = try flag(.hideSubscriptions)
        hideClaimedAnywhere = try flag(.hideClaimedAnywhere)
        hideOwned = try flag(.hideOwned)
    }

    /// No rules: nothing is filtered.
    public static let none = GiveawayRules()

    /// Whether these rules filter anything at all.
    public var isEmpty: Bool { self == .none }

    /// The most keywords a visitor can block, and the longest one; longer input is refused, not cut.
    public static let maximumKeywords = 50
    public static let maximumKeywordLength = 60

    /// Whether `giveaway` passes the rules about what it is (store, type, worth, loot, keywords, key sites).
    public func matches(_ giveaway: Giveaway) -> Bool {
        matches(giveaway, facts: nil)
    }

    /// The same, with the giveaway's text facts worked out once beforehand (the read model keeps them per
    /// giveaway: folding a long claim text for every rule check on every page view is what would cost).
    public func matches(_ giveaway: Giveaway, facts known: RuleFacts?) -> Bool {
        Matcher(self).matches(giveaway, facts: known)
    }

    /// Whether `giveaway` passes every rule, including hiding what the visitor marked claimed or not interested.
    public func admits(_ giveaway: Giveaway, marks: VisitorMarks, facts: RuleFacts? = nil) -> Bool {
        Matcher(self).admits(giveaway, marks: marks, facts: facts)
    }

    /// The rules made ready to check many giveaways: the keywords folded once, not once per giveaway.
    public struct Matcher: Sendable {
        public let rules: GiveawayRules
        /// `" word word "` per blocked keyword with any words, as `RuleFacts.titleKey` folds a title.
        private let keywordKeys: [String]
        /// The chosen stores as a list, when there are few: comparing a slug with a handful costs less than hashing
        /// it (`nil`: the set is used).
        private let fewPlatforms: [String]?

        public init(_ rules: GiveawayRules) {
            self.rules = rules
            fewPlatforms = rules.platforms.count <= 8 ? Array(rules.platforms) : nil
            keywordKeys = rules.blockedKeywords.compactMap { keyword in
                let words = SearchQuery.words(in: keyword)
                return words.isEmpty ? nil : " " + words.joined(separator: " ") + " "
            }
        }

        /// Whether `giveaway` passes the rules about what it is (store, type, worth, loot, keywords, key sites).
        public func matches(_ giveaway: Giveaway, facts known: RuleFacts?) -> Bool {
            let rules = rules
            if !rules.platforms.isEmpty {
                let chosen: Bool =
                    if let fewPlatforms {
                        giveaway.platforms.contains { platform in fewPlatforms.contains(platform.slug) }
                    } else {
                        giveaway.platforms.contains { rules.platforms.contains($0.slug) }
                    }
                guard chosen else { return false }
            }
            if !rules.types.isEmpty, !rules.types.contains(where: { $0.matches(giveaway.type) }) { return false }
            if rules.noLoot, giveaway.type == .dlc { return false }
            if let minimumWorth = rules.minimumWorth {
                guard let worth = giveaway.worth, worth >= minimumWorth else { return false }
            }
            if !keywordKeys.isEmpty {
                let title = known?.titleKey ?? RuleFacts.titleKey(giveaway.title)
                for key in keywordKeys where SearchQuery.contains(title, key) { return false }
            }
            if rules.hideKeySites, (known.map(\.keySite) ?? KeySite(detectedIn: giveaway)) != nil { return false }
            if rules.hideSubscriptions, giveaway.needsSubscription { return false }
            return true
        }

        /// Whether `giveaway` passes every rule, including hiding what the visitor marked claimed or not interested.
        public func admits(_ giveaway: Giveaway, marks: VisitorMarks, facts: RuleFacts? = nil) -> Bool {
            passesMarks(giveaway, marks) && matches(giveaway, facts: facts)
        }

        /// Whether `giveaway` passes the rules about the visitor's marks: hiding what they claimed or are not
        /// interested in.
        public func passesMarks(_ giveaway: Giveaway, _ marks: VisitorMarks) -> Bool {
            guard rules.hideClaimed || rules.hideNotInterested else { return true }
            let kinds = marks.kinds(onGiveaway: giveaway.id)
            if rules.hideClaimed, marks.has(.claimed, in: kinds) { return false }
            if rules.hideNotInterested, marks.has(.notInterested, in: kinds) { return false }
            return true
        }
    }

    /// The rules in a line people read — "Steam, GOG · worth at least $5.00 · no DLC or loot" — or
    /// "every giveaway". Settings, the notifications page and `giveaways hooks list` all say it this way.
    public var summary: String {
        var parts: [String] = []
        if !platforms.isEmpty {
            parts.append(platforms.sorted().map { Platform.known(slug: $0)?.displayName ?? $0 }.joined(separator: ", "))
        }
        if !types.isEmpty { parts.append(types.map(\.displayName).sorted().joined(separator: ", ")) }
        if let minimumWorth { parts.append("worth at least \(minimumWorth.formatted)") }
        if noLoot { parts.append("no DLC or loot") }
        if !blockedKeywords.isEmpty { parts.append("not: " + blockedKeywords.joined(separator: ", ")) }
        if hideKeySites { parts.append("no key sites") }
        if hideClaimed { parts.append("claimed hidden") }
        if hideNotInterested { parts.append("not interested hidden") }
        if hideSubscriptions { parts.append("no subscriptions") }
        if hideClaimedAnywhere { parts.append("games claimed anywhere hidden") }
        if hideOwned { parts.append("games owned hidden") }
        return parts.isEmpty ? "every giveaway" : parts.joined(separator: " · ")
    }

    /// Cleans a typed list of keywords: one per line or comma, trimmed, empty and repeated ones dropped.
    public static func keywords(from text: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for part in text.split(whereSeparator: { $0 == "," || $0.isNewline }) {
            let keyword = part.trimmingCharacters(in: .whitespaces)
            let key = SearchQuery.words(in: keyword).joined(separator: " ")
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            result.append(keyword)
        }
        return result
    }
}

/// What the rules need to know of a giveaway's text, worked out once: its title as folded words, and the key site
/// its title or claim steps name.
public struct RuleFacts: Hashable, Sendable {
    /// `" word word "`: the folded title words between single spaces, for whole-word keyword matches.
    public let titleKey: String
    public let keySite: KeySite?

    public init(_ giveaway: Giveaway) {
        titleKey = Self.titleKey(giveaway.title)
        keySite = KeySite(detectedIn: giveaway)
    }

    static func titleKey(_ title: String) -> String {
        " " + SearchQuery.words(in: title).joined(separator: " ") + " "
    }
}

/// A key site: a giveaway run there needs an account on that site (and often points, quests or a social
/// follow) before the key shows. Detected from the title and the claim instructions, since GamerPower's claim
/// link is its own redirect.
public enum KeySite: String, Hashable, Sendable, CaseIterable, Codable {
    case alienwareArena = "alienware-arena"
    case indieGala = "indiegala"
    case steelSeries = "steelseries"
    case gleam
    case mmobomb
    case keyhub
    case giveawaySu = "giveaway-su"

    /// The name people know it by.
    public var displayName: String {
        switch self {
        case .alienwareArena: "Alienware Arena"
        case .indieGala: "IndieGala"
        case .steelSeries: "SteelSeries GG"
        case .gleam: "Gleam"
        case .mmobomb: "MMOBomb"
        case .keyhub: "KeyHub"
        case .giveawaySu: "Giveaway.su"
        }
    }

    /// Folded word sequences that name the site in free text.
    private var phrases: [String] {
        switch self {
        case .alienwareArena: ["alienware arena", "alienwarearena", "alienware"]
        case .indieGala: ["indiegala", "indie gala"]
        case .steelSeries: ["steelseries", "steel series"]
        case .gleam: ["gleam io", "gleam"]
        case .mmobomb: ["mmobomb"]
        case .keyhub: ["keyhub"]
        case .giveawaySu: ["giveaway su"]
        }
    }

    /// The key site a giveaway is run on, if its title or instructions name one.
    public init?(detectedIn giveaway: Giveaway) {
        let text =
            " " + SearchQuery.words(in: giveaway.title + " " + giveaway.instructions).joined(separator: " ") + " "
        guard let site = Self.allCases.first(where: { site in site.phrases.contains { text.contains(" \($0) ") } })
        else { return nil }
        self = site
    }
}

/// When a live giveaway counts as "ending soon": it ends within this many seconds (24 hours). The one
/// definition: Home's "Ending within 24 h" chip and its count, the highlighted time on cards and Details, the
/// API's `ending=24h` and the `ending` webhook event all use it.
public enum EndingSoon {
    public static let window: TimeInterval = 24 * 3600

    /// Whether `giveaway` is live and ends within the window from `now`.
    public static func contains(_ giveaway: Giveaway, at now: Date) -> Bool {
        // An announced giveaway with a short window is coming, not ending.
        !giveaway.isUpcoming(at: now) && contains(endingAt: giveaway.endsAt, at: now)
    }

    /// Whether an end date lies within the window from `now` (and has not passed).
    public static func contains(endingAt end: Date?, at now: Date) -> Bool {
        guard let end else { return false }
        return end > now && end.timeIntervalSince(now) <= window
    }

    /// Whether `giveaway` is ending soon for a visitor with `marks`: what they already claimed is never "ending
    /// soon" news for them (the chip, its count and their `ending` events leave it out).
    public static func contains(_ giveaway: Giveaway, at now: Date, for marks: VisitorMarks) -> Bool {
        contains(giveaway, at: now) && !marks.has(.claimed, on: .giveaway(giveaway.id))
    }
}
