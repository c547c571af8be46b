extension FirstHandStore {
    /// GOG's giveaway, from the banner on its front page.
    public static let gog = FirstHandStore(
        "gog", displayName: "GOG", shortName: "GOG", platformSlugs: ["gog"], claimOrigin: "https://www.gog.com",
        imageOrigins: ["https://images.gog-statics.com"], defaultURL: "https://www.gog.com", urlHelp: "GOG's base URL")
}
