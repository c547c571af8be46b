import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream

/// Decode + upsert into a real SQLite file (WAL), the way `sync` and `import` do.
enum SyncBench {
    static func run(files: [URL], seedFeed: Data, seed: [Giveaway], into table: inout Table) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var round = 0
        func freshRepository() throws -> GiveawayFeedSQLRepository {
            round += 1
            return GiveawayFeedSQLRepository(
                database: try AppDatabase.open(path: directory.appendingPathComponent("db\(round).sqlite").path))
        }
        let time = Date(timeIntervalSince1970: 1_774_915_200)

        // One capture into an empty store, and the same capture again into a store that has it (a routine sync).
        var first: [Duration] = []
        var again: [Duration] = []
        for _ in 0..<21 {
            let repository = try freshRepository()
            let (_, cold) = try await Clock.measure {
                let feed = try GamerPowerFeedDecoder().decode(status: 200, body: seedFeed)
                return try await repository.saveFeed(feed.giveaways, at: time)
            }
            first.append(cold)
            let (_, warm) = try await Clock.measure {
                let feed = try GamerPowerFeedDecoder().decode(status: 200, body: seedFeed)
                return try await repository.saveFeed(feed.giveaways, at: time.addingTimeInterval(1800))
            }
            again.append(warm)
        }
        var decodes: [Duration] = []
        for _ in 0..<21 {
            decodes.append(Clock.measure { _ = try? GamerPowerFeedDecoder().decode(status: 200, body: seedFeed) }.1)
        }
        table.add("sync: of which JSON decode + mapping alone, median", Clock.format(Clock.percentile(decodes, 0.5)))
        let coldMedian = Clock.percentile(first, 0.5)
        let warmMedian = Clock.percentile(again, 0.5)
        table.add(
            "sync: decode + upsert one capture (\(seed.count) items), empty store, median", Clock.format(coldMedian),
            goal: "≤ 10 ms", met: coldMedian <= .milliseconds(10))
        table.add(
            "sync: decode + upsert the same capture again, median", Clock.format(warmMedian), goal: "≤ 10 ms",
            met: warmMedian <= .milliseconds(10))

        if !files.isEmpty {
            var replays: [Duration] = []
            for _ in 0..<5 {
                let repository = try freshRepository()
                let (_, total) = try await Clock.measure {
                    for (day, file) in files.enumerated() {
                        let feed = try GamerPowerFeedDecoder().decode(status: 200, body: try Data(contentsOf: file))
                        _ = try await repository.saveFeed(
                            feed.giveaways, at: time.addingTimeInterval(Double(day) * 86_400))
                    }
                }
                replays.append(total)
            }
            let median = Clock.percentile(replays, 0.5)
            table.add(
                "sync: replay all \(files.count) captures in order, median of 5", Clock.format(median),
                goal: "≤ 300 ms", met: median <= .milliseconds(300))
        }

        let before = Memory.peakMiB() ?? 0
        let big = Data(SyntheticFeed.make(count: 100_000, from: seed).utf8)
        let repository = try freshRepository()
        let (_, bigTime) = try await Clock.measure {
            let feed = try GamerPowerFeedDecoder().decode(status: 200, body: big)
            return try await repository.saveFeed(feed.giveaways, at: time)
        }
        let after = Memory.peakMiB() ?? 0
        table.add(
            "sync: synthetic 100,000-item feed (\(big.count / 1_048_576) MiB), decode + upsert", Clock.format(bigTime),
            goal: "≤ 3 s", met: bigTime <= .seconds(3))
        table.add(
            "sync: peak RSS before → after the 100,000-item sync", String(format: "%.0f → %.0f MiB", before, after))
    }
}

/// GamerPower-format feeds made from real items, with new ids and titles.
enum SyntheticFeed {
    static func make(count: Int, from seed: [Giveaway]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(count)
        for number in 0..<count {
            let giveaway = seed[number % seed.count]
            let platforms = giveaway.platforms.map(\.displayName).joined(separator: ", ")
            let end = giveaway.endsAt.map { Self.upstream($0) } ?? "N/A"
            parts.append(
                "{\"id\":\(number + 1),\"title\":\(json(giveaway.title + " #\(number)")),\"worth\":\(json(giveaway.worth?.formatted ?? "N/A")),"
                    + "\"thumbnail\":\(json(giveaway.thumbnailURL)),\"image\":\(json(giveaway.imageURL)),"
                    + "\"description\":\(json(giveaway.description)),\"instructions\":\(json(giveaway.instructions)),"
                    + "\"open_giveaway_url\":\(json(giveaway.openGiveawayURL)),\"published_date\":\(json(Self.upstream(giveaway.publishedAt))),"
                    + "\"type\":\(json(giveaway.type.rawValue)),\"platforms\":\(json(platforms)),\"end_date\":\(json(end)),"
                    + "\"users\":\(giveaway.users),\"status\":\"Active\",\"gamerpower_url\":\(json(giveaway.gamerpowerURL)),"
                    + "\"open_giveaway\":\(json(giveaway.openGiveawayURL))}")
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    static let sample = """
        [{"id":1,"title":"Sample Giveaway","worth":"$1.99","thumbnail":"","image":"","description":"A sample.",\
        "instructions":"1. Claim.","open_giveaway_url":"https:\\/\\/example.com","published_date":"2026-03-01 00:00:00",\
        "type":"Game","platforms":"PC, Steam","end_date":"N/A","users":10,"status":"Active","gamerpower_url":""}]
        """

    private static func json(_ text: String) -> String {
        let data = try! JSONEncoder().encode(text)
        return String(decoding: data, as: UTF8.self)
    }

    private static func upstream(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
