import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird

/// `/settings/notifications`: a visitor profile's own webhooks. They follow the visitor's rules in Settings (the
/// same rules as Home, More and the personal feeds). Unlike the operator's (`giveaways hooks add`), they may never
/// reach a private, loopback or metadata address — not even with `--allow-private-hooks` — and a profile keeps at
/// most `maximumHooks`.
struct NotificationRoutes: Sendable {
    static let maximumHooks = 5
    /// Visitors' hooks on this server, all profiles together.
    static let maximumVisitorHooks = 200
    static let maximumURLLength = 500

    let hooks: HookSQLiteRepository
    let profiles: any ProfileRepository
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        router.get(.init(SiteRoute.Pattern.notifications), use: page)
        router.post(.init(SiteRoute.Pattern.notifications), use: add)
        router.post(.init(SiteRoute.Pattern.notificationRemove), use: remove)
    }

    /// `GET /settings/notifications`.
    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        try await render(request, context, error: nil)
    }

    /// `POST /settings/notifications`: adds a hook; refused input shows the page again with the reason (400).
    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        // A browser gets its profile the first time it adds a hook.
        let profile = context.profile ?? .random()
        let refusal: String
        do {
            let hook = try makeHook(form, profile: profile, text: context.strings.notifications)
            switch try await hooks.addVisitorHook(
                hook, perProfile: Self.maximumHooks, total: Self.maximumVisitorHooks)
            {
            case .success: refusal = ""
            case .failure(.profileFull):
                refusal = context.strings.notifications.profileFull(Self.maximumHooks)
            case .failure(.serverFull):
                refusal = context.strings.notifications.serverFull
            }
        } catch let error as Refused {
            refusal = error.description
        }
        guard refusal.isEmpty else {
            return try await render(request, context, error: refusal, typedURL: form["url"] ?? "", status: .badRequest)
        }
        var response = PageResponse.redirect(to: SiteRoute.notifications.path)
        if context.profile == nil {
            response.setCookie(context.profileCookie(profile, request: request))
        }
        return response
    }

    /// `POST /settings/notifications/{id}/delete`: removes one of this visitor's hooks.
    @Sendable func remove(request: Request, context: AppRequestContext) async throws -> Response {
        guard let profile = context.profile, let id = context.parameters.get("id", as: Int.self),
            try await hooks.removeHook(id: id, of: profile)
        else { throw HTTPError(.notFound, message: context.strings.notifications.noSuchNotification) }
        return PageResponse.redirect(to: SiteRoute.notifications.path)
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, error: String?, typedURL: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let profile = context.profile
        var own: [Hook] = []
        var rules = GiveawayRules.none
        if let profile {
            own = try await hooks.hooks(of: profile)
            rules = try await profiles.settings(of: profile).rules
        }
        let strings = context.strings
        let page = NotificationsPage(
            hooks: own.map { NotificationsPage.HookModel($0, strings: strings) },
            rulesText: strings.rulesSummary(rules),
            error: error, typedURL: typedURL, strings: strings)
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.notifications.heading),
                section: .settings, content: page.render()
            )
            .render(),
            status: status)
    }

    private func makeHook(_ form: FormBody, profile: ProfileID, text: Strings.NotificationsText) throws -> Hook {
        let typed = (form["url"] ?? "").trimmingCharacters(in: .whitespaces)
        guard typed.count <= Self.maximumURLLength, let url = URL(string: typed) else {
            throw Refused(text.notAnAddress)
        }
        do {
            try HookAddress.validateLiteral(url)
        } catch .privateAddress {
            throw Refused(text.privateAddress)
        } catch {
            throw Refused(text.httpOnly)
        }
        guard let format = HookFormat(rawValue: form["format"] ?? "") else { throw Refused(text.chooseFormat) }
        if format == .ntfy, url.path.split(separator: "/").isEmpty {
            throw Refused(text.ntfyNeedsTopic)
        }
        let events = Set(HookEvent.allCases.filter { form[$0.rawValue] == "1" })
        guard !events.isEmpty else { throw Refused(text.tickOne) }
        let secret = form["secret"].flatMap { $0.isEmpty ? nil : $0 }
        // No rules of its own: a visitor's hook reads the profile's rules whenever it is used.
        return Hook(url: url, format: format, secret: secret, events: events, createdAt: clock(), profileID: profile)
    }

    /// Input the form refuses, with a message for the visitor.
    struct Refused: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
