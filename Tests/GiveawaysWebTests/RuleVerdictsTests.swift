import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysWeb

/// The rules' verdicts kept per snapshot answer what judging each giveaway afresh answers, marks checked per view.
@Suite struct RuleVerdictsTests {
    static let seen = utc("2026-03-01T00:00:00Z")

    static let feed = [
        Giveaway.stub(id: 1, title: "Skin Pack", platforms: "PC, Steam"),
        Giveaway.stub(id: 2, title: "Big Game", platforms: "PC, Steam"),
        Giveaway.stub(id: 3, title: "Other Game", platforms: "PC, GOG"),
        Giveaway.stub(id: 4, title: "Epic Game", platforms: "PC, Epic Games Store"),
    ]

    static func snapshot() -> ReadModelSnapshot {
        let stored = feed.map {
            StoredGiveaway(giveaway: $0, history: FeedHistory(firstSeenAt: seen, lastSeenAt: seen))
        }
        return ReadModelSnapshot(stored: stored, logs: [:], isDemoData: false, generation: 1)
    }

    @Test func keptVerdictsAnswerAsJudgingAfreshWithMarksCheckedEachTime() {
        let snapshot = Self.snapshot()
        var rules = GiveawayRules.none
        rules.platforms = ["steam", "epic-games-store"]
        rules.blockedKeywords = ["skin"]
        rules.hideNotInterested = true
        let left = Giveaway.stub(id: 9, title: "Gone Game", platforms: "PC, Steam")
        let lists = [Self.feed, Self.feed.reversed(), [left] + Self.feed]
        var marks = VisitorMarks.none
        for round in 0..<3 {
            for list in lists {
                let kept = snapshot.admitted(list, rules: rules, marks: marks)
                let afresh = list.filter { rules.admits($0, marks: marks) }
                #expect(kept.map(\.id) == afresh.map(\.id), "round \(round)")
            }
            // A mark changes the answer at once, though the rules' verdicts are kept.
            marks = VisitorMarks([
                Mark(
                    subject: .giveaway(2), kind: .notInterested, text: nil, createdAt: Self.seen, updatedAt: Self.seen)
            ])
        }
        #expect(snapshot.admitted(Self.feed, rules: rules, marks: marks).map(\.id) == [4])
        #expect(snapshot.admitted([left], rules: rules, marks: marks).map(\.id) == [9], "not in the feed: judged")
    }
}
