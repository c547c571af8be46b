import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysViews
import Hummingbird
import NIOPosix

/// "Games you own": a visitor links their Steam profile (read with the operator's key, `steam`) or imports a list,
/// and sees which live giveaways are of games they own. Every form is a plain POST (cross-site requests are refused by
/// `VisitorMiddleware`); the first one creates the visitor's profile. A Steam read costs Steam calls from one budget
/// per server, so each visitor has a few reads an hour (and each address a few more, however many profiles it makes).
struct LibraryRoutes: Sendable {
    let library: any LibraryRepository
    let steam: (any SteamLibrarySource)?
    let readModel: ReadModel
    /// Imports: a few at a time on the server, one at a time per profile (shared with Settings' imports).
    let heavyWork: WorkGate
    /// Steam reads per profile: 4 at once, then one every 15 minutes.
    let readsPerProfile = ClientRateLimiter(capacity: 4, refill: 15 * 60)
    /// Steam reads per client address: 12 at once, then one every 5 minutes.
    let readsPerAddress = ClientRateLimiter(capacity: 12, refill: 5 * 60)
    /// List imports per client address: six at once, then one every ten minutes (an import reads megabytes and keeps
    /// up to 50,000 rows; a person imports a list or two, and one address making profile after profile for imports
    /// gets a few an hour).
    let importTries = ClientRateLimiter(capacity: 6, refill: 600)
    let uploads = WorkGate(limit: 4)
    let clock: @Sendable () -> Date

