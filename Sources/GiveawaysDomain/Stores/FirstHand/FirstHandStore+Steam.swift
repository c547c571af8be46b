extension FirstHandStore {
    /// Steam's free-to-keep specials, from its store search (and an app page for each one's end).
    public static let steam = FirstHandStore(
        "steam", displayName: "Steam", shortName: "Steam", platformSlugs: ["steam"],
        claimOrigin: "https://store.steampowered.com",
        imageOrigins: [
            "https://shared.akamai.steamstatic.com", "https://shared.fastly.steamstatic.com",
            "https://shared.cloudflare.steamstatic.com", "https://cdn.cloudflare.steamstatic.com",
        ],
        defaultURL: "https://store.steampowered.com", urlHelp: "Steam's store base URL")
}
