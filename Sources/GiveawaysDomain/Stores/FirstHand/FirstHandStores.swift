extension FirstHandStore {
    /// Every store read first-hand, in `/status`'s order: the one list the CLI's options, `sync --source`, `/status`,
    /// the image hosts, the read model, the game history and the API document's enums follow. A new store is its
    /// file (`FirstHandStore+GOG.swift`), its `StoreFeed` beside its decoder, and one line here and in `StoreFeed.all`.
    public static let allCases: [FirstHandStore] = [
        .epic,
        .epicMobile,
        .steam,
        .gog,
    ]
}
