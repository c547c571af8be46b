import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays an image host, well or badly: `/img/{name}` is a small PNG,
/// `/huge.png` a PNG far over any cap (no Content-Length), `/slow.png` a PNG whose body never ends, and
/// `/redirect?to=URL` a 302 to `URL`. Every request is recorded, whatever its path, so a test can say that a
/// host was never asked anything.
public final class FakeImageHost: Sendable {
    private let requests = Mutex<[String]>([])
    /// Set when the test is over: the never-ending body ends then, so that the server can shut down.
    private let released = Mutex(false)

    public init() {}

    /// Every request target served, in order (path and query).
    public var paths: [String] { requests.withLock { $0 } }

    /// The first bytes of a PNG: enough for the image cache's type sniffing.
    public static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 56)

    /// Runs `body` with the server listening on a free loopback port; the argument is its base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.add(middleware: RecordingMiddleware(host: self))
        router.get("img/:name") { _, _ in Self.image(ByteBuffer(bytes: Self.png)) }
        router.get("redirect") { request, _ -> Response in
            let target = request.uri.queryParameters["to"].map(String.init) ?? "/"
            return Response(status: .found, headers: [.location: target])
        }
        router.get("huge.png") { _, _ -> Response in
            let chunk = ByteBuffer(repeating: 0, count: 1_048_576)
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: Self.png))
                for _ in 0..<16 { try await writer.write(chunk) }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "image/png"], body: body)
        }
        router.get("slow.png") { _, _ -> Response in
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: Self.png))
                // Does not finish while the test runs: only the client's own deadline ends this download.
                while !self.released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "image/png"], body: body)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingImageHostPort() }
            defer { released.withLock { $0 = true } }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    fileprivate func record(_ target: String) {
        requests.withLock { $0.append(target) }
    }

    static func image(_ bytes: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: bytes))
    }
}

/// Records every request before routing, so that paths no route knows are counted too.
private struct RecordingMiddleware<Context: RequestContext>: RouterMiddleware {
    let host: FakeImageHost

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        host.record(request.uri.description)
        return try await next(request, context)
    }
}

private struct MissingImageHostPort: Error {}
