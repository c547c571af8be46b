import AsyncHTTPClient
import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

/// The one bounded HTTP client against a real server on 127.0.0.1 that answers late, streams too much, or declares
/// too much: the deadline holds, the cap cuts, and no secret of the URL reaches an error.
@Suite struct BoundedHTTPClientTests {
    private func client(
        timeout: Duration = .seconds(5), maxBodyBytes: Int = 16 * 1024, overflow: BoundedHTTPClient.Overflow = .refuse
    ) -> BoundedHTTPClient {
        BoundedHTTPClient(
            connections: .forTests, redirects: .never, timeout: timeout, maxBodyBytes: maxBodyBytes,
            overflow: overflow)
    }

    private func failure(
        _ client: BoundedHTTPClient, _ url: String, secrets: [String] = [],
        accepts: @escaping @Sendable (Int) -> Bool = { _ in true }
    ) async -> BoundedHTTPError? {
        do {
            _ = try await client.execute(HTTPClientRequest(url: url), secrets: secrets, accepts: accepts)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSlowServerMeetsTheDeadline() async throws {
        try await FakeSlowServer.withServer { base in
            let start = ContinuousClock.now
            let error = await failure(client(timeout: .milliseconds(300)), "\(base)/slow?seconds=2")
            #expect(error == .timedOut(.milliseconds(300)))
            #expect(ContinuousClock.now - start < .seconds(2))
            #expect(error?.description == "timed out after 300 ms")
        }
    }

    @Test func aStreamedBodyPastTheCapIsRefused() async throws {
        try await FakeSlowServer.withServer { base in
            #expect(await failure(client(maxBodyBytes: 16 * 1024), "\(base)/stream?kib=64") == .tooLarge(limit: 16_384))
            let small = try await client(maxBodyBytes: 16 * 1024).execute(
                HTTPClientRequest(url: "\(base)/stream?kib=8"))
            #expect(small.status == 200 && small.body.count == 8 * 1024)
        }
    }

    @Test func aStreamedBodyPastTheCapIsCutWhenOnlyItsStartIsWanted() async throws {
        try await FakeSlowServer.withServer { base in
            let answer = try await client(maxBodyBytes: 4 * 1024 + 10, overflow: .keepPrefix).execute(
                HTTPClientRequest(url: "\(base)/stream?kib=64"))
            #expect(answer.status == 200 && answer.body.count == 4 * 1024 + 10)
        }
    }

    @Test func aDeclaredLengthPastTheCapIsRefusedBeforeTheBody() async throws {
        try await FakeSlowServer.withServer { base in
            // The server declares 1 MiB and then stalls: only a refusal at the head ends this before the deadline.
            let error = await failure(client(timeout: .seconds(1)), "\(base)/declared?bytes=1048576")
            #expect(error == .tooLarge(limit: 16_384))
        }
    }

    @Test func aStatusTheCallerRefusesEndsTheExchange() async throws {
        try await FakeSlowServer.withServer { base in
            #expect(await failure(client(), "\(base)/status/404", accepts: { $0 == 200 }) == .status(404))
            let answer = try await client().execute(HTTPClientRequest(url: "\(base)/status/503"))
            #expect(answer.status == 503)
        }
    }

    @Test func aSecretQueryParameterNeverReachesTheError() async throws {
        // Port 9 (discard) on loopback has no listener here; nothing leaves the machine.
        let refused = await failure(client(), "http://127.0.0.1:9/v1?api_key=s3cr3t-key&page=1")
        #expect(refused == .refused)
        // An error of the stack that quotes the URL keeps the rest of its text, never the key or a caller's secret.
        let text = BoundedHTTPClient.redacted(
            "bad answer from http://h/v1?api_key=s3cr3t-key&token=tok%2Fen%2B1 via /bot123:ABC/send",
            hiding: BoundedHTTPClient.secrets(of: "http://h/v1?api_key=s3cr3t-key&token=tok/en+1") + ["/bot123:ABC"])
        #expect(
            !text.contains("s3cr3t") && !text.contains("tok/en") && !text.contains("tok%2F") && !text.contains("ABC"))
        #expect(text.contains("bad answer from http://h/v1?api_key="))
        for error in [BoundedHTTPError.timedOut(.seconds(1)), .tooLarge(limit: 1024), .status(500), .connectTimedOut] {
            #expect(!error.description.contains("s3cr3t"))
        }
    }

    @Test func onlyConnectionFailuresTryTheNextAddress() {
        #expect(BoundedHTTPError.refused.isConnectFailure && BoundedHTTPError.connectTimedOut.isConnectFailure)
        #expect(BoundedHTTPError.transport("Network is unreachable").isConnectFailure)
        #expect(
            !BoundedHTTPError.timedOut(.seconds(1)).isConnectFailure && !BoundedHTTPError.status(500).isConnectFailure)
    }
}
