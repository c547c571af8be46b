import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import Hummingbird
import NIOCore
import Synchronization

/// Rendered pages for visitors without marks, who all see the same bytes: kept with their validator until the read
/// model changes or the minute turns (the "ends in …" texts), within a byte budget. `PageCacheMiddleware` answers
/// from it inside the router's middleware, so a kept page gets the same headers, compression, validation and log
/// line as every other answer; the gzip middleware keeps one compressed copy per validator.
final class PageCache: Sendable {
    /// A page is cached under the exact request target it was asked for, whether only its results were asked, and
    /// the language it is written in (the same address reads differently in English and German).
    struct Key: Hashable, Sendable {
        let target: String
        let fragment: Bool
        let language: Language
    }

    /// One rendered page and its validator.
    struct Entry: Sendable {
        let generation: Int
        let minute: Int
        let etag: String
        let body: ByteBuffer
        let headers: HTTPFields

        var bytes: Int { body.readableBytes }

        /// A 200 with the page; the middleware around it validates (304) and compresses.
        func response() -> Response {
            Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
    }

    /// How often a page was answered from the cache, and how often it had to be rendered (for /metrics and tests).
    struct Counts: Equatable, Sendable {
        var hits = 0
        var misses = 0
    }

    /// Request targets longer than this are served but not kept (they are junk or attacks, not shared links).
    static let maxTargetLength = 512

    /// The pages of the read model's newest generation (as last told, `invalidate`) and the current minute; when
    /// full, the pages kept longest ago and not asked for since make room.
    private let kept: BoundedCache<Key, Entry>
    private let tally = Mutex(Counts())

    init(budget: Int) {
        kept = BoundedCache(budgetBytes: budget)
    }

    static func minute(_ now: Date) -> Int { CacheScope.minute(now) }

    var counts: Counts { tally.withLock { $0 } }

    /// The page for `key` if it is still good at `now`; counted as a hit or a miss. The middleware's look-up does
    /// not count a miss: the route it passes the request on to looks again, and counts that.
    func entry(for key: Key, now: Date, countsMiss: Bool = true) -> Entry? {
        let entry = kept.value(forKey: key, inNewestGenerationAt: now)
        if entry != nil {
            tally.withLock { $0.hits += 1 }
        } else if countsMiss {
            tally.withLock { $0.misses += 1 }
        }
        return entry
    }

    /// Drops every page: the read model has a new generation.
    func invalidate(generation: Int) {
        kept.startGeneration(generation)
    }

    /// Drops the pages of one path, in every language and with any query (one game's detail arrived); every
    /// other page stays.
    func drop(path: String) {
        kept.removeAll { $0.target == path || $0.target.hasPrefix(path + "?") }
    }

    /// Makes the entry for a freshly rendered page and keeps it, unless the read model moved on meanwhile.
    func store(_ html: HTML, for key: Key, generation: Int, now: Date) -> Entry {
        let body = ByteBuffer(string: html.rendered)
        let etag = "W/\"\(StaticAssets.fingerprint(body.readableBytesView))\""
        var headers = PageResponse.headers
        headers[.eTag] = etag
        let entry = Entry(generation: generation, minute: Self.minute(now), etag: etag, body: body, headers: headers)
        guard key.target.utf8.count <= Self.maxTargetLength else { return entry }
        // Not kept when the read model moved on meanwhile: the scope is older than the one kept.
        kept.keep(entry, bytes: entry.bytes, forKey: key, in: CacheScope(generation: generation, now: now))
        return entry
    }
}

/// The short path for visitors without marks: a GET for a page that is in the `PageCache` is answered with its
/// stored bytes before the routes, the visitor lookup and the error pages run. It sits inside the middleware
/// that logs, adds the security headers, validates and compresses, and chooses the language, so a kept page is
/// answered the one way every page is.
struct PageCacheMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageCache
    let cookies: ProfileCookies
    let clock: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A `?lang=` visit goes on, so that LanguageMiddleware remembers the choice in a cookie.
        guard request.method == .get, !cookies.mayHaveProfile(request), Language.requested(by: request) == nil,
            let entry = pages.entry(
                for: PageCache.Key(request: request, language: context.language), now: clock(), countsMiss: false)
        else {
            return try await next(request, context)
        }
        context.logger.debug("Page from the cache")
        return entry.response()
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
