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

    package static let en = FirstHandText(
        comingSoon: "Coming soon",
        comingSoonIntro:
            "Announced by the stores themselves: free from the time shown. Save one to hear when it starts.",
        freeFrom: { "Free from \($0)" }, upcoming: "Coming soon", subscription: "Subscription",
        seenOn: "Seen on", freeBefore: "Free before", freeAgain: "Free again",
        claimedOn: { "You claimed this on \($0) in \($1)" }, sourceName: Self.name)

    package static let de = FirstHandText(
        comingSoon: "Demnächst",
        comingSoonIntro:
            "Von den Shops selbst angekündigt: gratis ab dem genannten Zeitpunkt. Merk dir eins, um zu hören, "
            + "wann es losgeht.",
        freeFrom: { "Gratis ab \($0)" }, upcoming: "Demnächst", subscription: "Abo",
        seenOn: "Gesehen bei", freeBefore: "Schon gratis", freeAgain: "Wieder gratis",
        claimedOn: { "Du hast das bei \($0) eingelöst (\($1))" }, sourceName: Self.name)

    /// `epic` → "Epic Games Store"; GamerPower as it writes itself.
    static func name(_ source: String) -> String {
        switch source {
        case "gamerpower": "GamerPower"
        case "epic": "Epic Games Store"
        case "epic-mobile": "Epic Games mobile"
        case "steam": "Steam"
        case "gog": "GOG"
        default: source
        }
    }
}

extension Strings {
    /// The first-hand stores' texts in this language.
    package var firstHand: FirstHandText { language == .de ? .de : .en }
}
