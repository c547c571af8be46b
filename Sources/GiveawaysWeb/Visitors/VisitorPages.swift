import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import Hummingbird

extension ReadModel {
    /// A page for one visitor: from the page cache when the visitor has no marks (everyone without marks sees the
    /// same bytes), rendered afresh otherwise. Every page route answers through this.
    func page(
        _ request: Request, _ snapshot: ReadModelSnapshot, _ visitor: VisitorMarks, _ now: Date, in language: Language,
        render: () -> HTML
    ) -> Response {
        guard visitor.isEmpty else { return PageResponse.html(render()) }
        let key = PageCache.Key(request: request, language: language)
        if let entry = pages.entry(for: key, now: now) { return entry.response() }
        return pages.store(render(), for: key, generation: snapshot.generation, now: now).response()
    }
}

extension ReadModel {
    /// A page for one visitor: shared and cached unless the visitor's marks, rules or "new" badges change it.
    func page(
        _ request: Request, _ snapshot: ReadModelSnapshot, _ visitor: Visitor, _ now: Date, in language: Language,
        render: () -> HTML
    ) -> Response {
        page(request, snapshot, visitor, now, in: language, pieces: { HTMLPieces(render()) })
    }

    /// A page for one visitor, made of pieces: shared and cached unless the visitor's marks, rules or "new" badges
    /// change it; otherwise written from its pieces, and gzipped whole (kept by its validator for a revisit).
    func page(
        _ request: Request, _ snapshot: ReadModelSnapshot, _ visitor: Visitor, _ now: Date, in language: Language,
        pieces render: () -> HTMLPieces
    ) -> Response {
        guard visitor.seesPersonalPages(snapshot) else {
            return page(request, snapshot, VisitorMarks.none, now, in: language) { render().html }
        }
        // A revisit with nothing changed costs no rendering: the validator is made of what the page is made of.
        let etag = visitor.pageTag(request: request, generation: snapshot.generation, now: now, language: language)
        var headers = PageResponse.headers
        headers[.eTag] = etag
        if let candidates = request.headers[.ifNoneMatch],
            ConditionalGzipMiddleware<AppRequestContext>.matches(candidates, etag)
        {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        let acceptsGzip = ConditionalGzipMiddleware<AppRequestContext>.acceptsGzip(request.headers[.acceptEncoding])
        if acceptsGzip, let gzipped = compressed.cached(for: etag) {
            // Asked for again unchanged by a client that did not send the validator (a reload, a prefetch): the
            // copy compressed the first time, without rendering the page again.
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped))
        }
        let page = render().buffer
        // A page too small to gain, or one zlib could not compress (it then goes as it is).
        guard acceptsGzip, page.readableBytes >= ConditionalGzipMiddleware<AppRequestContext>.minimumSize,
            let body = try? compressed.body(for: etag, original: page)
        else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: page))
        }
        headers[.contentEncoding] = "gzip"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}

extension Visitor {
    /// Differs between processes, so a validator made by one is never taken for another's (they hash alike only
    /// by chance within one process's seed).
    private static let processTag = String(UInt64.random(in: .min ... .max), radix: 36)

    /// The validator of one personal page: a hash of everything it is made of — the snapshot, the minute (the
    /// "ends in …" texts), the address, the language, and the visitor's marks, rules and previous visit.
    func pageTag(request: Request, generation: Int, now: Date, language: Language) -> String {
        var hasher = Hasher()
        hasher.combine(generation)
        hasher.combine(PageCache.minute(now))
        hasher.combine(request.uri.description)
        hasher.combine(PageResponse.wantsFragment(request))
        hasher.combine(language)
        hasher.combine(marks)
        hasher.combine(settings.rules)
        hasher.combine(settings.previousVisitEndedAt)
        let hash = UInt64(bitPattern: Int64(hasher.finalize()))
        return "W/\"p\(Self.processTag)-\(String(hash, radix: 36))\""
    }
}

extension MarkRepository {
    /// The visitor's marks; a browser without a profile has none, and costs no database read.
    func marks(of context: AppRequestContext) async throws -> VisitorMarks {
        guard let profile = context.profile else { return .none }
        return try await marks(of: profile)
    }
}

/// A page of the visitor's own lists (Favorites, Claimed, Not interested): the frame every visitor of the address
/// shares is the layout's head and foot, around the list's content; with `X-Fragment: results`, only its results.
protocol ListPageContent: PersonalPage {
    /// The page's title, as the layout writes it.
    var pageTitle: String { get }
    func content() -> HTMLPieces
    func resultsPieces() -> HTMLPieces
}

extension ListPageContent {
    static var frameKind: SharedPartCache.Key.Kind { .listFrame }

    var shell: PageShell { PageShell(title: pageTitle, section: .favorites) }

    func frame(in layout: Layout?) -> PageFrame {
        PageFrame(parts: [layout?.head ?? .empty, layout?.foot ?? .empty])
    }

    func fillings(_ kept: PageSharedParts) -> [HTMLPieces] { [content()] }

    func fragment(_ kept: PageSharedParts) -> HTMLPieces? { resultsPieces() }
}

extension FavoritesPage: ListPageContent {
    var pageTitle: String { model.strings.pageTitle(model.strings.lists.favoritesTitle) }
}

extension MarkedListPage: ListPageContent {
    var pageTitle: String { model.strings.pageTitle(title) }
}
