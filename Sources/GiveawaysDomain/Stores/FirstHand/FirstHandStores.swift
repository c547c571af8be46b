extension FirstHandStore {
    /// Every store read first-hand, in `/status`'s order: the one list the CLI's options, `sync --source`, `/status`,
    /// the image hosts, the read model, the game history and the API document's enums (`APIDocument`) follow. A new
    /// store is its file (`FirstHandStore+GOG.swift`), its `StoreFeed` beside its decoder, one line here and one in
    /// `StoreFeed.all` (a test holds the two lists equal), and its strings.
    public static let allCases: [FirstHandStore] = [
        .epic,
        .epicMobile,
        .steam,
        .gog,
    ]
}
