import Foundation
import GiveawaysAPI
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysViews

extension APIRoutes {
    /// `GET /api/v1/nearby` — one page of places from the server's Nearby source; the source's failures as JSON
    /// errors that never name the key.
    func searchNearby(_ input: Operations.SearchNearby.Input) async throws -> Operations.SearchNearby.Output {
        guard let nearby else {
            return .serviceUnavailable(
                .init(body: .json(Self.nearbyError(AppError(.serviceUnavailable) { $0.errors.nearbyOff }))))
        }
        let query: PlaceQuery
        do {
            let given = input.query
            query = try NearbyParameters(
                ll: given.ll, radius: given.radius, bbox: given.bbox, near: given.near, q: given.q, cat: given.cat,
                cursor: given.cursor, limit: given.limit
            ).query(defaultCenter: nearby.defaultCenter)
        } catch {
            return .badRequest(.init(body: .json(Self.nearbyError(error))))
        }
        let page: PlacePage
        do {
            page = try await nearby.search(query, share: APIRequest.current?.nearbySearches)
        } catch {
            // The page's status for the same failure (`NearbyFailure`).
            let failure = NearbyFailure(error, query: query)
            let body = Self.nearbyError(failure.error)
            switch failure.status {
            case .notFound: return .notFound(.init(body: .json(body)))
            case .serviceUnavailable:
                return .serviceUnavailable(
                    .init(headers: .init(retryAfter: failure.retryAfter), body: .json(body)))
            case .gatewayTimeout: return .gatewayTimeout(.init(body: .json(body)))
            default: return .badGateway(.init(body: .json(body)))
            }
        }
        return .ok(.init(headers: .init(cacheControl: "no-cache"), body: .json(PlacePageJSON(page: page))))
    }

    private static func nearbyError(_ error: AppError) -> Components.Schemas._Error {
        .init(error: error.message, status: Int(error.status.code))
    }
}
