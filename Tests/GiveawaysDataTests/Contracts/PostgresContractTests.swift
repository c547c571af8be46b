import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// Runs every repository contract against the PostgreSQL implementations, each check in a fresh database. Needs
/// a server: `eval "$(scripts/postgres-test-cluster start)"` sets `GIVEAWAYS_TEST_POSTGRES`; without it the suite
/// is skipped, and says so.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct PostgresContractTests {
    @Test(arguments: ContractCheck.allCases)
    func contract(_ check: ContractCheck) async throws {
        try await PostgresTestServer.withFreshDatabase { database in
            try await check.run(
                feed: GiveawayFeedSQLRepository(database: database),
                log: SyncLogSQLRepository(database: database), marks: MarkSQLRepository(database: database),
                catalog: CatalogSQLRepository(database: database),
                profiles: ProfileSQLRepository(database: database),
                hooks: HookSQLRepository(database: database),
                discoverCache: DiscoverCacheSQLRepository(database: database), secrets: database,
                offers: StoreOfferSQLRepository(database: database),
                live: LiveEventSQLRepository(database: database), library: LibrarySQLRepository(database: database))
        }
    }
}
