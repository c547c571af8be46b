import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird

/// Web Push from Settings → Notifications: "Notify this device" stores the browser's subscription as a visitor's
/// `webpush` hook (so it gets the outbox, its retries and the "starts from now" baseline of every visitor's hook),
/// and "Send a test" sends one notification now. Same-origin POSTs only, like every form (`VisitorMiddleware`).
///
/// A push endpoint is not a URL the visitor typed: the browser's vendor hands it out. So a device is added on the
/// first visit, with or without a profile (subscribing makes one), and the abuse a webhook's waiting profile guards
/// against is bounded another way: the endpoint must be on a known push service (`PushServiceHosts`), a client
/// address gets `triesPerAddress` tries at once and one more every `tryRefill`, a profile keeps `maximumPerProfile`
/// devices, a client address adds at most a twentieth of the server's (up to `maximumPerAddress`), and the server
/// keeps `--max-push-devices`; dead subscriptions (404, 410) go at once and silent ones after 60 days
/// (`HookDeliveryWorker`).
struct PushRoutes: Sendable {
    /// A subscription's JSON is a few hundred bytes; a push endpoint well under a kilobyte.
    static let maximumBody = 4 * 1024
    static let maximumEndpointLength = 1000
    /// A visitor's phone, tablet, laptop and desktop, and one to spare.
    static let maximumPerProfile = 5
    /// Devices added from one client address (a household, an office or a café behind one address).
    static let maximumPerAddress = 50
    /// Subscribing again after a browser reset, or on a second device, is a few tries a minute.
    static let triesPerAddress = 5
    static let tryRefill: TimeInterval = 15

    /// The limits a new device must fit, for a server that keeps `total` push devices.
    static func limits(total: Int) -> VisitorHookLimits {
        VisitorHookLimits(
            perProfile: maximumPerProfile, perAddress: max(1, min(maximumPerAddress, total / 20)), total: total,
            minimumProfileAge: nil)
    }

