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
        let form = try await FormBody(request: request)
        // A browser gets its profile the first time it adds a hook.
        let profile = context.profile ?? .random()
        let refusal: String
        do {
            let hook = try makeHook(form, profile: profile)
            switch try await hooks.addVisitorHook(
                hook, perProfile: Self.maximumHooks, total: Self.maximumVisitorHooks)
            {
            case .success: refusal = ""
            case .failure(.profileFull):
                refusal = "You have \(Self.maximumHooks) notifications already; remove one first."
            case .failure(.serverFull):
                refusal = "This server takes no more notifications from visitors for now. Ask its owner, or use a feed."
            }
        } catch let error as Refused {
            refusal = error.description
        }
        guard refusal.isEmpty else {
            return try await render(request, context, error: refusal, typedURL: form["url"] ?? "", status: .badRequest)
        }
        var response = PageResponse.redirect(to: SiteRoute.notifications.path)
        if context.profile == nil {
            response.setCookie(VisitorMiddleware.profileCookie(profile, request: request))
        }
        return response
    }

    /// `POST /settings/notifications/{id}/delete`: removes one of this visitor's hooks.
    @Sendable func remove(request: Request, context: AppRequestContext) async throws -> Response {
        guard let profile = context.profile, let id = context.parameters.get("id", as: Int.self),
            try await hooks.removeHook(id: id, of: profile)
        else { throw HTTPError(.notFound, message: "There is no such notification of yours.") }
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
        let page = NotificationsPage(
            hooks: own.map(NotificationsPage.HookModel.init), rulesText: rules.summary,
            error: error, typedURL: typedURL)
        return PageResponse.html(
            Layout(request, context, title: "Notifications · GameGiveaways", section: .settings, content: page.render())
                .render(),
            status: status)
    }

    private func makeHook(_ form: FormBody, profile: ProfileID) throws -> Hook {
        let text = (form["url"] ?? "").trimmingCharacters(in: .whitespaces)
        guard text.count <= Self.maximumURLLength, let url = URL(string: text) else {
            throw Refused("That is not a web address.")
        }
        do {
            try HookAddress.validateLiteral(url)
        } catch .privateAddress {
            throw Refused("Notifications cannot go to a private or local address.")
        } catch {
            throw Refused("The address must start with http:// or https://.")
        }
        guard let format = HookFormat(rawValue: form["format"] ?? "") else { throw Refused("Choose a format.") }
        if format == .ntfy, url.path.split(separator: "/").isEmpty {
            throw Refused("An ntfy address names the topic: https://ntfy.sh/your-topic")
        }
        let events = Set(HookEvent.allCases.filter { form[$0.rawValue] == "1" })
        guard !events.isEmpty else { throw Refused("Tick at least one kind of news.") }
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
