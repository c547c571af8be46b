import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import HummingbirdTesting
import Logging
import Testing

@testable import GiveawaysWeb

/// The server sends webhook events by itself: the delivery service runs beside the sync scheduler.
@Suite struct HookDeliveryServiceTests {
    @Test func theServerDeliversWhatASyncRaisesRightAfterTheSync() async throws {
        let store = try TestStore()
        let start = Date().addingTimeInterval(-3600)
        _ = try await store.saveSync([.stub(id: 1)], at: start)
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let hooks = HookSQLRepository(database: store.database)
            _ = try await hooks.addHook(
                Hook(url: url.appendingPathComponent("hook"), rules: GiveawayRules(types: [.game]), createdAt: start))
            var configuration = WebConfiguration()
            configuration.allowPrivateHooks = true
            // Far longer than the test: only the wake-up after the sync can explain a prompt delivery.
            configuration.hookPollInterval = .seconds(3600)
            configuration.port = 0
            configuration.imageCacheDirectory =
                FileManager.default.temporaryDirectory.appendingPathComponent("gg-images-\(UUID().uuidString)").path
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            let feed: [Giveaway] = [.stub(id: 1), .stub(id: 2), .stub(id: 3, type: .dlc)]
            let app = buildApplication(
                configuration, repositories: store.repositories, connections: .forTests,
                source: StubSource(result: .success(feed)),
                logger: logger)
            try await app.test(.live) { _ in
                try await SyncSchedulerTests.waitUntil { receiver.count >= 1 }
                try await Task.sleep(for: .milliseconds(300))  // room for a wrong second delivery
            }
            #expect(receiver.count == 1)
            #expect((receiver.received.first?.json["giveaway"] as? [String: Any])?["id"] as? Int == 2)
        }
    }
}
