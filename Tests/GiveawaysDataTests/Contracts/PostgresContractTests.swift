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
                feed: GiveawayFeedPostgresRepository(database: database),
                log: SyncLogPostgresRepository(database: database), marks: MarkPostgresRepository(database: database),
                catalog: CatalogPostgresRepository(database: database),
                profiles: ProfilePostgresRepository(database: database),
                hooks: HookPostgresRepository(database: database),
                discoverCache: DiscoverCachePostgresRepository(database: database), secrets: database,
                offers: StoreOfferPostgresRepository(database: database),
                live: LiveEventPostgresRepository(database: database))
        }
    }
}
