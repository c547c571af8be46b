import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite struct ImageCacheTests {
    /// Image URLs come from stored giveaways, and only the configured upstream's host is ever fetched.
    @Test func onlyTheUpstreamHostIsFetchedAndNonImagesBecomeThePlaceholder() async throws {
        let fake = FakeGamerPower(.json("[]"))
        try await fake.withServer { upstream in
            let port = upstream.port!
            let repository = try TestStore()
            var foreign = Giveaway.stub(id: 1)
            foreign.thumbnailURL = "http://localhost:\(port)/giveaways"  // another host name: never fetched
            var local = Giveaway.stub(id: 2)
            local.thumbnailURL = "http://127.0.0.1:\(port)/giveaways"  // the upstream's host: fetched, not an image
            _ = try await repository.saveSync([foreign, local], at: utc("2026-03-31T00:00:00Z"))
            var configuration = WebConfiguration()
            configuration.gamerpowerURL = upstream
            configuration.allowPrivateImages = true  // the fake upstream is on loopback
            configuration.imageCacheDirectory =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("gg-img-\(UUID().uuidString)").path
            let app = buildApplication(
                configuration, repositories: repository.repositories, connections: .forTests,
                source: StubSource(result: .success([])),
                logger: Logger(label: "test"), runsSyncService: false)
            try await app.test(.router) { client in
                try await client.execute(uri: "/images/1/thumbnail", method: .get) { response in
                    #expect(response.headers[.contentType] == "image/svg+xml")
                }
                #expect(fake.requestCount == 0)
                try await client.execute(uri: "/images/2/thumbnail", method: .get) { response in
                    #expect(response.headers[.contentType] == "image/svg+xml")
                }
                #expect(fake.requestCount == 1)
            }
        }
    }
}
