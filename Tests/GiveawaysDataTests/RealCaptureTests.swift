import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// Replays the real daily captures in ../shared/fixtures when that folder exists (CI has it; a plain clone does not).
@Suite(.enabled(if: RealCaptures.directory != nil, "../shared/fixtures/gamerpower/daily is not present"))
struct RealCaptureTests {
    @Test func everyItemOfEveryDailyCaptureMaps() throws {
        let files = try RealCaptures.files()
        #expect(files.count == 31)
        var total = 0
        for file in files {
            let body = try Data(contentsOf: file)
            let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
            let feed = try GamerPowerFeedDecoder().decode(status: 200, body: body)
            #expect(feed.skipped.isEmpty, "\(file.lastPathComponent): \(feed.skipped)")
            #expect(feed.giveaways.count == raw.count)
            for (giveaway, object) in zip(feed.giveaways, raw) {
                #expect(giveaway.id == object["id"] as? Int)
                #expect(giveaway.users == object["users"] as? Int)
                let platforms = (object["platforms"] as? String ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                #expect(giveaway.platforms.map(\.displayName) == platforms)
                #expect(giveaway.platforms.allSatisfy { $0.isKnown }, "unknown platform in \(giveaway.id)")
                #expect((object["worth"] as? String == "N/A") == (giveaway.worth == nil))
                #expect((object["end_date"] as? String == "N/A") == (giveaway.endsAt == nil))
                #expect(giveaway.openGiveawayURL == object["open_giveaway_url"] as? String)
            }
            total += feed.giveaways.count
        }
        #expect(total > 2000)
    }

    @Test func replayingAllCapturesBuildsAConsistentHistory() async throws {
        let repository = GiveawayFeedSQLRepository(database: try AppDatabase.inMemory())
        var latest: [Int: Giveaway] = [:]
        var everSeen = Set<Int>()
        var lastFeed = Set<Int>()
        for (day, file) in try RealCaptures.files().enumerated() {
            let feed = try GamerPowerFeedDecoder().decode(status: 200, body: try Data(contentsOf: file))
            let ids = Set(feed.giveaways.map(\.id))
            for giveaway in feed.giveaways { latest[giveaway.id] = giveaway }
            let report = try await repository.saveFeed(
                feed.giveaways, at: Date(timeIntervalSince1970: 1_772_323_200 + Double(day) * 86_400))
            #expect(Set(report.added) == ids.subtracting(everSeen))
            #expect(Set(report.left) == lastFeed.subtracting(ids))
            everSeen.formUnion(ids)
            lastFeed = ids
        }
        #expect(Set(try await repository.giveawaysInFeed().map(\.id)) == lastFeed)
        for id in everSeen.subtracting(lastFeed) {
            let stored = try #require(try await repository.storedGiveaway(id: id))
            #expect(stored.history.leftAt != nil)
        }
        // Every giveaway reads back as it was last fetched, platforms (now rows of their own) included.
        for stored in try await repository.allStoredGiveaways() {
            #expect(stored.giveaway == latest[stored.id])
        }
    }
}

/// Where the shared real captures are, if anywhere.
enum RealCaptures {
    static let directory: URL? = {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<8 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("../shared/fixtures/gamerpower/daily").standardized
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static func files() throws -> [URL] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
