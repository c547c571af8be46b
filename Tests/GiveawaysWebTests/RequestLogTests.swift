import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// The request log never carries a personal feed token, a link code or a search.
@Suite struct RequestLogTests {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])

        var logger: Logger { logger(at: .info) }

        func logger(at level: Logger.Level) -> Logger {
            var logger = Logger(label: "captured") { _ in Handler(lines: self) }
            logger.logLevel = level
            return logger
        }

        struct Handler: LogHandler {
            let lines: Lines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .info

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
                lines.all.withLock { $0.append("\(event.message) \(all)") }
            }
        }
    }

    @Test(arguments: [
        ("/feeds/p/0123456789abcdef0123456789abcdef.atom", "/feeds/p/….atom"),
        ("/feeds/p/0123456789abcdef0123456789abcdef", "/feeds/p/…"),
        ("/feeds/giveaways.atom", "/feeds/giveaways.atom"),
        ("/", "/"),
    ])
    func secretsInPathsAreLeftOut(path: String, logged: String) {
        #expect(RequestLogMiddleware.loggedPath(path) == logged)
    }

    @Test func feedTokensLinkCodesAndSearchesNeverReachTheLog() async throws {
        let harness = try await WebHarness()
        let lines = Lines()
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        let profile = ProfileID.random()
        let token = try await profiles.renewFeedToken(for: profile, at: harness.now)
        let code = try await profiles.createLinkCode(for: profile, at: harness.now)
        try await harness.app(logger: lines.logger).test(.router) { client in
            for uri in [
                "/feeds/p/\(token.rawValue).atom", "/link?code=\(code.grouped)", "/?q=secret-search-words",
                "/feeds/p/\(token.rawValue).ics",
            ] {
                _ = try await client.execute(uri: uri, method: .get)
            }
            var browser = Browser()
            _ = try await browser.post("/link", "code=\(code.rawValue)", client: client)
        }
        let log = lines.all.withLock { $0.joined(separator: "\n") }
        #expect(log.contains("/feeds/p/….atom"), "requests are still logged")
        #expect(!log.contains(token.rawValue))
        #expect(!log.contains(code.rawValue) && !log.contains(code.grouped))
        #expect(!log.contains("secret-search-words"))
    }
}
