extension FirstHandStore {
    /// The Epic Games Store's free mobile games (Android and iOS), from its platform service.
    public static let epicMobile = FirstHandStore(
        "epic-mobile", displayName: "Epic Games mobile", shortName: "Epic mobile", platformSlugs: ["android", "ios"],
        isMobile: true, claimOrigin: "https://store.epicgames.com",
        imageOrigins: ["https://cdn1.epicgames.com", "https://cdn2.unrealengine.com"],
        defaultURL: "https://egs-platform-service.store.epicgames.com", urlHelp: "Epic mobile's base URL")
}
