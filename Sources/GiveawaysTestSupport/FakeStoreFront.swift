import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays a store's front from canned answers: each path (without its query)
/// answers the status, headers and body set for it (404 otherwise), and every request is recorded with its query
/// and headers, so a test can say what the client asked and how often.
public final class FakeStoreFront: Sendable {
    public struct Answer: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public init(status: Int = 200, headers: [String: String] = [:], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        public init(status: Int = 200, headers: [String: String] = [:], _ text: String) {
            self.init(status: status, headers: headers, body: Data(text.utf8))
        }
    }

    /// One request as it arrived (header names in lower case).
    public struct Request: Sendable {
        public let path: String
        public let query: [String: String]
        public let headers: [String: String]
    }

    private let answers = Mutex<[String: Answer]>([:])
    private let log = Mutex<[Request]>([])

    public init() {}

    /// Sets what `path` (as `/freeGamesPromotions`) answers from now on.
    public func answer(_ path: String, _ answer: Answer) {
        answers.withLock { $0[path] = answer }
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.withLock { $0 } }

    /// Runs `body` with the server listening; the argument is its base URL (`http://127.0.0.1:port`).
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            let path = request.uri.path
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
            log.withLock { $0.append(Request(path: path, query: query, headers: headers)) }
            guard let answer = answers.withLock({ $0[path] }) else { return Response(status: .notFound) }
            var fields = HTTPFields()
            for (name, value) in answer.headers {
                if let name = HTTPField.Name(name) { fields[name] = value }
            }
            return Response(
                status: .init(code: answer.status), headers: fields,
                body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingFakePort() }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }
}
