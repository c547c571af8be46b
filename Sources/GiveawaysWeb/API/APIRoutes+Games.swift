import Foundation
import GiveawaysAPI
import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysUpstream
import GiveawaysViews

extension APIRoutes {
    /// `GET /api/v1/games?search=&genre=&ordering=&page=` — a page of RAWG's games (cached on this server), as Games
    /// shows it; RAWG's failures as JSON errors that never name the key.
    func listGames(_ input: Operations.ListGames.Input) async throws -> Operations.ListGames.Output {
        guard let games else { return .serviceUnavailable(.init(body: .json(Self.gamesOff))) }
        let given = input.query
        let query: GameQuery
        do {
            query = try SiteRoute.gameQuery(
                search: given.search, genre: given.genre, ordering: given.ordering?.rawValue, page: given.page)
        } catch {
            return .badRequest(.init(body: .json(Self.error(error.message, status: 400))))
        }
        do {
            let answer = try await games.games(query, share: APIRequest.current?.rawgShare)
            return .ok(
                .init(
                    headers: .init(cacheControl: Self.cacheControl),
                    body: .json(GamePageJSON(page: query.page, answer: answer))))
        } catch {
            switch rawgFailure(error) {
            case .notFound(let body): return .notFound(.init(body: .json(body)))
            case .shareSpent(let seconds, let body):
                return .tooManyRequests(.init(headers: .init(retryAfter: String(seconds)), body: .json(body)))
            case .failed(let body): return .badGateway(.init(body: .json(body)))
            }
        }
    }

    /// `GET /api/v1/games/{id}` — one RAWG game, and whether it is free now, coming free or was free before.
    func getGame(_ input: Operations.GetGame.Input) async throws -> Operations.GetGame.Output {
        guard let games else { return .serviceUnavailable(.init(body: .json(Self.gamesOff))) }
        guard let id = Int(exactly: input.path.id), id > 0 else {
            return .badRequest(.init(body: .json(Self.error("The id must be a positive number.", status: 400))))
        }
        do {
            let answer = try await games.game(id: id, share: APIRequest.current?.rawgShare)
            let snapshot = try await readModel.snapshot()
            let status = GameFreeStatus(
                gameTitled: answer.value.game.name, history: snapshot.gameHistory, stored: snapshot.stored,
                at: clock())
            return .ok(
                .init(
                    headers: .init(cacheControl: Self.cacheControl),
                    body: .json(GameDetailJSON(answer: answer, status: status))))
        } catch {
            switch rawgFailure(error) {
            case .notFound(let body): return .notFound(.init(body: .json(body)))
            case .shareSpent(let seconds, let body):
                return .tooManyRequests(.init(headers: .init(retryAfter: String(seconds)), body: .json(body)))
            case .failed(let body): return .badGateway(.init(body: .json(body)))
            }
        }
    }

    private enum RAWGFailure {
        case notFound(Components.Schemas._Error)
        case shareSpent(seconds: Int, Components.Schemas._Error)
        case failed(Components.Schemas._Error)
    }

    /// RAWG's error as the API's: 404 for what RAWG does not have, 429 for a client whose share of RAWG is spent,
    /// 502 with the reason (never the key) otherwise.
    private func rawgFailure(_ error: any Error) -> RAWGFailure {
        let text = Strings.en.discover
        if let spent = error as? UpstreamShareSpent {
            let seconds = max(1, Int(spent.retryAt.timeIntervalSince(clock()).rounded(.up)))
            return .shareSpent(seconds: seconds, Self.error(text.tooMany(seconds), status: 429))
        }
        guard let error = error as? RAWGError else { return .failed(Self.error(text.failed, status: 502)) }
        switch error {
        case .notFound: return .notFound(Self.error(text.notFound, status: 404))
        case .badStatus(401, _), .badStatus(403, _): return .failed(Self.error(text.refusedKey, status: 502))
        case .throttled: return .failed(Self.error(text.throttled, status: 502))
        case .timedOut: return .failed(Self.error(text.timedOut, status: 502))
        default: return .failed(Self.error(text.failed, status: 502))
        }
    }

    private static var gamesOff: Components.Schemas._Error {
        Self.error("Games are off on this server (no RAWG key).", status: 503)
    }
}
