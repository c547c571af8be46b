import GiveawaysLocalization

extension Language {
    /// The query parameter that overrides everything else, and is remembered in the cookie of the same name.
    package static let parameter = "lang"
}
