extension FirstHandStore {
    /// The Epic Games Store's weekly free games, from its promotions API.
    public static let epic = FirstHandStore(
        "epic", displayName: "Epic Games Store", shortName: "Epic", platformSlugs: ["epic-games-store"],
        claimOrigin: "https://store.epicgames.com",
        imageOrigins: ["https://cdn1.epicgames.com", "https://cdn2.unrealengine.com"],
        defaultURL: "https://store-site-backend-static-ipv4.ak.epicgames.com", urlHelp: "Epic's promotions base URL")
}
