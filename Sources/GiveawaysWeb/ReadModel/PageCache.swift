import CompressNIO
import Foundation
import GiveawaysDomain
import Hummingbird
import NIOCore
import Synchronization

/// Rendered pages for visitors without marks, who all see the same bytes: kept, with their gzipped copy and
/// every header, until the read model changes or the minute turns (the "ends in …" texts), within a byte budget.
/// `CachedPageResponder` answers from it before the router runs.
final class PageCache: Sendable {
    /// A page is cached under the exact request target it was asked for, whether only its results were asked, and
    /// the language it is written in (the same address reads differently in English and German).
    struct Key: Hashable, Sendable {
        let target: String
        let fragment: Bool
        let language: Language
    }

    /// One rendered page, ready to send.
    struct Entry: Sendable {
        let generation: Int
        let minute: Int
        let etag: String
        let plain: ByteBuffer
        let gzipped: ByteBuffer
        let plainHeaders: HTTPFields
        let gzipHeaders: HTTPFields
        let notModifiedHeaders: HTTPFields

        var bytes: Int { plain.readableBytes + gzipped.readableBytes }

        /// The answer for one request: 304 when its validator matches, gzip when it accepts it.
        func response(to request: Request) -> Response {
            if let candidates = request.headers[.ifNoneMatch],
                ConditionalGzipMiddleware<AppRequestContext>.matches(
                    candidates, etag)
            {
                return Response(status: .notModified, headers: notModifiedHeaders)
            }
            if ConditionalGzipMiddleware<AppRequestContext>.acceptsGzip(request.headers[.acceptEncoding]) {
                return Response(status: .ok, headers: gzipHeaders, body: .init(byteBuffer: gzipped))
            }
            return Response(status: .ok, headers: plainHeaders, body: .init(byteBuffer: plain))
        }
    }

    /// Request targets longer than this are served but not kept (they are junk or attacks, not shared links).
    static let maxTargetLength = 512

    private let budget: Int
    private let state = Mutex<(generation: Int, entries: [Key: Entry], bytes: Int)>((0, [:], 0))

    init(budget: Int) {
        self.budget = budget
    }

    static func minute(_ now: Date) -> Int { Int((now.timeIntervalSince1970 / 60).rounded(.down)) }

    /// The page for `key` if it is still good at `now`.
    func entry(for key: Key, now: Date) -> Entry? {
        let minute = Self.minute(now)
        return state.withLock { state in
            guard let entry = state.entries[key], entry.generation == state.generation, entry.minute == minute
            else { return nil }
            return entry
        }
    }

    /// Drops every page: the read model has a new generation.
    func invalidate(generation: Int) {
        state.withLock { state in
            state.generation = generation
            state.entries.removeAll(keepingCapacity: true)
            state.bytes = 0
        }
    }

    /// Drops the pages of one path, in every language and with any query (one game's detail arrived); every
    /// other page stays.
    func drop(path: String) {
        state.withLock { state in
            for (key, entry) in state.entries where key.target == path || key.target.hasPrefix(path + "?") {
                state.entries[key] = nil
                state.bytes -= entry.bytes
            }
        }
    }

    /// Makes the entry for a freshly rendered page and keeps it, unless the read model moved on meanwhile.
    func store(_ html: HTML, for key: Key, generation: Int, now: Date) -> Entry {
        let plain = ByteBuffer(string: html.rendered)
        var input = plain
        // Compression of an in-memory buffer cannot fail short of a bug in zlib; serve it uncompressed then.
        let gzipped = (try? input.compress(with: .gzip())) ?? plain
        let etag = "W/\"\(StaticAssets.fingerprint(plain.readableBytesView))\""
        var headers = PageResponse.headers
        SecurityHeadersMiddleware<AppRequestContext>.apply(to: &headers)
        headers[.vary] = "Accept-Language, Cookie, X-Fragment, Accept-Encoding"
        headers[.contentLanguage] = key.language.rawValue
        headers[.eTag] = etag
        var notModified = headers
        notModified[.contentType] = nil
        var plainHeaders = headers
        plainHeaders[.contentLength] = String(plain.readableBytes)
        var gzipHeaders = headers
        gzipHeaders[.contentEncoding] = "gzip"
        gzipHeaders[.contentLength] = String(gzipped.readableBytes)
        let entry = Entry(
            generation: generation, minute: Self.minute(now), etag: etag, plain: plain, gzipped: gzipped,
            plainHeaders: plainHeaders, gzipHeaders: gzipHeaders, notModifiedHeaders: notModified)
        guard key.target.utf8.count <= Self.maxTargetLength else { return entry }
        state.withLock { state in
            guard generation == state.generation else { return }
            if state.bytes + entry.bytes > budget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if let old = state.entries.updateValue(entry, forKey: key) { state.bytes -= old.bytes }
            state.bytes += entry.bytes
        }
        return entry
    }
}

/// The short path for visitors without marks: a GET for a page that is in the `PageCache` is answered with
/// its stored bytes and headers before the router and its middleware run. Everything else goes to the router.
struct CachedPageResponder<Next: HTTPResponder<AppRequestContext>>: HTTPResponder {
    let pages: PageCache
    let cookies: ProfileCookies
    let clock: @Sendable () -> Date
    let next: Next

    func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        // A `?lang=` visit goes through the router, whose LanguageMiddleware remembers the choice in a cookie.
        guard request.method == .get, !cookies.mayHaveProfile(request),
            Language.requested(by: request) == nil,
            let entry = pages.entry(
                for: PageCache.Key(request: request, language: Language(request: request)), now: clock())
        else {
            return try await next.respond(to: request, context: context)
        }
        // The same line RequestLogMiddleware writes for every other request.
        context.logger.info(
            "Request",
            metadata: [
                "hb.request.method": "GET", "hb.request.path": "\(RequestLogMiddleware.loggedPath(request.uri.path))",
                "cached": "yes",
            ])
        return entry.response(to: request)
    }
}

extension PageCache.Key {
    /// The key a request's page is kept under: its exact target (path and query as sent), fragment header and
    /// language.
    init(request: Request, language: Language) {
        target = request.uri.description
        fragment = request.headers[PageResponse.fragmentHeader] == PageResponse.resultsFragment
        self.language = language
    }
}
