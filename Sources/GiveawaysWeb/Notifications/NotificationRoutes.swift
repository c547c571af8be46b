import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird

/// `/settings/notifications`: a visitor profile's own webhooks. They follow the visitor's rules in Settings (the
/// same rules as Home, More and the personal feeds). Unlike the operator's (`giveaways hooks add`), they may never
/// reach a private, loopback or metadata address — not even with `--allow-private-hooks` — and a profile keeps at
/// most `maximumHooks`.
///
/// Every hook costs the server deliveries, and visitors share one budget of them (`maximumVisitorHooks`), so a
/// fresh cookie cannot add one: the profile must hold something and be `minimumProfileAge` old, one client
/// address may add `maximumHooksPerAddress` and try `triesPerAddress` times at once (one more every
/// `tryRefill`), so that one client cannot use up the budget for everyone.
struct NotificationRoutes: Sendable {
    static let maximumHooks = ProfileLimits.hooks
    /// Visitors' hooks on this server, all profiles together.
    static let maximumVisitorHooks = 200
    /// Visitors' hooks added from one client address: a twentieth of the server's.
    static let maximumHooksPerAddress = 10
    static let minimumProfileAge: TimeInterval = 10 * 60
    static let triesPerAddress = 10
    static let tryRefill: TimeInterval = 6 * 60

    static let limits = VisitorHookLimits(
        perProfile: maximumHooks, perAddress: maximumHooksPerAddress, total: maximumVisitorHooks,
        minimumProfileAge: minimumProfileAge)

