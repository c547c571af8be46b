import CompressNIO
import GiveawaysDomain
import GiveawaysHTTP
import Hummingbird
import NIOCore

/// Validators and compression for GET answers: every 200 with a body gets an ETag (`If-None-Match` → 304), and
/// text bodies are gzipped for clients that accept it. Compressed bodies are kept by ETag, so a page that many
/// visitors request is compressed once.
package struct ConditionalGzipMiddleware<Context: RequestContext>: RouterMiddleware {
    package static var minimumSize: Int { 1024 }
    package static var maximumSize: Int { 4 * 1_048_576 }
    package let compressed: GzipBodyCache

    package init(compressed: GzipBodyCache = GzipBodyCache(budget: CacheBudgets.compressedBodiesBytes)) {
        self.compressed = compressed
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard request.method == .get || request.method == .head, response.status == .ok,
            response.headers[.contentEncoding] == nil,
            let length = response.body.contentLength, length > 0, length <= Self.maximumSize
        else { return response }
        let acceptsGzip = Self.acceptsGzip(request.headers[.acceptEncoding])
        let compressible = Self.isCompressible(response.headers[.contentType])
        if compressible {
            let vary = response.headers[.vary]
            let withEncoding = Self.varyWithEncoding(vary)
            if withEncoding != vary { response.headers[.vary] = withEncoding }
        }
        let wantsGzip = acceptsGzip && compressible && length >= Self.minimumSize
        // A handler that set the validator (the page cache, feeds) spares reading the body to make one: a match is
        // answered 304, and a body compressed before under that validator is sent as it was.
        if let knownTag = response.headers[.eTag] {
            if let candidates = request.headers[.ifNoneMatch], Self.matches(candidates, knownTag) {
                return Self.notModified(response.headers)
            }
            guard wantsGzip else { return response }
            if let gzipped = compressed.cached(for: knownTag) {
                return Self.gzip(response, body: gzipped)
            }
        }
        let collector = BodyCollector()
        try await response.body.write(collector)
        let body = collector.buffer
        let tag = response.headers[.eTag] ?? "W/\"\(ContentFingerprint.of(body.readableBytesView))\""
        response.headers[.eTag] = tag
        if let candidates = request.headers[.ifNoneMatch], Self.matches(candidates, tag) {
            return Self.notModified(response.headers)
        }
        guard wantsGzip else {
            response.body = .init(byteBuffer: body)
            return response
        }
        return Self.gzip(response, body: try compressed.body(for: tag, original: body))
    }

    private static func notModified(_ headers: HTTPFields) -> Response {
        var headers = headers
        headers[.contentType] = nil
        headers[.contentLength] = nil
        return Response(status: .notModified, headers: headers)
    }

    private static func gzip(_ response: Response, body: ByteBuffer) -> Response {
        var response = response
        response.headers[.contentEncoding] = "gzip"
        response.body = .init(byteBuffer: body)
        return response
    }

    package static func acceptsGzip(_ header: String?) -> Bool {
        AcceptEncoding.acceptsGzip(header)
    }

    package static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("image/svg+xml")
            || type.hasPrefix("application/javascript") || type.hasPrefix("application/atom+xml")
            || type.hasPrefix("application/feed+json")
    }

    package static func matches(_ header: String, _ tag: String) -> Bool {
        let bare = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        return header.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == tag || value == bare || value == "W/" + bare
        }
    }

    package static func varyWithEncoding(_ vary: String?) -> String {
        guard let vary, !vary.isEmpty else { return "Accept-Encoding" }
        return SearchQuery.contains(vary, "Accept-Encoding") ? vary : vary + ", Accept-Encoding"
    }
}

/// Gzipped bodies by ETag, within a byte budget (the ones kept longest ago and not asked for since make room).
package final class GzipBodyCache: Sendable {
    private let kept: BoundedCache<String, ByteBuffer>

    package init(budget: Int) {
        kept = BoundedCache(budgetBytes: budget)
    }

    /// The body compressed before under `tag`, if it is still kept.
    package func cached(for tag: String) -> ByteBuffer? {
        kept.value(forKey: tag)
    }

    package func body(for tag: String, original: ByteBuffer) throws -> ByteBuffer {
        if let hit = cached(for: tag) { return hit }
        var input = original
        let gzipped = try input.compress(with: .gzip())
        keep(gzipped, for: tag)
        return gzipped
    }

    /// Keeps `gzipped`, compressed elsewhere, under `tag`.
    package func keep(_ gzipped: ByteBuffer, for tag: String) {
        kept.keep(gzipped, bytes: gzipped.readableBytes, forKey: tag)
    }
}

/// Collects a response body into one buffer.
private final class BodyCollector: ResponseBodyWriter {
    package var buffer = ByteBuffer()

    package func write(_ buffer: ByteBuffer) async throws {
        var copy = buffer
        self.buffer.writeBuffer(&copy)
    }

    package func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
