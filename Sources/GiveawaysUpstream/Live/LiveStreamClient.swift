import AsyncHTTPClient
import Foundation
import NIOCore

/// Reads a server's live stream (`GET /api/v1/events`, Server-Sent Events) as `giveaways watch` does: each event as it
/// comes, and after a dropped connection, again from the last id seen (`Last-Event-ID`), after the server's `retry:`.
public struct LiveStreamClient: Sendable {
    /// One event: its id, its name and its data (the JSON text).
    public struct Event: Hashable, Sendable {
        public var id: String?
        public var name: String
        public var data: String

        public init(id: String?, name: String, data: String) {
            self.id = id
            self.name = name
            self.data = data
        }
    }

    /// The text/event-stream format, line by line (WHATWG HTML §9.2.6): `field: value`, comments (`:`), an empty line
    /// ends an event; `data` lines join with a line break; `retry` sets the reconnection delay.
    public struct Parser: Sendable {
        private var id: String?
        private var name = ""
        private var data: [String] = []
        private var pending = ""
        /// The last id an event carried (what a reconnection sends as `Last-Event-ID`).
        public private(set) var lastEventID: String?
        /// The reconnection delay the server asked for, in milliseconds.
        public private(set) var retry: Int?
        /// A line longer than this is dropped (a stream never sends one; a hostile one could).
        static let maximumLine = 1 << 20

        public init() {}

        /// Takes the next bytes of the stream; answers the events they complete.
        public mutating func take(_ text: String) -> [Event] {
            pending += text
            var events: [Event] = []
            while let end = pending.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                let line = String(pending[..<end])
                pending = String(pending[pending.index(after: end)...])
                if let event = take(line: line) { events.append(event) }
            }
            if pending.utf8.count > Self.maximumLine { pending = "" }
            return events
        }

        private mutating func take(line: String) -> Event? {
            if line.isEmpty {
                defer {
                    name = ""
                    data = []
                }
                guard !data.isEmpty else { return nil }
                if let id { lastEventID = id }
                return Event(id: id, name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
            }
            if line.hasPrefix(":") { return nil }
            let field: Substring
            var value: Substring = ""
            if let colon = line.firstIndex(of: ":") {
                field = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
            } else {
                field = line[...]
            }
            switch field {
            case "event": name = String(value)
            case "data": data.append(String(value))
            case "id" where !value.contains("\0"): id = String(value)
            case "retry": if let milliseconds = Int(value), milliseconds >= 0 { retry = milliseconds }
            default: break
            }
            return nil
        }
    }

    let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// Reads the stream until the task is cancelled: `received` with each event, reconnecting after a drop (the
    /// server's `retry:`, at least a second) from the last event seen. Throws only when the server refuses the
    /// stream (a 4xx: a bad filter, too many streams), with its answer.
    public func watch(_ received: @escaping @Sendable (Event) async -> Void) async throws {
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(45))))
        do {
            try await read(with: client, received)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try? await client.shutdown()
    }

    private func read(with client: HTTPClient, _ received: @escaping @Sendable (Event) async -> Void) async throws {
        var parser = Parser()
        while !Task.isCancelled {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "text/event-stream")
            if let last = parser.lastEventID { request.headers.add(name: "Last-Event-ID", value: last) }
            do {
                let response = try await client.execute(request, timeout: .hours(24 * 365))
                if (400..<500).contains(response.status.code) {
                    let body = try await response.body.collect(upTo: 64 * 1024)
                    throw Refused(status: Int(response.status.code), body: String(buffer: body))
                }
                if response.status == .ok {
                    for try await buffer in response.body {
                        for event in parser.take(String(buffer: buffer)) { await received(event) }
                    }
                }
            } catch let refused as Refused {
                throw refused
            } catch {
                if Task.isCancelled { return }
            }
            try? await Task.sleep(for: .milliseconds(max(1000, parser.retry ?? 3000)))
        }
    }

    /// The server refused the stream.
    public struct Refused: Error, CustomStringConvertible {
        public var status: Int
        public var body: String
        public var description: String { "the server answered HTTP \(status): \(body.prefix(200))" }
    }
}
