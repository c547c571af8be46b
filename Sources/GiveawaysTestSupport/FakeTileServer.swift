import Foundation
import Hummingbird
import NIOCore

/// A real HTTP server on 127.0.0.1 that plays a slippy-map tile server: `GET /tiles/{z}/{x}/{y}.png` answers a
/// small PNG with `Cache-Control: max-age=…` (as tile.openstreetmap.org does), records every request (User-Agent
/// included), and misbehaves on demand.
public final class FakeTileServer: Sendable {
    /// The tile: the PNG signature and a little more, enough for any type sniffing.
    public static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 120)

    private let maxAge: Int
    private let script = FakeUpstreamScript()

    /// - Parameter maxAge: the `max-age` each tile is sent with, in seconds.
    public init(maxAge: Int = 86_400) {
        self.maxAge = maxAge
    }

    public func misbehave(_ standing: FakeFault?, script: [FakeFault?] = []) {
        self.script.set(standing, script: script)
    }

    public var requests: [FakeRequest] { script.requests }

    /// Runs `body` with the server listening; the argument is the tile template (`…/tiles/{z}/{x}/{y}.png`).
    public func withServer<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("tiles/:z/:x/:y") { request, _ -> Response in
            let (_, fault) = try await self.script.next(request)
            if let fault { return try await self.script.respond(to: fault) }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=\(self.maxAge)"],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.png)))
        }
        return try await script.serve(router) { base in
            try await body(base.absoluteString + "/tiles/{z}/{x}/{y}.png")
        }
    }
}
