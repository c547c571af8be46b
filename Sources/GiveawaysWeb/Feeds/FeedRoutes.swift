import Foundation
import GiveawaysDomain
import GiveawaysViews
import HTTPTypes
import Hummingbird

/// The feeds: Atom, JSON Feed and iCalendar for any Home filter, and each profile's personal feeds that follow its
/// rules and marks. Read the read model; read (never write) profiles and marks.
struct FeedRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    /// The public origin and allowed names, for absolute links.
    let site: SiteAddress
    let clock: @Sendable () -> Date
    /// What visitors own, for the rule "hide games I own"; `nil` reads none.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, platformSlugs: { [readModel] in try await readModel.snapshot().platformSlugs })
        routes.get(.feed, use: publicFeed)
        routes.get(.personalFeed, unmatched: { _, _ in FeedResponse.unknownFeed() }, use: personalFeed)
    }

    /// `GET /feeds/giveaways.atom|.json`, `/feeds/ends.ics` with Home's `platform`, `type`, `sort` and `q` — the
    /// live giveaways Home would list, at most `FeedDocument.maximumItems`; the calendar also has Home's "Coming
    /// soon" (an event at each start).
    @Sendable func publicFeed(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .feed(let filters, let format) = route else { throw PageRoutes.notFound }
        let now = clock()
        // The same selection as Home for a visitor without a profile (`ending=24h` included).
        let selection = HomeSelection(filters: filters, snapshot: snapshot, visitor: .anonymous, now: now)
        return try respond(
            request, format: format, title: filters.feedTitle, selfPath: SiteRoute.feed(filters, format: format).path,
            homePath: filters.path, giveaways: selection.giveaways, upcoming: selection.upcoming.map(\.giveaway),
            snapshot: snapshot, marks: .none, now: now)
    }

    /// `GET /feeds/p/{token}.atom|.json|.ics` — the live giveaways a profile's rules admit, newest first (and in
    /// the calendar, the announced ones they admit). An unknown, revoked or malformed token is a plain 404 that
    /// reveals nothing.
    @Sendable func personalFeed(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response
    {
        guard case .personalFeed(let token, let format) = route,
            let profile = try await profiles.profile(forFeedToken: token)
        else { return FeedResponse.unknownFeed() }
        let snapshot = try await readModel.snapshot()
        let settings = try await profiles.settings(of: profile)
        let marks = try await marks.marks(of: profile)
        let now = clock()
        var owned = OwnedLibrary.empty
        if settings.rules.hideOwned, let library { owned = try await library.library(of: profile) }
        let admitted = snapshot.admitted(snapshot.live(at: now), rules: settings.rules, marks: marks, library: owned)
            .sorted(by: GiveawaySort.date.areInIncreasingOrder)
        let upcoming =
            format == .ics
            ? snapshot.admitted(snapshot.upcoming(at: now), rules: settings.rules, marks: marks, library: owned) : []
        return try respond(
            request, format: format, title: "GameGiveaways · my giveaways",
            selfPath: SiteRoute.personalFeed(token: token, format: format).path,
            homePath: SiteRoute.homePath, giveaways: admitted, upcoming: upcoming, snapshot: snapshot, marks: marks,
            now: now, isPersonal: true)
    }

    // MARK: - Helpers

    private func respond(
        _ request: Request, format: FeedFormat, title: String, selfPath: String, homePath: String,
        giveaways: [Giveaway], upcoming: [Giveaway], snapshot: ReadModelSnapshot, marks: VisitorMarks, now: Date,
        isPersonal: Bool = false
    ) throws -> Response {
        // The calendar holds only giveaways with a date (an end, or a store's start) and what is announced; the
        // caps apply to what it holds. Atom and JSON Feed hold what is free now.
        let entries = format == .ics ? giveaways.filter { $0.endsAt != nil || $0.startsAt != nil } : giveaways
        let capped = Array(entries.prefix(FeedDocument.maximumItems))
        let announced = format == .ics ? Array(upcoming.prefix(FeedDocument.maximumItems)) : []
        let lastModified = FeedDocument.lastModified(
            of: capped + announced, snapshot: snapshot, marks: marks, now: now)
        let base = site.linkBase(for: request)
        let feed = FeedDocument(
            title: title, selfPath: selfPath, homePath: homePath, giveaways: capped, upcoming: announced,
            stored: snapshot.stored, base: base, lastModified: lastModified ?? Date(timeIntervalSince1970: 0))
        let body: ByteBuffer
        switch format {
        case .atom: body = ByteBuffer(string: AtomFeed.render(feed))
        case .json: body = ByteBuffer(bytes: try JSONFeed.render(feed))
        case .ics: body = ByteBuffer(string: ICalendar.render(feed))
        }
        return FeedResponse.make(
            body: body, format: format, lastModified: lastModified, request: request, isPersonal: isPersonal)
    }
}