    let hooks: any HookRepository
    let profiles: any ProfileRepository
    let clock: @Sendable () -> Date
    /// Tries to add a hook, per client address; one per app, so it lives as long as the server.
    let tries = ClientRateLimiter(capacity: triesPerAddress, refill: tryRefill)
    /// Web Push's part of the page ("This device"); `nil` on a server without it.
    var push: PushPageSetup?

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(
            router,
            unmatched: { _, context in
                throw AppError(.notFound) { $0.notifications.noSuchNotification }
            })
        routes.get(.notifications, use: page)
        routes.post(.notifications, use: add)
        routes.post(.notificationRemove, use: remove)
        routes.post(.notificationSchedule, use: saveSchedule)
    }

    /// `GET /settings/notifications`.
    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        try await render(request, context, error: nil)
    }

    /// `POST /settings/notifications`: adds a hook; refused input shows the page again with the reason (400, or
    /// 429 with `Retry-After` for too many tries from one address).
    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let now = clock()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        // Counted before anything else is read: refused tries cost the client too.
        if let retryAt = tries.take(client, at: now) {
            let wait = retryAt.timeIntervalSince(now)
            var response = try await render(
                request, context, error: context.strings.notifications.tooManyTries(minutes(wait, context)),
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            return response
        }
        let form = try await FormBody(request: request, strings: context.strings)
        let text = context.strings.notifications
        let refusal: String
        do {
            // No profile is made here: a browser without one could never add a hook anyway.
            guard let profile = context.profile else {
                throw Refused(text.profileEmpty(minutes(Self.minimumProfileAge, context)))
            }
            let hook = try makeHook(form, profile: profile, strings: context.strings)
            switch try await hooks.addVisitorHook(hook, from: client.description, limits: Self.limits) {
            case .success: refusal = ""
            case .failure(.profileEmpty): refusal = text.profileEmpty(minutes(Self.minimumProfileAge, context))
            case .failure(.profileTooNew(let readyAt)):
                refusal = text.profileTooNew(minutes(readyAt.timeIntervalSince(now), context))
            case .failure(.profileFull): refusal = text.profileFull(Self.maximumHooks)
            case .failure(.addressFull): refusal = text.addressFull
            case .failure(.serverFull): refusal = text.serverFull
            }
        } catch let error as Refused {
            refusal = error.description
        }
        guard refusal.isEmpty else {
            return try await render(request, context, error: refusal, typedURL: form["url"] ?? "", status: .badRequest)
        }
        return PageResponse.redirect(to: SiteRoute.notifications.path)
    }

    /// "7 minutes" in the page's language, rounded up (at least one).
    private func minutes(_ interval: TimeInterval, _ context: AppRequestContext) -> String {
        let count = max(1, Int((interval / 60).rounded(.up)))
        return context.strings.time.spanIn.minute(count, number: context.strings.number(count))
    }

    /// `POST /settings/notifications/{id}/delete`: removes one of this visitor's hooks.
    @Sendable func remove(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard let profile = context.profile, case .notificationRemove(let id) = route,
            try await hooks.removeHook(id: id, of: profile)
        else { throw AppError(.notFound) { $0.notifications.noSuchNotification } }
        return PageResponse.redirect(to: SiteRoute.notifications.path)
    }

    func render(
        _ request: Request, _ context: AppRequestContext, error: String?, typedURL: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let profile = context.profile
        var own: [Hook] = []
        var rules = GiveawayRules.none
        var preferences = NotificationPreferences.standard
        if let profile {
            own = try await hooks.hooks(of: profile)
            rules = try await profiles.settings(of: profile).rules
            preferences = try await hooks.notificationPreferences(of: profile)
        }
        let strings = context.strings
        var pushSection: HTML?
        if let push {
            var devices: [(Hook, PushDevice?)] = []
            for hook in own where hook.format == .webpush {
                devices.append((hook, try await push.devices.device(hookID: hook.id)))
            }
            pushSection = PushSection(publicKey: push.publicKey, devices: devices, strings: strings).render()
        }
        own.removeAll { $0.format == .webpush }
        var page = NotificationsPage(
            hooks: own.map { NotificationsPage.HookModel($0, strings: strings) },
            rulesText: strings.rulesSummary(rules),
            error: error, typedURL: typedURL, strings: strings)
        page.preferences = preferences
        page.push = pushSection
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.notifications.heading),
                section: .settings, content: page.render()
            )
            .render(),
            status: status)
    }

    private func makeHook(_ form: FormBody, profile: ProfileID, strings: Strings) throws -> Hook {
        let text = strings.notifications
        // A Web Push subscription comes only through its own route, with the browser's keys checked there.
        guard let format = HookFormat(rawValue: form["format"] ?? ""), format != .webpush else {
            throw Refused(text.chooseFormat)
        }
        var events = Set(HookEvent.allCases.filter { form[$0.rawValue] == "1" })
        // Settings' one "hearted" box asks for both kinds of news about a hearted giveaway.
        if events.contains(.back) { events.insert(.started) }
        guard !events.isEmpty else { throw Refused(text.tickOne) }
        if format == .telegram {
            return try makeTelegramHook(form, profile: profile, events: events, strings: strings)
        }
        let typed = (form["url"] ?? "").trimmingCharacters(in: .whitespaces)
        guard typed.count <= NotificationsPage.maximumURLLength, let url = URL(string: typed) else {
            throw Refused(text.notAnAddress)
        }
        do {
            try HookAddress.validateLiteral(url)
        } catch .privateAddress {
            throw Refused(text.privateAddress)
        } catch {
            throw Refused(text.httpOnly)
        }
        if format == .ntfy, url.path.split(separator: "/").isEmpty {
            throw Refused(text.ntfyNeedsTopic)
        }
        var secret = form["secret"].flatMap { $0.isEmpty ? nil : $0 }
        if format == .apprise { secret = try appriseTargets(form, url: url, strings: strings) }
        // No rules of its own: a visitor's hook reads the profile's rules whenever it is used.
        return Hook(url: url, format: format, secret: secret, events: events, createdAt: clock(), profileID: profile)
    }

    /// Input the form refuses, with a message for the visitor.
    struct Refused: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// What the page needs to show "This device": the VAPID public key and the devices' names.
struct PushPageSetup: Sendable {
    let publicKey: String
    let devices: any PushDeviceRepository
}
