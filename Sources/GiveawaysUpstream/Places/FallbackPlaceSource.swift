import GiveawaysDomain
import Logging

/// Foursquare first, OpenStreetMap when Foursquare fails (a refused key, a 5xx, no answer, a malformed answer): the
/// page's `source` says which answered. A next page stays with the source that made its cursor — OpenStreetMap's
/// (`osm.`) go there, Foursquare's fail as Foursquare fails (a list cannot continue in another source's order). When
/// both fail, the ids Foursquare kept of the area (all its terms allow) come with the fallback's failure.
public struct FallbackPlaceSource: PlaceSource {
    public let primary: any PlaceSource
    public let fallback: any PlaceSource
    private let logger: Logger

    public var kind: PlaceSourceKind { primary.kind }

    public init(primary: any PlaceSource, fallback: any PlaceSource, logger: Logger = Logger(label: "nearby")) {
        self.primary = primary
        self.fallback = fallback
        self.logger = logger
    }

    public func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        if let cursor = query.cursor {
            return cursor.rawValue.hasPrefix("osm.")
                ? try await fallback.search(query) : try await primary.search(query)
        }
        do {
            return try await primary.search(query)
        } catch let failure {
            // The error names no key (PlaceSourceError never carries one).
            logger.warning(
                "\(primary.kind.rawValue) failed, asking \(fallback.kind.rawValue)", metadata: ["reason": "\(failure)"])
            do {
                return try await fallback.search(query)
            } catch {
                // A refused key is what the operator must fix: say it, even when the fallback failed too. The ids
                // the primary kept of the area are what is left to show.
                if failure == .refusedKey { throw failure }
                if case .onlyIDsKept(let seen, _) = failure { throw .onlyIDsKept(seen, reason: error) }
                throw error
            }
        }
    }
}
