import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysViews
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// `GET /api/v1/events`: the live stream as Server-Sent Events. The API's `platform` and `type` filters apply on
/// the server; `Last-Event-ID` (or `?lastEventId=`, for a first connection that wants what it missed) replays what
/// the log still holds; `retry:` once, then a comment line every 15 s so proxies keep the connection. At most
/// `perClient` streams per client address (429 beyond) and `maximum` in all (503 beyond), and no more new streams
/// per address than `budget` allows (429 beyond: a client reconnecting in a loop). Nothing personal is ever on the
/// stream: it is the same for every visitor.
struct LiveRoutes: Sendable {
    let live: LiveEvents
    let readModel: ReadModel
    let maximum: Int
    let perClient: Int
    /// New streams per client address over time (`LiveReconnectBudget`).
    let budget: LiveReconnectBudget
    /// How often a comment keeps a quiet stream alive.
    var keepAlive: Duration = .seconds(15)
    private let open = OpenStreams()

    /// The streams open now, per client address.
    final class OpenStreams: Sendable {
        let counts = Mutex<[ClientAddress: Int]>([:])
    }

    /// One admitted stream's place and the tasks that feed it, given back exactly once: when the body ends, when its
    /// output ends, or when the answer is dropped before its body ever ran (the client was gone first).
    final class Place: Sendable {
        private let state: Mutex<(release: (@Sendable () -> Void)?, tasks: [Task<Void, Never>])>

        init(release: @escaping @Sendable () -> Void) {
            state = Mutex((release, []))
        }

        var tasks: [Task<Void, Never>] {
            get { state.withLock { $0.tasks } }
            set { state.withLock { $0.tasks = newValue } }
        }

        func close() {
            let (release, tasks) = state.withLock { state in
                defer { state = (nil, []) }
                return (state.release, state.tasks)
            }
            tasks.forEach { $0.cancel() }
            release?()
        }

        deinit { close() }
    }

    init(
        live: LiveEvents, readModel: ReadModel, maximum: Int, perClient: Int,
        budget: LiveReconnectBudget = .standard
    ) {
        self.live = live
        self.readModel = readModel
        self.maximum = maximum
        self.perClient = perClient
        self.budget = budget
    }

    func register(on router: Router<AppRequestContext>) {
        SiteRouter(router).get(.apiEvents, use: stream)
    }

    @Sendable func stream(request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let snapshot = try await readModel.snapshot()
        var filter = LiveEventFilter()
        // As for `/api/v1/giveaways`: any letter case, and empty or `all` for every platform and type.
        if let platform = query["platform"].map({ $0.lowercased() }), !platform.isEmpty, platform != "all" {
            guard snapshot.platformSlugs.contains(platform) || Platform.known(slug: platform) != nil else {
                return Self.refusal(.badRequest, "Unknown platform.")
            }
            filter.platform = platform
        }
        if let type = query["type"].map({ $0.lowercased() }), !type.isEmpty, type != "all" {
            guard let known = TypeFilter(rawValue: type) else {
                return Self.refusal(.badRequest, "Unknown type: use game, loot or beta.")
            }
            filter.type = known
        }
        // `Last-Event-ID`, else `?lastEventId=`; either, when sent, must be an id (the document's pattern), empty too.
        var lastEventID: Int?
        for text in [request.headers[Self.lastEventIDField], query["lastEventId"].map(String.init)] {
            guard let text else { continue }
            guard let id = Self.eventID(text) else {
                return Self.refusal(.badRequest, "Last-Event-ID is not an event id.")
            }
            lastEventID = lastEventID ?? id
        }
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        // Real time, not the server's clock (which `--now` can stop): a budget must refill.
        let now = Date()
        let admitted: (status: HTTPResponse.Status, message: String, retryAfter: Int)? = open.counts.withLock { open in
            if open.values.reduce(0, +) >= maximum {
                return (.serviceUnavailable, "The server holds as many streams as it can.", 30)
            }
            if open[client, default: 0] >= perClient {
                return (.tooManyRequests, "Too many open streams from this address.", 30)
            }
            // Only a stream that would be admitted spends the budget.
            if let wait = budget.take(client, replay: lastEventID != nil, at: now) {
                return (.tooManyRequests, "Too many new streams from this address: reconnect later.", wait)
            }
            open[client, default: 0] += 1
            return nil
        }
        if let refused = admitted {
            var response = Self.refusal(refused.status, refused.message)
            response.headers[.retryAfter] = String(refused.retryAfter)
            return response
        }
        let place = Place { [open] in
            open.counts.withLock { open in
                open[client, default: 1] -= 1
                if open[client] == 0 { open[client] = nil }
            }
        }
        let events = live.subscribe()
        let keepAlive = keepAlive
        let (live, limit) = (self.live, LiveEvents.replayLimit)
        let (wanted, resumeAfter) = (filter, lastEventID)
        // The events (filtered) and the keep-alive comments, as they come, as text to write: a reader that falls
        // `LiveEvents.bufferSize` behind is cut off. (`events` holds what is published while a replay is written;
        // afterwards the feeder below keeps it empty.)
        let (lines, output) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingOldest(LiveEvents.bufferSize + 2))
        output.onTermination = { _ in place.close() }
        let body = ResponseBody { writer in
            defer { place.close() }
            // A client that goes away closes its side of the connection: the stream ends then, not at the next
            // write that fails (up to two keep-alives later), so its place is free at once.
            try await request.body.consumeWithInboundCloseHandler { _ in
                try await writer.write(ByteBuffer(string: "retry: 5000\n: GameGiveaways live events\n\n"))
                // What a resuming client missed, page by page from the log, each page written before the next is
                // read; then what was published meanwhile and from now on, without repeats.
                var last = resumeAfter ?? 0
                if resumeAfter != nil {
                    var replayed = 0
                    while replayed < limit {
                        let page = try await live.missed(
                            after: last, limit: min(LiveEvents.replayPage, limit - replayed))
                        for event in page where wanted.admits(event) {
                            try await writer.write(ByteBuffer(string: Self.frame(event)))
                        }
                        replayed += page.count
                        last = page.last?.id ?? last
                        if page.count < LiveEvents.replayPage { break }
                    }
                }
                let after = last
                place.tasks = [
                    Task {
                        for await event in events where event.id > after && wanted.admits(event) {
                            if case .dropped = output.yield(Self.frame(event)) { break }
                        }
                        output.finish()
                    },
                    Task {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: keepAlive)
                            if Task.isCancelled { break }
                            if case .dropped = output.yield(": keep-alive\n\n") { break }
                        }
                    },
                ]
                for await text in lines {
                    try await writer.write(ByteBuffer(string: text))
                }
            } onInboundClosed: {
                output.finish()
            }
            try await writer.finish(nil)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(status: .ok, headers: headers, body: body)
    }

    static let lastEventIDField = HTTPField.Name("Last-Event-ID")!

    /// An event id as the document has it: 1 to 19 ASCII digits, nothing else (no sign, space or emptiness). Nineteen
    /// digits past the largest id there can be are after every event.
    static func eventID(_ text: String) -> Int? {
        guard (1...19).contains(text.utf8.count),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text) ?? Int.max
    }

    /// One event as the stream sends it.
    static func frame(_ event: LiveEvent) -> String {
        // `data` is one line of JSON; a stray line break (there is none) would still end the field cleanly.
        let data = event.data.replacingOccurrences(of: "\n", with: "\ndata: ")
        return "id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(data)\n\n"
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        JSONResponse.error(status: status, message: message, cacheControl: "no-store")
    }
}
