import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysDomain

/// `GameTitle.normalized`, written as scans over scalars, gives what the first version (Foundation's folding,
/// search-and-replace and a regular expression, kept here as the reference) gave, on real-looking titles and on
/// thousands of random ones made of the pieces that matter: brackets nested or not, ™ ® © "(tm)" "(r)", "&",
/// accents, full-width letters, the suffix words.
@Suite struct GameTitleTests {
    static func reference(_ title: String) -> String {
        var text = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for mark in ["™", "®", "©", "(tm)", "(r)"] { text = text.replacingOccurrences(of: mark, with: " ") }
        text = text.replacingOccurrences(of: "&", with: " and ")
        text = text.replacingOccurrences(of: #"\([^()]*\)"#, with: " ", options: .regularExpression)
        var kept = text.unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }.map { String($0) }
        let suffixes: [[String]] = [
            ["steam", "key", "giveaway"], ["key", "giveaway"], ["giveaway"], ["free", "game"], ["standard", "edition"],
            ["base", "game"], ["pc"],
        ]
        var trimmed = true
        while trimmed {
            trimmed = false
            for suffix in suffixes where kept.count > suffix.count && Array(kept.suffix(suffix.count)) == suffix {
                kept.removeLast(suffix.count)
                trimmed = true
            }
        }
        return kept.joined(separator: " ")
    }

    @Test func realLookingTitlesNormaliseAsBefore() {
        let titles = [
            "Lantern Quest (Epic Games) Giveaway", "Lantern Quest™ – Standard Edition", "LANTERN QUEST (tm)",
            "Pokémon-like Café (Steam) Key Giveaway", "Cats & Dogs (GOG) Giveaway", "Ｆｕｌｌ Ｗｉｄｔｈ",
            "Game (Deluxe (GOTY) Edition)", "((Broken) Brackets", "Unclosed (bracket", "Free Game PC", "",
            "(Steam)", "Tom Clancy's® Rainbow Six® Siege", "Ünïcödé Rëgüla Base Game", "Half-Life 2: Episode 1 (r)",
        ]
        for title in titles {
            #expect(GameTitle.normalized(title) == Self.reference(title), "\(title)")
        }
    }

    @Test func randomTitlesNormaliseAsBefore() {
        let pieces = [
            "(", ")", "(", ")", " ", " ", "tm", "r", "(tm)", "(r)", "&", "™", "®", "©", "é", "Ａ", "ß", "ǅ", "x",
            "Quest",
            "7", "-", ":", "giveaway", "key", "steam", "free", "game", "standard", "edition", "base", "pc", "日本", "İ",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let title = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            #expect(GameTitle.normalized(title) == Self.reference(title), "\(title)")
        }
    }

    @Test func keptNormalisedTitlesAnswerAsNormalisingEachTitleWouldAcrossFeeds() {
        let titles = NormalizedTitles()
        let first = ["Lantern Quest (Epic Games) Giveaway", "Cats & Dogs™", "Lantérn Quest", "Cats & Dogs™"]
        #expect(titles.keys(of: first) == first.map(GameTitle.normalized))
        // The next feed: some titles kept, some new, one gone; then one where nothing is kept.
        let second = ["Cats & Dogs™", "Portal 2 - Soundtrack", "LANTERN QUEST"]
        #expect(titles.keys(of: second) == second.map(GameTitle.normalized))
        let third = ["Portal", "Portal Knights", ""]
        #expect(titles.keys(of: third) == third.map(GameTitle.normalized))
        #expect(titles.keys(of: []).isEmpty)
    }

    @Test func aGameHistoryBuiltWithKeptTitlesIsTheSameAsWithout() {
        let stored = (0..<40).map { number in
            StoredGiveaway(
                giveaway: .stub(id: number, title: number % 3 == 0 ? "Lantern Quest" : "Game \(number % 7)"),
                history: FeedHistory(firstSeenAt: Date(timeIntervalSince1970: Double(number) * 3_600), lastSeenAt: .now)
            )
        }
        let titles = NormalizedTitles()
        for feed in [stored, Array(stored.dropFirst(10)), stored] {
            let kept = GameHistory(feed, titles: titles)
            let plain = GameHistory(feed)
            for item in feed {
                #expect(kept.all(of: item.id) == plain.all(of: item.id))
                #expect(kept.game(of: item.id) == plain.game(of: item.id))
            }
        }
    }
}
