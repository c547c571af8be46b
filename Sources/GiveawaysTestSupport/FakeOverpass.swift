import Foundation
import Hummingbird
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays an Overpass API interpreter (`POST /api/interpreter`, form field
/// `data`): it answers with the elements of its world that lie in the query's bounding box, in Overpass's JSON
/// (`out center tags`: nodes with `lat`/`lon`, ways and relations with `center`), and misbehaves on demand —
/// including Overpass's own trap, HTTP 200 with a `remark: runtime error` and no elements.
public final class FakeOverpass: Sendable {
    /// One OpenStreetMap element of the fake's world.
    public struct Element: Sendable {
        public var type: String
        public var id: Int64
        public var latitude: Double
        public var longitude: Double
        public var tags: [String: String]

        public static func node(
            _ id: Int64, _ latitude: Double, _ longitude: Double, _ tags: [String: String]
        )
            -> Element
        {
            Element(type: "node", id: id, latitude: latitude, longitude: longitude, tags: tags)
        }

        /// A way (or relation), sent with its `center` as `out center` does.
        public static func way(
            _ id: Int64, _ latitude: Double, _ longitude: Double, _ tags: [String: String], type: String = "way"
        ) -> Element {
            Element(type: type, id: id, latitude: latitude, longitude: longitude, tags: tags)
        }

        var json: [String: Any] {
            var object: [String: Any] = ["type": type, "id": id]
            if type == "node" {
                object["lat"] = latitude
                object["lon"] = longitude
            } else {
                object["center"] = ["lat": latitude, "lon": longitude]
            }
            if !tags.isEmpty { object["tags"] = tags }
            return object
        }
    }

    /// The 200 answer of a query that ran out of time: a remark and no elements.
    public static let runtimeError = FakeFault.answer(
        status: 200,
        body: #"""
            {"version":0.6,"generator":"Overpass API 0.7.62","osm3s":{"timestamp_osm_base":"2026-11-24T10:00:00Z",
            "copyright":"The data included in this document is from www.openstreetmap.org."},"elements":[],
            "remark":"runtime error: Query timed out in \"query\" at line 1 after 10 seconds."}
            """#)

    private let world: Mutex<[Element]>
    private let script = FakeUpstreamScript()

    public init(_ elements: [Element] = []) {
        world = Mutex(elements)
    }

    /// Faults to answer with: each of `script` once, then `standing` (`nil` answers well).
    public func misbehave(_ standing: FakeFault?, script: [FakeFault?] = []) {
        self.script.set(standing, script: script)
    }

    /// Every request served, in order.
    public var requests: [FakeRequest] { script.requests }

    /// The Overpass QL of each request, decoded from the form.
    public var queries: [String] { requests.map { Self.formValue($0.body, "data") ?? "" } }

    /// Runs `body` with the server listening on a free loopback port; the argument is the interpreter's URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.post("api/interpreter") { request, _ -> Response in
            let (recorded, fault) = try await self.script.next(request)
            if let fault { return try await self.script.respond(to: fault) }
            guard let query = Self.formValue(recorded.body, "data"), let box = Self.boundingBox(query) else {
                return Response(status: .badRequest)
            }
            let elements = self.world.withLock { $0 }.filter {
                (box.south...box.north).contains($0.latitude) && (box.west...box.east).contains($0.longitude)
            }
            return FakeUpstreamScript.json(
                FakeUpstreamScript.encode([
                    "version": 0.6, "generator": "Overpass API 0.7.62 (fake)",
                    "osm3s": ["timestamp_osm_base": "2026-11-24T10:00:00Z", "copyright": "ODbL"],
                    "elements": elements.map(\.json),
                ]))
        }
        return try await script.serve(router) { base in try await body(base.appendingPathComponent("api/interpreter")) }
    }

    static func formValue(_ body: String, _ name: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == name else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    /// The first `(S,W,N,E)` of a query.
    static func boundingBox(_ query: String) -> (south: Double, west: Double, north: Double, east: Double)? {
        for span in query.split(separator: "(").dropFirst() {
            guard let end = span.firstIndex(of: ")") else { continue }
            let numbers = span[..<end].split(separator: ",").compactMap { Double($0) }
            if numbers.count == 4 { return (numbers[0], numbers[1], numbers[2], numbers[3]) }
        }
        return nil
    }
}
