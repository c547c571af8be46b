import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import Hummingbird

/// What a route hands the page engine: how its page is written. The engine (`ReadModel.answer`) decides, from the
/// visitor, whether the kept page everyone shares answers, or the visitor's own, and how it is joined, validated and
/// compressed; no page or route sees a cache key.
struct PageDescription {
    fileprivate let pieces: (CardRenderer, PageSharedParts, Request, AppRequestContext) -> HTMLPieces

    /// A page written whole by `render`: the same for every visitor it reads the same for.
    static func whole(_ render: @escaping () -> HTML) -> PageDescription {
        PageDescription { _, _, _, _ in HTMLPieces(render()) }
    }

    /// A page of a kept frame and its visitor's parts (`PersonalPage`), made with the request's card renderer, and
    /// only when it must be written (a 304 or a kept copy needs none).
    static func personal<Page: PersonalPage>(_ make: @escaping (CardRenderer) -> Page) -> PageDescription {
        PageDescription { renderer, kept, request, context in
            let page = make(renderer)
            if PageResponse.wantsFragment(request), let fragment = page.fragment(kept) { return fragment }
            let frame = kept.parts.value(
                .init(kind: Page.frameKind, target: kept.target, language: kept.language),
                generation: kept.generation, now: kept.now
            ) {
                page.frame(
                    in: Layout(
                        request, context, title: page.pageTitle, section: Page.section, content: .empty,
                        headLinks: page.headLinks))
            }
            return frame.join(page.fillings(kept))
        }
    }
}

extension ReadModel {
    /// The one door of every page: `page` for `visitor`. A visitor it reads the same for as for everyone (no marks,
    /// no rules, no "new" badge) gets the kept page of the address and language; any other gets the page written for
    /// them, validated by what it is made of (a revisit with nothing changed costs no writing: 304) and gzipped
    /// whole, the compressed copy kept by its validator for a revisit without it.
    func answer(
        _ page: PageDescription, for visitor: Visitor, _ request: Request, _ context: AppRequestContext,
        snapshot: ReadModelSnapshot, now: Date
    ) -> Response {
        let language = context.language
        func write() -> HTMLPieces {
            let kept = PageSharedParts(
                parts: parts, target: request.uri.description, language: language, generation: snapshot.generation,
                now: now)
            return page.pieces(cardRenderer(snapshot, now: now, context: context), kept, request, context)
        }
        guard visitor.seesPersonalPages(snapshot) else {
            let key = PageCache.Key(request: request, language: language)
            if let entry = pages.entry(for: key, now: now) { return entry.response() }
            return pages.store(write().html, for: key, generation: snapshot.generation, now: now).response()
        }
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
            // copy compressed the first time, without writing the page again.
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped))
        }
        let body = write().buffer
        // A page too small to gain, or one zlib could not compress (it then goes as it is).
        guard acceptsGzip, body.readableBytes >= ConditionalGzipMiddleware<AppRequestContext>.minimumSize,
            let gzipped = try? compressed.body(for: etag, original: body)
        else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        headers[.contentEncoding] = "gzip"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped))
    }
}

extension Visitor {
    /// A visitor as far as a page made of their marks alone sees them (Statistics, the catalog).
    static func marks(_ marks: VisitorMarks) -> Visitor {
        Visitor(profile: nil, marks: marks, settings: .none)
    }

    /// Differs between processes, so a validator made by one is never taken for another's (they hash alike only
    /// by chance within one process's seed).
    private static let processTag = String(UInt64.random(in: .min ... .max), radix: 36)

    /// The validator of one personal page: a hash of everything it is made of — the snapshot, the minute (the
    /// "ends in …" texts), the address, the language, and the visitor's marks, rules, previous visit and library.
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
        hasher.combine(library)
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
    func content() -> HTMLPieces
    func resultsPieces() -> HTMLPieces
}

extension ListPageContent {
    static var frameKind: SharedPartCache.Key.Kind { .listFrame }

    static var section: Layout.Section? { .favorites }

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
