import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysViews
import HTTPTypes
import Hummingbird
import NIOPosix

/// Settings: rules, the personal feed address, linking another browser with a one-time code, and export and
/// import of a visitor's data. Every form is a plain POST (cross-site requests are refused by
/// `VisitorMiddleware`); the first one that needs a profile creates it.
struct SettingsRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    /// The public origin and allowed names, for absolute links.
    let site: SiteAddress
    /// Imports and exports: a few at a time on the server, one at a time per profile.
    let heavyWork: WorkGate
    /// Imports per client address: a few at once, then one every 10 s (an import decodes megabytes).
    let importTries = ClientRateLimiter(capacity: 6, refill: 10)
    /// Exports per client address: they read and encode every mark of a profile.
    let exportTries = ClientRateLimiter(capacity: 6, refill: 10)
    /// Import bodies being read at once, all visitors together.
    let uploads = WorkGate(limit: 4)
    static let uploadDeadline: Duration = .seconds(30)
    let clock: @Sendable () -> Date
    /// What visitors own, for their cards and the "hide games I own" rule; `nil` reads none.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router)
        routes.get(.settings, use: show)
        routes.post(.settings, use: saveRules)
        routes.post(.settingsFeedToken, use: renewFeedToken)
        routes.post(.settingsLinkCode, use: createLinkCode)
        routes.get(.link, use: confirmLink)
        routes.post(.link, use: link)
        routes.get(.settingsExport, use: export)
        routes.post(.settingsImport, use: importData)
    }

    private var visitors: VisitorReader { VisitorReader(marks: marks, profiles: profiles, library: library) }

    /// `GET /settings`.
    @Sendable func show(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .settings(let notice) = route else { throw PageRoutes.notFound }
        let now = clock()
        let visitor = try await visitors.visitor(context, at: now, recordingVisit: false)
        let page = SettingsPage(
            model: .init(
                visitor: visitor, snapshot: try await readModel.snapshot(), notice: notice,
                origin: site.linkBase(for: request).origin, now: now,
                strings: context.strings))
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.settings.heading),
                section: .settings, content: page.render()
            ).render())
    }

    /// `POST /settings` — saves the rules (or clears them with `clear=1`).
    @Sendable func saveRules(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, maxBytes: 32 * 1024, strings: context.strings)
        let snapshot = try await readModel.snapshot()
        let rules: GiveawayRules
        if form["clear"] == "1" {
            rules = .none
        } else {
            let slugs = Set(Platform.catalog.map(\.slug)).union(snapshot.platformSlugs)
            rules = try RulesForm.rules(from: form, knownSlugs: slugs)
        }
        let profile = context.profile ?? .random()
        try await profiles.saveRules(rules, for: profile, at: clock())
        return withProfile(
            profile, context, request,
            PageResponse.redirect(to: SiteRoute.settings(notice: rules.isEmpty ? .cleared : .saved).path))
    }

    /// `POST /settings/feed` — a new secret address for the personal feeds.
    @Sendable func renewFeedToken(request: Request, context: AppRequestContext) async throws -> Response {
        let profile = context.profile ?? .random()
        _ = try await profiles.renewFeedToken(for: profile, at: clock())
        return withProfile(
            profile, context, request,
            PageResponse.redirect(to: SiteRoute.settings(notice: .feedRenewed).path + "#feeds-title"))
    }

    /// `POST /settings/link-code` — shows a fresh one-time code (and its link) for another browser.
    @Sendable func createLinkCode(request: Request, context: AppRequestContext) async throws -> Response {
        let profile = context.profile ?? .random()
        let now = clock()
        let code = try await profiles.createLinkCode(for: profile, at: now)
        let page = LinkPage.code(
            code,
            link: site.linkBase(for: request).absolute(
                SiteRoute.link(code: code.grouped).path),
            expiresAt: now.addingTimeInterval(LinkCode.lifetime), strings: context.strings)
        var response = PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.link.linkTitle), section: .settings,
                content: page
            )
            .render())
        // The code is a secret for ten minutes: keep it out of every cache.
        response.headers[HTTPField.Name.cacheControl] = "no-store"
        return withProfile(profile, context, request, response)
    }

    /// `GET /link?code=` — "Use this profile here?"; changes nothing until confirmed.
    @Sendable func confirmLink(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response
    {
        guard case .link(let typed) = route else { throw PageRoutes.notFound }
        let ownMarks = try await marks.marks(of: context).all.count
        let content: HTML
        if let typed, let code = LinkCode(typed: typed) {
            content = LinkPage.confirm(code, ownMarks: ownMarks, strings: context.strings)
        } else {
            content = LinkPage.enter(
                typed: typed, error: typed == nil ? nil : context.strings.link.malformed, strings: context.strings)
        }
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.link.enterTitle), section: .settings,
                content: content
            )
            .render(),
            status: typed == nil || LinkCode(typed: typed ?? "") != nil ? .ok : .badRequest)
    }

    /// `POST /link` — uses the code once; this browser then carries the code's profile.
    @Sendable func link(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        let typed = form["code"] ?? ""
        guard let code = LinkCode(typed: typed) else {
            return error(
                request, context,
                LinkPage.enter(typed: typed, error: context.strings.link.malformed, strings: context.strings))
        }
        switch try await profiles.redeemLinkCode(code, at: clock()) {
        case .success(let profile):
            var response = PageResponse.redirect(to: SiteRoute.settings(notice: .linked).path)
            response.setCookie(context.profileCookie(profile, request: request))
            return response
        case .failure(let reason):
            return error(
                request, context,
                LinkPage.enter(
                    typed: nil, error: LinkPage.message(reason, context.strings), strings: context.strings))
        }
    }

    /// `GET /settings/export` — marks, notes and rules as a JSON file.
    @Sendable func export(request: Request, context: AppRequestContext) async throws -> Response {
        let now = clock()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        if exportTries.take(client, at: Date()) != nil { throw Self.busy(context) }
        let exported = try await heavyWork.run(for: context.profile) {
            let visitor = try await visitors.visitor(context, at: now, recordingVisit: false)
            let export = ProfileExport(
                marks: visitor.marks.all, rules: visitor.rules, ownedGames: visitor.library.games,
                steamID: visitor.library.steam?.steamID)
            return try await NIOThreadPool.singleton.runIfActive { try ProfileExportJSON(export, at: now).encoded() }
        }
        guard let exported else { throw Self.busy(context) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"gamegiveaways-profile.json\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: exported)))
    }

    /// `POST /settings/import` — a chosen or pasted export file (multipart, or URL-encoded), merged into this profile.
    @Sendable func importData(request: Request, context: AppRequestContext) async throws -> Response {
        let profile = context.profile ?? .random()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        // Real time, not the app's clock (fixed in demos and tests): tries come back as time really passes.
        if importTries.take(client, at: Date()) != nil { throw Self.busy(context) }
        // Reading the body: a few uploads at a time (each holds up to one export in memory), each within a deadline,
        // so a sender who trickles a byte a minute holds a slot for seconds, not for ever.
        let read = try await uploads.run(for: profile) {
            try await FormBody.collect(
                request, maxBytes: ProfileExportJSON.maxBytes + 4096, strings: context.strings,
                within: Self.uploadDeadline)
        }
        guard let body = read else { throw Self.busy(context) }
        // The decoding and the writes: one at a time, refused work costing no parsing at all.
        let imported: Void? = try await heavyWork.run(for: profile) {
            let contentType = request.headers[.contentType]
            // Decoding megabytes is CPU work: done on a thread of its own, never on the threads that answer pages.
            let export = try await NIOThreadPool.singleton.runIfActive {
                try Self.decodeImport(body, contentType: contentType, strings: context.strings)
            }
            do {
                try await profiles.importProfile(export, into: profile, at: clock())
            } catch is ProfileFull {
                throw BadRequest.importOverLimit()
            }
            try await importLibrary(export, into: profile)
        }
        guard imported != nil else { throw Self.busy(context) }
        return withProfile(
            profile, context, request, PageResponse.redirect(to: SiteRoute.settings(notice: .imported).path))
    }

    // MARK: - Helpers

    /// The imported file's library: its list replaces this profile's list, and its Steam profile (with the games
    /// read last) becomes this profile's Steam link, refreshed from Steam at the next daily read.
    private func importLibrary(_ export: ProfileExport, into profile: ProfileID) async throws {
        guard let library else { return }
        let listed = export.ownedGames.filter { $0.source == .list }
        if !listed.isEmpty { try await library.replaceListedGames(listed, for: profile, at: clock()) }
        if let steamID = export.steamID {
            try await library.linkSteam(steamID, for: profile, at: clock())
            let steam = export.ownedGames.filter { $0.source == .steam }
            if !steam.isEmpty { try await library.saveSteamGames(steam, of: steamID, for: profile, at: clock()) }
        }
    }

    /// The export file from the import form: its chosen file (`file`) or pasted text (`data`). The form holds one
    /// export (JSON of at most `ProfileExportJSON.maxBytes`) and nothing else of any size, so that is its cap.
    /// Browsers send it as multipart (the file as it is); URL-encoded forms are read too.
    private static func decodeImport(_ body: ByteBuffer, contentType: String?, strings: Strings) throws -> ProfileExport
    {
        let text: String
        if let boundary = MultipartForm.boundary(of: contentType) {
            guard let form = MultipartForm(body: body.readableBytesView, boundary: boundary) else {
                throw BadRequest { $0.errors.exportUnreadable }
            }
            if let file = form.parts.first(where: { $0.name == "file" }), !file.bytes.isEmpty {
                guard let decoded = String(validating: file.bytes, as: UTF8.self) else {
                    throw BadRequest { $0.errors.exportUnreadable }
                }
                text = decoded
            } else {
                text = form.text("data") ?? ""
            }
        } else {
            text = try FormBody(body: body, strings: strings)["data"] ?? ""
        }
        // JSON may start with whitespace: only an all-blank field is "missing" (checked without copying it).
        guard text.utf8.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw BadRequest { $0.errors.importMissing }
        }
        return try ProfileExportJSON.decode(Data(text.utf8)).export
    }

    /// 429 for work over the gate's bound; the browser may try again shortly.
    private static func busy(_ context: AppRequestContext) -> AppError {
        AppError(.tooManyRequests, headers: [.retryAfter: "5"]) { $0.errors.busy }
    }

    private func error(_ request: Request, _ context: AppRequestContext, _ content: HTML) -> Response {
        PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.link.enterTitle), section: .settings,
                content: content
            )
            .render(),
            status: .badRequest)
    }

    /// Gives a browser the profile that a form just created.
    private func withProfile(
        _ profile: ProfileID, _ context: AppRequestContext, _ request: Request, _ response: Response
    ) -> Response {
        guard context.profile == nil else { return response }
        var response = response
        response.setCookie(context.profileCookie(profile, request: request))
        return response
    }
}
