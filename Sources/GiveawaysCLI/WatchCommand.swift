import ArgumentParser
import Foundation
import GiveawaysUpstream

/// `giveaways watch`: a server's live stream on the terminal, one line per event, as it comes.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print a server's live events (new, changed and ended giveaways, finished syncs) as they come.",
        discussion: """
            Reads GET /api/v1/events (Server-Sent Events) and prints one line per event, flushed at once; after a \
            dropped connection it reconnects and carries on from the last event it printed. Ctrl-C stops it.
            """)

    @Option(help: "The server (env GIVEAWAYS_URL; default http://127.0.0.1:8080).")
    var url: String?

    @Option(help: "Only giveaways on this platform (a slug, e.g. steam).")
    var platform: String?

    @Option(help: "Only giveaways of this kind: game, loot or beta.")
    var type: String?

    @Flag(help: "Print each event as one JSON object: {\"id\", \"event\", \"data\"}.")
    var json = false

    func run() async throws {
        let base = url ?? ProcessInfo.processInfo.environment["GIVEAWAYS_URL"] ?? "http://127.0.0.1:8080"
        guard var components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), components.host?.isEmpty == false
        else {
            Console.error("--url must be an http(s) URL of a GameGiveaways server, e.g. http://127.0.0.1:8080")
            throw ExitCode(64)
        }
        components.path =
            (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path)
            + "/api/v1/events"
        components.queryItems = [("platform", platform), ("type", type)].compactMap { name, value in
            value.map { URLQueryItem(name: name, value: $0) }
        }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        guard let streamURL = components.url else { throw ExitCode(64) }
        let asJSON = json
        do {
            try await LiveStreamClient(url: streamURL).watch { event in
                // Written straight to the descriptor: a pipe (`| grep`) sees each line the moment it comes.
                FileHandle.standardOutput.write(Data((Self.line(event, json: asJSON) + "\n").utf8))
            }
        } catch let refused as LiveStreamClient.Refused {
            Console.error(refused.description)
            throw ExitCode(refused.status == 429 ? 75 : 64)
        }
    }

    /// One line for an event: `#41 giveaway.new  Lantern Drift (Steam) · ends 2026-04-02T15:00:00Z · http://…`, or
    /// the event as one JSON object.
    static func line(_ event: LiveStreamClient.Event, json: Bool) -> String {
        let data = (try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) as? [String: Any] ?? [:]
        if json {
            var object: [String: Any] = ["event": event.name, "data": data]
            if let id = event.id { object["id"] = Int(id) ?? id as Any }
            let bytes = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: bytes, as: UTF8.self)
        }
        let id = event.id.map { "#\($0) " } ?? ""
        if event.name == "sync.finished" {
            return "\(id)\(event.name)  \(data["source"] as? String ?? "?") \(data["outcome"] as? String ?? "?")"
        }
        var parts = [data["title"] as? String ?? "?"]
        if let platforms = data["platforms"] as? [String], !platforms.isEmpty {
            parts[0] += " (\(platforms.joined(separator: ", ")))"
        }
        if let end = data["endDate"] as? String { parts.append("ends \(end)") }
        if let link = data["openGiveawayUrl"] as? String, !link.isEmpty { parts.append(link) }
        // A title is upstream text: no control characters reach the terminal.
        let text = parts.joined(separator: " · ").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        return "\(id)\(event.name)  \(String(String.UnicodeScalarView(text)))"
    }
}
