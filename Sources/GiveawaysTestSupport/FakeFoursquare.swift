import Foundation
import Hummingbird
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays Foursquare's Places API (2025-06-17), `GET /places/search`: it checks
/// the bearer key (401 `Invalid request token.`) and the version header (400), searches its places by `ll`+`radius`,
/// `ne`+`sw` or `near` (it knows Berlin), `fsq_category_ids` and `query`, and pages with `limit` and a base64 `cursor`
/// in a `Link: <…>; rel="next"` header that repeats every parameter in another order — none on the last page. Every
/// request is recorded (headers included), and it misbehaves on demand.
public final class FakeFoursquare: Sendable {
    public let key: String
    private let places: Mutex<[String]>
    private let script = FakeUpstreamScript()

    /// - Parameter places: each a place object in Foursquare's JSON (`FakeFoursquare.place(...)` writes one).
    public init(key: String, places: [String] = []) {
        self.key = key
        self.places = Mutex(places)
    }

    public func misbehave(_ standing: FakeFault?, script: [FakeFault?] = []) {
        self.script.set(standing, script: script)
    }

    public var requests: [FakeRequest] { script.requests }

    /// A place as the API sends it; `nil` parts are left out, as Foursquare leaves them out.
    public static func place(
        id: String, name: String?, latitude: Double, longitude: Double, categories: [(id: String, name: String)] = [],
        address: String? = nil, locality: String? = nil, formattedAddress: String? = nil, rating: Double? = nil,
        chains: [String?] = []
    ) -> String {
        var object: [String: Any] = [
            "fsq_place_id": id, "latitude": latitude, "longitude": longitude, "link": "/places/\(id)",
            "categories": categories.map {
                [
                    "fsq_category_id": $0.id, "name": $0.name, "short_name": $0.name, "plural_name": $0.name + "s",
                    "icon": ["prefix": "https://ss3.4sqi.net/img/categories_v2/shops/", "suffix": ".png"],
                ]
            },
            "chains": chains.map { name in name.map { ["id": "c1", "name": $0] } ?? ["id": "c2"] },
            "date_refreshed": "2025-11-01",
        ]
        if let name { object["name"] = name }
        var location: [String: Any] = ["country": "DE"]
        if let address { location["address"] = address }
        if let locality { location["locality"] = locality }
        if let formattedAddress { location["formatted_address"] = formattedAddress }
        object["location"] = location
        if let rating { object["rating"] = rating }
        return FakeUpstreamScript.encode(object)
    }

    /// Runs `body` with the server listening on a free loopback port; the argument is the API's base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("places/search") { request, _ -> Response in
            let (recorded, fault) = try await self.script.next(request)
            if let fault { return try await self.script.respond(to: fault) }
            let host = request.head.authority ?? "127.0.0.1"
            return self.search(recorded, base: "http://\(host)")
        }
        return try await script.serve(router, body)
    }

    private func search(_ request: FakeRequest, base: String) -> Response {
        guard request.headers["authorization"] == "Bearer \(key)" else {
            return Self.message(401, "Invalid request token.")
        }
        guard request.headers["x-places-api-version"] == "2025-06-17" else {
            return Self.message(400, "Please provide a valid version.")
        }
        let query = request.query
        var center: (Double, Double)?
        var radius = Double(query["radius"] ?? "22000") ?? 22_000
        var box: (south: Double, west: Double, north: Double, east: Double)?
        if let ll = query["ll"].flatMap(Self.point) {
            center = ll
        } else if let ne = query["ne"].flatMap(Self.point), let sw = query["sw"].flatMap(Self.point) {
            box = (sw.0, sw.1, ne.0, ne.1)
        } else if query["near"]?.lowercased().hasPrefix("berlin") == true {
            center = (52.520008, 13.404954)
            radius = 22_000
        } else {
            return Self.message(400, "A location is required (ll, ne/sw or near).")
        }
        let limit = min(max(Int(query["limit"] ?? "10") ?? 10, 1), 50)
        var offset = 0
        if let cursor = query["cursor"] {
            guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
                text.hasPrefix("sr:"), let value = Int(text.dropFirst(3))
            else { return Self.message(400, "Invalid cursor.") }
            offset = value
        }
        let categoryIDs = Set((query["fsq_category_ids"] ?? "").split(separator: ",").map(String.init))
        let text = query["query"]?.lowercased()
        var matching: [[String: Any]] = []
        for json in places.withLock({ $0 }) {
            guard var place = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
                let latitude = place["latitude"] as? Double, let longitude = place["longitude"] as? Double
            else { continue }
            if let center {
                let distance = Self.distance(center, (latitude, longitude))
                guard distance <= radius else { continue }
                place["distance"] = Int(distance)
            }
            if let box, !(box.south...box.north).contains(latitude) || !(box.west...box.east).contains(longitude) {
                continue
            }
            let ids = ((place["categories"] as? [[String: Any]]) ?? []).compactMap { $0["fsq_category_id"] as? String }
            if !categoryIDs.isEmpty, categoryIDs.isDisjoint(with: ids) { continue }
            if let text, !((place["name"] as? String)?.lowercased().contains(text) ?? false) { continue }
            matching.append(place)
        }
        if center != nil { matching.sort { ($0["distance"] as? Int ?? 0) < ($1["distance"] as? Int ?? 0) } }
        let pageEnd = min(matching.count, offset + limit)
        let page = offset < pageEnd ? Array(matching[offset..<pageEnd]) : []
        var body: [String: Any] = ["results": page]
        if let center {
            body["context"] = [
                "geo_bounds": ["circle": ["center": ["latitude": center.0, "longitude": center.1], "radius": radius]]
            ]
        }
        var headers: HTTPFields = [:]
        if pageEnd < matching.count {
            // Every original parameter again, in reverse order and percent-encoded, then the cursor.
            let next = Data("sr:\(pageEnd)".utf8).base64EncodedString()
            let items = query.filter { $0.key != "cursor" }.sorted { $0.key > $1.key }.map {
                "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }
            let cursor = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? next
            headers[.init("Link")!] =
                "<\(base)/places/search?\((items + ["cursor=\(cursor)"]).joined(separator: "&"))>; rel=\"next\""
        }
        return FakeUpstreamScript.json(FakeUpstreamScript.encode(body), headers: headers)
    }

    private static func message(_ status: Int, _ text: String) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: .init(byteBuffer: .init(string: FakeUpstreamScript.encode(["message": text]))))
    }

    private static func point(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    private static func distance(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians
        let dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