    let hooks: any HookRepository
    let devices: any PushDeviceRepository
    /// Where endpoints may be (`--push-service-host`, `--allow-private-hooks`).
    let services: PushServiceHosts
    /// `--max-push-devices`: push devices on this server, all visitors together.
    let maximumDevices: Int
    let readModel: ReadModel
    /// Sends one test notification to a hook now, and answers the attempt.
    let sendTest: @Sendable (Hook, Giveaway) async throws -> HookDeliveryAttempt
    let clock: @Sendable () -> Date
    /// Tries to add a device, per client address.
    let tries = ClientRateLimiter(capacity: triesPerAddress, refill: tryRefill)
    /// Test pushes: each is a POST to a host the visitor chose, so a client gets 3 at once and one more a minute.
    let testTries = ClientRateLimiter(capacity: 3, refill: 60)

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router)
        routes.post(.pushSubscribe, use: subscribe)
        routes.post(.pushTest, use: test)
    }

    /// What the page's script sends: `PushSubscription.toJSON()`.
    struct SubscriptionJSON: Decodable {
        struct Keys: Decodable {
            var p256dh: String
            var auth: String
        }
        var endpoint: String
        var keys: Keys
    }

    /// `POST /settings/notifications/push` with the subscription's JSON: answers `{"id":…,"label":…}` (and the
    /// profile's cookie when the browser had none), or `{"error":…}` with 400, 413 or 429 and the reason in the
    /// page's language.
    @Sendable func subscribe(request: Request, context: AppRequestContext) async throws -> Response {
        do {
            return try await add(request, context)
        } catch let error as AppError {
            var response = JSONResponse.error(status: error.status, message: error.message(in: context.strings))
            response.headers.append(contentsOf: error.headers)
            return response
        }
    }

    private func add(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let now = clock()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        if let retryAt = tries.take(client, at: now) {
            let wait = retryAt.timeIntervalSince(now)
            let minutes = minutesText(wait, context)
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(Int(wait.rounded(.up)))]) {
                $0.notifications.tooManyTries(minutes)
            }
        }
        let body = try await FormBody.collect(request, maxBytes: Self.maximumBody, strings: context.strings)
        let (endpoint, keys) = try subscription(from: Data(body.readableBytesView))
        let profile = context.profile ?? .random()
        var response = try await store(endpoint, keys, profile: profile, client: client, request, context, at: now)
        if context.profile == nil {
            response.setCookie(context.profileCookie(profile, request: request))
        }
        return response
    }

    private func store(
        _ endpoint: URL, _ keys: PushSubscriptionKeys, profile: ProfileID, client: ClientAddress,
        _ request: Request, _ context: AppRequestContext, at now: Date
    ) async throws -> Response {
        // The same browser subscribing again replaces its earlier subscription, once the new one is in: a refused
        // one (a limit) leaves the earlier in place, and the device keeps getting notifications.
        let earlier = try await hooks.hooks(of: profile).filter { $0.format == .webpush && $0.url == endpoint }
        let hook = Hook(
            url: endpoint, format: .webpush, secret: keys.secret, events: Hook.pushEvents, createdAt: now,
            profileID: profile)
        let added: Hook
        switch try await hooks.addVisitorHook(
            hook, from: client.description, limits: Self.limits(total: maximumDevices))
        {
        case .success(let hook): added = hook
        case .failure(let limit):
            // At a limit, the same subscription already stored is still this device's.
            guard let same = earlier.first(where: { $0.secret == hook.secret }) else {
                throw refusal(limit)
            }
            let label = try await devices.device(hookID: same.id)?.label ?? ""
            return try JSONResponse.encode(["id": "\(same.id)", "label": label])
        }
        for old in earlier { _ = try await hooks.removeHook(id: old.id, of: profile) }
        let label = DeviceLabel.label(userAgent: request.headers[.userAgent], strings: context.strings)
        try await devices.saveDevice(
            PushDevice(hookID: added.id, label: label, language: context.language.rawValue))
        return try JSONResponse.encode(["id": "\(added.id)", "label": label])
    }

    /// The endpoint and keys of a subscription's JSON, checked: an https endpoint on a known push service (or a
    /// private one with `--allow-private-hooks`), a 65-byte point and a 16-byte secret.
    private func subscription(from body: Data) throws -> (URL, PushSubscriptionKeys) {
        guard let json = try? JSONDecoder().decode(SubscriptionJSON.self, from: body),
            json.endpoint.count <= Self.maximumEndpointLength, let endpoint = URL(string: json.endpoint),
            let keys = try? PushSubscriptionKeys(p256dh: json.keys.p256dh, auth: json.keys.auth)
        else { throw AppError { $0.push.badSubscription } }
        do {
            try services.check(endpoint)
        } catch .notHTTPS {
            throw AppError { $0.push.endpointNotHTTPS }
        } catch .unknownService(let host) {
            throw AppError { $0.push.unknownPushService(host) }
        }
        return (endpoint, keys)
    }

    private func refusal(_ limit: VisitorHookLimit) -> AppError {
        switch limit {
        // A push device waits for no profile (`minimumProfileAge` is nil): these two never come.
        case .profileEmpty, .profileTooNew: return AppError { $0.push.failed }
        case .profileFull: return AppError { $0.push.profileFull(Self.maximumPerProfile) }
        case .addressFull: return AppError { $0.notifications.addressFull }
        case .serverFull: return AppError { $0.notifications.serverFull }
        }
    }

    /// `POST /settings/notifications/{id}/test`: one notification now, about the feed's first live giveaway.
    /// Answers `{"ok":…,"message":…}` for the page's script, a redirect back for a plain form.
    @Sendable func test(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard let profile = context.profile, case .pushTest(let id) = route,
            let hook = try await hooks.hooks(of: profile).first(where: { $0.id == id && $0.format == .webpush })
        else { throw AppError(.notFound) { $0.notifications.noSuchNotification } }
        let now = clock()
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        if let retryAt = testTries.take(client, at: now) {
            let wait = retryAt.timeIntervalSince(now)
            let minutes = minutesText(wait, context)
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(Int(wait.rounded(.up)))]) {
                $0.notifications.tooManyTries(minutes)
            }
        }
        let snapshot = try await readModel.snapshot()
        let sample = snapshot.giveaways.first { $0.isLive(at: now) } ?? Self.sample(now: now)
        let attempt = try await sendTest(hook, sample)
        guard request.headers[.accept]?.contains("application/json") == true else {
            return PageResponse.redirect(to: SiteRoute.notifications.path)
        }
        let text = context.strings.push
        let message =
            attempt.succeeded ? text.testSent : text.testFailed(attempt.error ?? "HTTP \(attempt.status ?? 0)")
        return try JSONResponse.encode(TestAnswer(ok: attempt.succeeded, message: message))
    }

    struct TestAnswer: Encodable {
        var ok: Bool
        var message: String
    }

    /// A made-up giveaway for a test when the feed holds none.
    static func sample(now: Date) -> Giveaway {
        Giveaway(
            id: 0, title: "GameGiveaways", worth: nil, thumbnailURL: "", imageURL: "", description: "",
            instructions: "", openGiveawayURL: "", openGiveaway: nil, publishedAt: now, type: .game, platforms: [],
            endsAt: nil, users: 0, status: "Active", gamerpowerURL: "")
    }

    private func minutesText(_ interval: TimeInterval, _ context: AppRequestContext) -> String {
        let count = max(1, Int((interval / 60).rounded(.up)))
        return context.strings.time.spanIn.minute(count, number: context.strings.number(count))
    }
}
