import GiveawaysDomain
import GiveawaysHTML

/// The texts of the stores read first-hand: the "Coming soon" row, an announced giveaway's start, where a giveaway
/// was seen, each game's history across stores, the subscription label.
package struct FirstHandText: Sendable {
    package let comingSoon: String
    /// Under the "Coming soon" heading.
    package let comingSoonIntro: String
    /// (the start, as a `<time>`) → "Free from …".
    package let freeFrom: @Sendable (HTML) -> HTML
    /// The badge on an announced giveaway.
    package let upcoming: String
    /// The badge on a giveaway that needs a paid subscription.
    package let subscription: String
    /// Details: the sources that listed it.
    package let seenOn: String
    /// Details: the game's other giveaways.
    package let freeBefore: String
    package let freeAgain: String
    /// (store, month and year) → "You claimed this on Epic Games Store in Dec 2024".
    package let claimedOn: @Sendable (String, String) -> String
    /// A source's name as people read it.
    package let sourceName: @Sendable (String) -> String
    /// The rules: hide subscription giveaways, hide games claimed anywhere, and how a rules line says them.
    package let hideSubscriptions: String
    package let hideSubscriptionsHint: String
    package let hideClaimedAnywhere: String
    package let hideClaimedAnywhereHint: String
    package let noSubscriptions: String
    package let claimedAnywhereHidden: String

    package static let en = FirstHandText(
        comingSoon: "Coming soon",
        comingSoonIntro:
            "Announced by the stores themselves: free from the time shown. Save one to hear when it starts.",
        freeFrom: { "Free from \($0)" }, upcoming: "Coming soon", subscription: "Subscription",
        seenOn: "Seen on", freeBefore: "Free before", freeAgain: "Free again",
        claimedOn: { "You claimed this on \($0) in \($1)" }, sourceName: Self.name,
        hideSubscriptions: "Hide giveaways that need a paid subscription",
        hideSubscriptionsHint: "Prime Gaming, Game Pass, Humble Choice and the like, as the source says.",
        hideClaimedAnywhere: "Hide games I already claimed anywhere",
        hideClaimedAnywhereHint:
            "A game you marked claimed on one store (or in an earlier year) is hidden on the others.",
        noSubscriptions: "no subscriptions", claimedAnywhereHidden: "games claimed anywhere hidden")

    package static let de = FirstHandText(
        comingSoon: "Demnächst",
        comingSoonIntro:
            "Von den Shops selbst angekündigt: gratis ab dem genannten Zeitpunkt. Merk dir eins, um zu hören, "
            + "wann es losgeht.",
        freeFrom: { "Gratis ab \($0)" }, upcoming: "Demnächst", subscription: "Abo",
        seenOn: "Gesehen bei", freeBefore: "Schon gratis", freeAgain: "Wieder gratis",
        claimedOn: { "Du hast das bei \($0) eingelöst (\($1))" }, sourceName: Self.name,
        hideSubscriptions: "Giveaways ausblenden, die ein bezahltes Abo verlangen",
        hideSubscriptionsHint: "Prime Gaming, Game Pass, Humble Choice und ähnliche, wie die Quelle es sagt.",
        hideClaimedAnywhere: "Spiele ausblenden, die ich schon irgendwo eingelöst habe",
        hideClaimedAnywhereHint:
            "Ein Spiel, das du in einem Shop (oder in einem früheren Jahr) eingelöst hast, wird in den anderen ausgeblendet.",
        noSubscriptions: "keine Abos", claimedAnywhereHidden: "irgendwo eingelöste Spiele ausgeblendet")

    /// `epic` → "Epic Games Store" (the store's `displayName`); GamerPower as it writes itself; any other as given.
    static func name(_ source: String) -> String {
        if source == SourceID.gamerpower.rawValue { return SourceID.gamerpower.displayName }
        return FirstHandStore(rawValue: source)?.displayName ?? source
    }
}

extension Strings {
    /// The first-hand stores' texts in this language.
    package var firstHand: FirstHandText { language == .de ? .de : .en }
}