    /// The unmatched titles an import result lists, at most.
    static let unmatchedShown = 200

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router)
        routes.get(.library, use: show)
        routes.post(.librarySteam, use: linkSteam)
        routes.post(.libraryRefresh, use: refresh)
        routes.post(.libraryUnlink, use: unlink)
        routes.post(.libraryImport, use: importList)
        routes.post(.libraryClear, use: clear)
    }

    /// `GET /settings/library`.
    @Sendable func show(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        try await page(request, context)
    }

    /// `POST /settings/library/steam` (`profile=`) — links the Steam profile and reads its games.
    @Sendable func linkSteam(request: Request, context: AppRequestContext) async throws -> Response {
        guard let steam else { throw AppError(.notFound) { $0.library.steamOff } }
        let form = try await FormBody(request: request, maxBytes: 2048, strings: context.strings)
        let profile = context.profile ?? .random()
        guard let input = form["profile"].flatMap(SteamProfileInput.init) else {
            return try await page(request, context, profile: profile, message: context.strings.library.badProfile)
        }
        try takeRead(request, context, profile: profile)
        let steamID: String
        do {
            steamID = try await steam.steamID(for: input)
        } catch {
            // A name Steam does not know is the visitor's to fix (400); Steam down, throttling or refusing is not.
            let status: HTTPResponse.Status = error == .noSuchName ? .badRequest : .badGateway
            return try await page(
                request, context, profile: profile, message: failureText(error, context), status: status)
        }
        try await library.linkSteam(steamID, for: profile, at: clock())
        return try await read(steamID, with: steam, request, context, profile: profile)
    }

    /// `POST /settings/library/refresh` — reads the linked Steam library again.
    @Sendable func refresh(request: Request, context: AppRequestContext) async throws -> Response {
        guard let steam, let profile = context.profile,
            let steamID = try await library.library(of: profile).steam?.steamID
        else { return PageResponse.redirect(to: SiteRoute.library.path) }
        try takeRead(request, context, profile: profile)
        return try await read(steamID, with: steam, request, context, profile: profile)
    }

    /// `POST /settings/library/unlink` — forgets the Steam link and its games.
    @Sendable func unlink(request: Request, context: AppRequestContext) async throws -> Response {
        if let profile = context.profile { try await library.unlinkSteam(for: profile) }
        return PageResponse.redirect(to: SiteRoute.library.path)
    }

    /// `POST /settings/library/clear` — removes the imported list.
    @Sendable func clear(request: Request, context: AppRequestContext) async throws -> Response {
        if let profile = context.profile { try await library.replaceListedGames([], for: profile, at: clock()) }
        return PageResponse.redirect(to: SiteRoute.library.path)
    }

    /// `POST /settings/library/import` — a pasted (`list`) or chosen (`file`) list, multipart or URL-encoded; it
    /// replaces the last one, and the answer says how many were given away here before and lists the others.
    @Sendable func importList(request: Request, context: AppRequestContext) async throws -> Response {
        let profile = context.profile ?? .random()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        if let retryAt = importTries.take(client, at: Date()) {
            let seconds = max(1, Int(retryAt.timeIntervalSinceNow.rounded(.up)))
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(seconds)]) { $0.errors.busy }
        }
        let read = try await uploads.run(for: profile) {
            try await FormBody.collect(
                request, maxBytes: OwnedGamesList.maxBytes + 64 * 1024, strings: context.strings,
                within: .seconds(30))
        }
        guard let body = read else { throw Self.busy }
        let contentType = request.headers[.contentType]
        let strings = context.strings
        let snapshot = try await readModel.snapshot()
        let outcome: Result<(OwnedGamesList, LibraryPage.ImportResult), BadRequest>? = try await heavyWork.run(
            for: profile
        ) {
            // Reading megabytes is CPU work: on a thread of its own, never on the threads that answer pages.
            let parsed = try await NIOThreadPool.singleton.runIfActive { () -> Result<OwnedGamesList, BadRequest> in
                do {
                    return .success(try OwnedGamesList(parsing: try Self.listText(body, contentType, strings)))
                } catch let failure as OwnedGamesList.Failure {
                    return .failure(BadRequest { Self.text(failure, $0) })
                }
            }
            switch parsed {
            case .failure(let refusal): return .failure(refusal)
            case .success(let list):
                try await library.replaceListedGames(list.games, for: profile, at: clock())
                let unmatched = list.games.filter { snapshot.gameHistory.all(ofGameTitled: $0.title).isEmpty }
                return .success(
                    (
                        list,
                        LibraryPage.ImportResult(
                            games: list.games.count, matched: list.games.count - unmatched.count,
                            unmatched: unmatched.prefix(Self.unmatchedShown).map(\.title),
                            unmatchedTotal: unmatched.count)
                    ))
            }
        }
        guard let outcome else { throw Self.busy }
        switch outcome {
        case .failure(let refusal):
            return try await page(
                request, context, profile: profile, message: refusal.message(in: strings), status: .badRequest)
        case .success(let (_, result)):
            return try await page(request, context, profile: profile, imported: result)
        }
    }

    // MARK: - Helpers

    /// Reads `steamID`'s games and keeps them (or the failure, keeping the last good read), then shows the page.
    private func read(
        _ steamID: String, with steam: any SteamLibrarySource, _ request: Request, _ context: AppRequestContext,
        profile: ProfileID
    ) async throws -> Response {
        do {
            let games = try await steam.ownedGames(of: steamID)
            try await library.saveSteamGames(games, of: steamID, for: profile, at: clock())
            return withProfile(profile, context, request, PageResponse.redirect(to: SiteRoute.library.path))
        } catch let failure as SteamLibraryFailure {
            try await library.saveSteamFailure(failure, of: steamID, for: profile, at: clock())
            return try await page(
                request, context, profile: profile,
                status: failure == .privateGames ? .ok : .badGateway)
        }
    }

    /// One Steam read from the profile's and the address's shares, or a 429 that says when.
    private func takeRead(_ request: Request, _ context: AppRequestContext, profile: ProfileID) throws {
        let now = Date()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        // One bucket at a time: a read the profile's share refuses takes nothing from the address's.
        let wait = readsPerProfile.take(key: profile.rawValue, at: now) ?? readsPerAddress.take(client, at: now)
        if let wait {
            let minutes = max(1, Int((wait.timeIntervalSince(now) / 60).rounded(.up)))
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(minutes * 60)]) {
                $0.library.refreshWait(minutes)
            }
        }
    }

    private func failureText(_ error: any Error, _ context: AppRequestContext) -> String {
        let failure = error as? SteamLibraryFailure ?? .unavailable
        return context.strings.library.failure(LibraryPage.text(failure))
    }

    private func page(
        _ request: Request, _ context: AppRequestContext, profile: ProfileID? = nil, message: String? = nil,
        imported: LibraryPage.ImportResult? = nil, status: HTTPResponse.Status? = nil
    ) async throws -> Response {
        let profile = profile ?? context.profile
        var owned = OwnedLibrary.empty
        if let profile { owned = try await library.library(of: profile) }
        let now = clock()
        let snapshot = try await readModel.snapshot()
        let live =
            owned.isEmpty
            ? []
            : snapshot.live(at: now).compactMap { giveaway in
                owned.owns(giveaway).map { (giveaway: giveaway, source: $0) }
            }
        let view = LibraryPage(
            library: owned, steamEnabled: steam != nil, ownedLive: live, message: message, imported: imported,
            strings: context.strings)
        let response = PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.library.heading),
                section: .settings, content: view.render()
            ).render(), status: status ?? (message == nil ? .ok : .badRequest))
        return profile.map { withProfile($0, context, request, response) } ?? response
    }

    /// The list from the import form: its chosen file (`file`) or pasted text (`list`).
    private static func listText(_ body: ByteBuffer, _ contentType: String?, _ strings: Strings) throws -> String {
        if let boundary = MultipartForm.boundary(of: contentType) {
            guard let form = MultipartForm(body: body.readableBytesView, boundary: boundary) else {
                throw OwnedGamesList.Failure.empty
            }
            if let file = form.parts.first(where: { $0.name == "file" }), !file.bytes.isEmpty {
                return OwnedGamesList.text(decoding: Array(file.bytes))
            }
            return form.text("list") ?? ""
        }
        return try FormBody(body: body, strings: strings)["list"] ?? ""
    }

    private static func text(_ failure: OwnedGamesList.Failure, _ strings: Strings) -> String {
        switch failure {
        case .empty: strings.library.listEmpty
        case .tooLarge: strings.library.listTooLarge
        case .tooManyGames: strings.library.listTooMany
        }
    }

    private static var busy: AppError { AppError(.tooManyRequests, headers: [.retryAfter: "5"]) { $0.errors.busy } }

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
