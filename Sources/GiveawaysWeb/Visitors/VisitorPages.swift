import Foundation
import GiveawaysDomain
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
        guard !visitor.seesPersonalPages(snapshot) else { return PageResponse.html(render()) }
        return page(request, snapshot, VisitorMarks.none, now, in: language, render: render)
    }
}

extension MarkRepository {
    /// The visitor's marks; a browser without a profile has none, and costs no database read.
    func marks(of context: AppRequestContext) async throws -> VisitorMarks {
        guard let profile = context.profile else { return .none }
        return try await marks(of: profile)
    }
}
