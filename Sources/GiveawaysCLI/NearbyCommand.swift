import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb
import Logging

extension PlaceCategory: ExpressibleByArgument {}

/// `giveaways nearby`: game stores, arcades and gaming cafés near a place, from the same sources as the server.
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Game stores, arcades and gaming cafés near a place (Foursquare with a key, else OpenStreetMap).",
        discussion: "Exits with 1 when no place has the name given, 69 when the places service fails.")

    @Option(help: "A place name to search around, e.g. Berlin.")
    var near: String?

    @Option(help: "A point to search around, LAT,LON (default: --nearby-center).")
    var ll: String?

    @Option(help: "Metres around --ll, 1 to 100000 (default 22000).")
    var radius: Int?

    @Option(
        help: "A kind of place (repeat for several): \(PlaceCategory.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var category: [PlaceCategory] = []

    @Option(help: "Words in the place's name or kind.")
    var query: String?

    @Option(help: "Places to list, 1 to 50.")
    var limit = 20

    @Option(help: "The cursor the previous page printed, for the next page.")
    var cursor: String?

    @Flag(help: "Print the page as JSON (the API's shape) instead of a table.")
    var json = false

    @OptionGroup var sources: NearbyOptions

    func validate() throws {
        if near != nil, ll != nil { throw ValidationError("Give --near or --ll, not both.") }
        if let ll, GeoPoint(text: ll) == nil {
            throw ValidationError("--ll must be LAT,LON in range, like 52.52,13.405.")
        }
        if let radius, !(1...Defaults.nearbyMaximumRadius).contains(radius) {
            throw ValidationError("--radius must be 1 to \(Defaults.nearbyMaximumRadius) metres.")
        }
        if let near, near.trimmingCharacters(in: .whitespaces).isEmpty || near.count > PlaceQuery.maximumTextLength {
            throw ValidationError("--near must be a place name of 1 to \(PlaceQuery.maximumTextLength) characters.")
        }
        if let query, query.count > PlaceQuery.maximumTextLength {
            throw ValidationError("--query must be at most \(PlaceQuery.maximumTextLength) characters.")
        }
        guard (1...PlaceQuery.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be 1 to \(PlaceQuery.maximumLimit).")
        }
        if let cursor, PlaceCursor(rawValue: cursor) == nil {
            throw ValidationError("--cursor is not one a page printed.")
        }
        _ = try sources.settings()
    }

    func run() async throws {
        let settings = try sources.settings()
        var logger = Logger(label: "giveaways")
        logger.logLevel = .error
        let area: PlaceArea =
            if let near { .named(near) } else {
                .around(ll.flatMap(GeoPoint.init(text:)) ?? settings.center, radius: radius ?? Defaults.nearbyRadius)
            }
        let placeQuery = PlaceQuery(
            area: area, text: query, categories: Set(category), cursor: cursor.flatMap(PlaceCursor.init(rawValue:)),
            limit: limit)
        let result: Result<PlacePage, PlaceSourceError> = await HTTPConnections.usingResult { connections in
            do throws(PlaceSourceError) {
                return .success(
                    try await settings.services(connections: connections, logger: logger).places.search(placeQuery))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let page):
            if json {
                Console.print(
                    String(decoding: try GiveawayJSON.encoder().encode(PlacePageJSON(page: page)), as: UTF8.self))
            } else {
                Console.print(NearbyTable(page: page).render())
            }
        case .failure(let error):
            Console.error(Self.message(error))
            throw error.reason == .unknownPlace ? ExitStatus.notFound : ExitStatus.upstreamUnavailable
        }
    }

    /// What went wrong, for people; never the key.
    static func message(_ error: PlaceSourceError) -> String {
        switch error {
        case .refusedKey: "Foursquare refused the key (check --foursquare-key; it is not shown here)"
        case .rateLimited(let seconds):
            "the places service asks to slow down" + (seconds.map { "; try again in \(Int($0)) s" } ?? "")
        case .unavailable(let status): "the places service answered HTTP \(status)"
        case .unreachable: "the places service could not be reached"
        case .timedOut: "the places service did not answer in time"
        case .malformed(let reason): "the places service sent something unreadable: \(reason)"
        case .unknownPlace: "no place of that name was found"
        case .busy(let seconds): "this server has too many place searches waiting; try again in \(Int(seconds)) s"
        case .onlyIDsKept(let seen, let reason):
            message(reason) + "; \(seen.ids.count) place ids were kept from an earlier search "
                + "(reconnect to see details): " + seen.ids.joined(separator: " ")
        }
    }
}

extension HTTPConnections {
    /// `using`, for a body that does not throw: the pools are shut down after it either way.
    static func usingResult<T: Sendable>(_ body: (HTTPConnections) async -> T) async -> T {
        let connections = HTTPConnections()
        let result = await body(connections)
        await connections.shutdown()
        return result
    }
}

/// A page of places as a table for a terminal: name (or kind), kinds, distance, address, link; then the credit and
/// the next page's cursor.
struct NearbyTable {
    let page: PlacePage

    func render() -> String {
        guard !page.places.isEmpty else { return "No game stores within this area." + footer }
        let rows = page.places.map { place -> [String] in
            [
                place.name ?? place.categoryNames.first ?? "(no name)",
                place.categoryNames.joined(separator: ", "),
                place.distance.map { $0 < 1_000 ? "\(Int($0)) m" : String(format: "%.1f km", $0 / 1_000) } ?? "",
                place.address ?? "", place.sourceURL.absoluteString,
            ]
        }
        let header = ["NAME", "KIND", "DISTANCE", "ADDRESS", "LINK"]
        let widths = (0..<header.count).map { column in
            min(40, ([header] + rows).map { $0[column].count }.max() ?? 0)
        }
        let lines = ([header] + rows).map { row in
            zip(row, widths).map { cell, width in
                let cut = cell.count > width ? String(cell.prefix(width - 1)) + "…" : cell
                return cut.padding(toLength: width, withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return lines.joined(separator: "\n") + footer
    }

    private var footer: String {
        var lines = [
            page.source == .foursquare
                ? "Places from Foursquare." : "Places © OpenStreetMap contributors (ODbL)."
        ]
        if let stale = page.staleSince {
            lines.append("OpenStreetMap could not be reached: results from \(Timestamp.format(stale)).")
        }
        if let next = page.next { lines.append("More: --cursor \(next.rawValue)") }
        return "\n" + lines.joined(separator: "\n")
    }
}
