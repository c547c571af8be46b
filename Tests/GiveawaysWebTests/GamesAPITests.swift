import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// `GET /api/v1/games` and `/api/v1/games/{id}`: RAWG's games as JSON with every key present, clear 400s, RAWG's
/// failures as 502 without the key, 503 without a key, and a game's giveaways from the history.
@Suite struct GamesAPITests {
    private func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test func aPageOfGamesHasEveryKeyAndTheNextPage() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/api/v1/games?ordering=rating&page=2", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["page"] as? Int == 2 && body["next"] as? Int == 3 && body["total"] as? Int == 6)
                #expect(body["staleSince"] is NSNull)
                let games = try #require(body["games"] as? [[String: Any]])
                #expect(games.map { $0["name"] as? String } == ["rating game 2-1", "rating game 2-2"])
                #expect(games[0]["released"] is NSNull && games[0]["metacritic"] is NSNull)
                #expect(games[0]["url"] as? String == "/discover/games/21")
            }
            try await client.execute(uri: "/api/v1/games?search=portal&genre=puzzle", method: .get) { response in
                let games = try #require(try json(response)["games"] as? [[String: Any]])
                #expect(games.count == 3)
            }
        }
        #expect(stub.queries.withLock { $0.last?.genre } == "puzzle")
    }

    @Test func badParametersAre400sAndReachNothing() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            for uri in [
                "/api/v1/games?search=" + String(repeating: "x", count: 1000), "/api/v1/games?page=10000",
                "/api/v1/games?page=0", "/api/v1/games?genre=Not%20A%20Slug", "/api/v1/games?ordering=cheap",
                "/api/v1/games/0", "/api/v1/games/abc",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri.prefix(50))")
                    #expect(response.text.contains("\"status\":400"))
                }
            }
        }
        #expect(stub.calls.withLock { $0 } == 0)
    }

    @Test func aGameSaysWhereItIsFreeAndRAWGsFailuresNeverNameTheKey() async throws {
        let harness = try await WebHarness(seed: false)
        _ = try await harness.repository.saveSync(
            [
                .stub(
                    id: 1, title: "Portal (Epic Games) Giveaway", platforms: "PC, Epic Games Store",
                    endsAt: utc("2026-04-02T15:00:00Z"))
            ], at: utc("2026-03-01T06:00:00Z"))
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/api/v1/games/144", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(
                    Set(body.keys) == [
                        "id", "name", "released", "rating", "metacritic", "platforms", "genres", "url", "description",
                        "website", "developers", "publishers", "free", "staleSince",
                    ], "one flat object with every key, a list's and the detail's")
                #expect(body["website"] is NSNull && body["staleSince"] is NSNull && body["id"] as? Int == 144)
                let free = try #require(body["free"] as? [String: [[String: Any]]])
                #expect(free["now"]?.first?["giveawayId"] as? Int == 1)
                #expect(free["now"]?.first?["until"] as? String == "2026-04-02T15:00:00Z")
                #expect(free["coming"]?.isEmpty == true && free["before"]?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/games/145", method: .get) { response in
                let free = try #require(try json(response)["free"] as? [String: [[String: Any]]])
                #expect(free["now"]?.isEmpty == true, "Portal 2 is not Portal")
            }
            try await client.execute(uri: "/api/v1/games/999", method: .get) { #expect($0.status == .notFound) }
            stub.failure.withLock { $0 = .badStatus(401, "key=secret-key-123 refused") }
            try await client.execute(uri: "/api/v1/games/145", method: .get) { response in
                #expect(response.status == .badGateway)
                #expect(response.text.contains("refused this server"))
                #expect(!response.text.contains("secret-key-123"))
            }
        }
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/games", method: .get) { #expect($0.status == .serviceUnavailable) }
            try await client.execute(uri: "/api/v1/games/1", method: .get) {
                #expect($0.status == .serviceUnavailable)
            }
        }
    }
}
