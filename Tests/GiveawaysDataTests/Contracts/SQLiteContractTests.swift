import Foundation
import GiveawaysDomain
import Testing

@testable import GiveawaysData

/// The two ways the app opens SQLite: a WAL file (the server, the CLI) and memory (tests).
enum SQLiteStore: String, CaseIterable, CustomTestStringConvertible {
    case memory, file

    var testDescription: String { rawValue }

    func open() throws -> AppDatabase {
        switch self {
        case .memory:
            return try AppDatabase.inMemory()
        case .file:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("gg-contract-\(UUID().uuidString)/store.sqlite").path
            return try AppDatabase.open(path: path)
        }
    }
}

/// Runs every repository contract against the SQLite implementations.
@Suite struct SQLiteContractTests {
    func feed(_ store: SQLiteStore) throws -> GiveawayFeedContract {
        GiveawayFeedContract(feed: GiveawayFeedSQLiteRepository(database: try store.open()))
    }

    func log(_ store: SQLiteStore) throws -> SyncLogContract {
        let database = try store.open()
        return SyncLogContract(
            feed: GiveawayFeedSQLiteRepository(database: database), log: SyncLogSQLiteRepository(database: database))
    }

    func marks(_ store: SQLiteStore) throws -> MarkContract {
        MarkContract(marks: MarkSQLiteRepository(database: try store.open()))
    }

    @Test(arguments: SQLiteStore.allCases) func feedEveryFieldSurvivesTheRoundTrip(_ store: SQLiteStore) async throws {
        try await feed(store).everyFieldSurvivesTheRoundTrip()
    }

    @Test(arguments: SQLiteStore.allCases) func feedHistory(_ store: SQLiteStore) async throws {
        try await feed(store).historyRecordsFirstSeenLastSeenLeavingAndComingBack()
    }

    @Test(arguments: SQLiteStore.allCases) func feedPlatformChangeIsAnUpdate(_ store: SQLiteStore) async throws {
        try await feed(store).aChangeOfPlatformsCountsAsAnUpdate()
    }

    @Test(arguments: SQLiteStore.allCases) func feedEmptyFeedKeepsEverything(_ store: SQLiteStore) async throws {
        try await feed(store).anEmptyFeedMarksEverythingLeftButKeepsIt()
    }

    @Test(arguments: SQLiteStore.allCases) func feedDuplicatedIds(_ store: SQLiteStore) async throws {
        try await feed(store).duplicatedIdsInOneFeedAreStoredOnceWithTheLastCopy()
    }

    @Test(arguments: SQLiteStore.allCases) func feedDemoData(_ store: SQLiteStore) async throws {
        try await feed(store).demoDataFillsOnlyAnEmptyStoreAndGivesWayToRealData()
    }

    @Test(arguments: SQLiteStore.allCases) func syncLogFailureAndRecovery(_ store: SQLiteStore) async throws {
        try await log(store).aFailedSyncChangesNothingAndIsReported()
    }

    @Test(arguments: SQLiteStore.allCases) func syncLogNeverSucceeded(_ store: SQLiteStore) async throws {
        try await log(store).aSourceThatNeverSucceededHasOnlyItsFailure()
    }

    @Test(arguments: SQLiteStore.allCases) func marksPerProfile(_ store: SQLiteStore) async throws {
        try await marks(store).marksBelongToOneProfileNewestFirst()
    }

    @Test(arguments: SQLiteStore.allCases) func marksText(_ store: SQLiteStore) async throws {
        try await marks(store).aMarksTextIsReplacedInPlace()
    }

    @Test(arguments: SQLiteStore.allCases) func marksNone(_ store: SQLiteStore) async throws {
        try await marks(store).aProfileWithoutMarksHasNone()
    }
}
