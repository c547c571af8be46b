import Foundation

/// The local store of giveaways, their history in the feed, sync outcomes and each visitor's favorites.
public protocol GiveawayRepository: Sendable {
    /// The giveaways currently in the feed (expired ones included; the use cases judge expiry).
    func giveawaysInFeed() async throws -> [Giveaway]
    /// One giveaway by id, whether or not it is still in the feed.
    func storedGiveaway(id: Int) async throws -> StoredGiveaway?
    /// Replaces the feed with a freshly fetched one in one transaction, keeping history, and records the sync.
    func saveSync(_ giveaways: [Giveaway], at time: Date) async throws -> SyncReport
    /// Records a failed sync; the stored giveaways are left exactly as they were.
    func recordSyncFailure(_ reason: String, at time: Date) async throws
    /// Stores the built-in demo data, labelled as such, if the store holds no giveaways at all.
    func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool
    /// What the last syncs did, for banners and the CLI.
    func syncStatus() async throws -> SyncStatus
    /// Marks or unmarks a giveaway as a favorite of one visitor profile.
    func setFavorite(_ isFavorite: Bool, giveawayID: Int, profile: ProfileID, at time: Date) async throws
    /// One profile's favorites, most recently hearted first, including giveaways that left the feed.
    func favorites(profile: ProfileID) async throws -> [StoredGiveaway]
    /// The ids one profile has hearted.
    func favoriteIDs(profile: ProfileID) async throws -> Set<Int>
}

/// Where fresh giveaways come from: the GamerPower API in production, a fake in tests.
public protocol GiveawaySource: Sendable {
    /// Fetches every live giveaway. An empty answer is a valid, empty feed; failures throw.
    func fetchGiveaways() async throws -> [Giveaway]
}
