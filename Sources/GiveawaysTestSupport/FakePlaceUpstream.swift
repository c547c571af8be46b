import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization

/// How a fake Nearby upstream (Foursquare, Overpass, Nominatim, tiles) misbehaves instead of answering well.
public enum FakeFault: Sendable, Equatable {
    /// This status, body and headers (401 with Foursquare's message, 500, 429 with `Retry-After`...).
    case answer(status: Int, body: String, headers: [String: String] = [:])
    /// No answer until the test ends or this many seconds pass: past any client's deadline.
    case stall(seconds: Double)
    /// HTTP 200 with a body that is not JSON at all.
    case malformedJSON

    /// 429 with `Retry-After: seconds`.
    public static func rateLimited(retryAfter: String? = "30") -> FakeFault {
        .answer(
            status: 429, body: #"{"message":"Too many requests."}"#,
            headers: retryAfter.map { ["Retry-After": $0] } ?? [:])
    }
}

/// One request a fake served, as a test reads it.
public struct FakeRequest: Sendable {
    public let method: String
    public let path: String
    public let query: [String: String]
    /// Header names in lower case.
    public let headers: [String: String]
    public let body: String
}

/// What every fake Nearby upstream shares: the scripted faults (each once, in order, then the standing one), the
/// record of requests, and the release of stalled answers when the test ends.
final class FakeUpstreamScript: Sendable {
    private struct State {
        var script: [FakeFault?] = []
        var standing: FakeFault?
        var requests: [FakeRequest] = []
    }

    private let state = Mutex(State())
    private let released = Mutex(false)

    func set(_ standing: FakeFault?, script: [FakeFault?]) {
        state.withLock {
            $0.standing = standing
            $0.script = script
        }
    }

    var requests: [FakeRequest] { state.withLock { $0.requests } }

    /// Records `request` and says which fault, if any, answers it.
    func next(_ request: Request) async throws -> (FakeRequest, FakeFault?) {
        let body = try await request.body.collect(upTo: 1_048_576)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let query = Dictionary(
            request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { $1 })
        let recorded = FakeRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
            body: String(buffer: body))
        let fault = state.withLock { state -> FakeFault? in
            state.requests.append(recorded)
            return state.script.isEmpty ? state.standing : state.script.removeFirst()
        }
        return (recorded, fault)
    }

    func respond(to fault: FakeFault) async throws -> Response {
        switch fault {
        case .answer(let status, let body, let headers):
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            for (name, value) in headers {
                if let name = HTTPField.Name(name) { fields[name] = value }
            }
            return Response(
                status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
        case .stall(let seconds):
            let end = ContinuousClock.now + .seconds(seconds)
            while !released.withLock({ $0 }), ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
            return Self.json("{}")
        case .malformedJSON:
            return Self.json(#"{"results": [{"fsq_place_id": "4b"#)
        }
    }

    /// Runs `body` with `router` listening on a free loopback port; stalled answers end with the test.
    func serve<T: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: @Sendable (URL) async throws -> T
    )
        async throws -> T
    {
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingFakePort() }
            defer { released.withLock { $0 = true } }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    static func json(_ text: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `value` as JSON text.
    static func encode(_ value: Any) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

struct MissingFakePort: Error {}
