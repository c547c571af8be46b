import Foundation
import Hummingbird
import NIOCore

/// A real HTTP server on 127.0.0.1 that misbehaves the ways a bounded client must survive: `GET /slow?seconds=`
/// answers late, `GET /stream?kib=` streams that many KiB without a `Content-Length`, `GET /declared?bytes=` sends a
/// `Content-Length` of that many bytes and then stalls after the first KiB, and `GET /status/{code}` answers that
/// status with a body that echoes the query.
public enum FakeSlowServer {
    /// Runs `body` with the server listening; the argument is its base URL (`http://127.0.0.1:port`).
    public static func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        let kibibyte = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1024)
        router.get("slow") { request, _ -> String in
            let seconds = request.uri.queryParameters["seconds"].flatMap { Double(String($0)) } ?? 5
            try await Task.sleep(for: .seconds(seconds))
            return "late"
        }
        router.get("stream") { request, _ -> Response in
            let count = request.uri.queryParameters["kib"].flatMap { Int(String($0)) } ?? 1
            return Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<count { try await writer.write(kibibyte) }
                    try await writer.finish(nil)
                })
        }
        router.get("declared") { request, _ -> Response in
            let bytes = request.uri.queryParameters["bytes"].flatMap { Int(String($0)) } ?? 1024
            return Response(
                status: .ok,
                body: ResponseBody(contentLength: bytes) { writer in
                    try await writer.write(kibibyte)
                    try await Task.sleep(for: .seconds(2))
                    try await writer.finish(nil)
                })
        }
        router.get("status/:code") { request, context -> Response in
            let code = context.parameters.get("code", as: Int.self) ?? 500
            return Response(
                status: .init(code: code), body: .init(byteBuffer: ByteBuffer(string: request.uri.description)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingFakePort() }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }
}
