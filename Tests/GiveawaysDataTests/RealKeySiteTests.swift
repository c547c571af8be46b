import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

/// "Hide giveaways from key sites" over every distinct giveaway of the 31 real daily captures: which sites it finds,
/// and that no store giveaway is taken for one. The counts were reviewed by hand (the closing note lists titles).
@Suite(.enabled(if: RealCaptures.directory != nil, "../shared/fixtures/gamerpower/daily is not present"))
struct RealKeySiteTests {
    /// Every distinct giveaway of the captures, the latest copy of each.
    static func giveaways() throws -> [Giveaway] {
        var byID: [Int: Giveaway] = [:]
        for file in try RealCaptures.files() {
            for giveaway in try GamerPowerFeedDecoder().decode(status: 200, body: Data(contentsOf: file)).giveaways {
                byID[giveaway.id] = giveaway
            }
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    @Test func keySitesFoundInTheRealCaptures() throws {
        let all = try Self.giveaways()
        var bySite: [KeySite: [String]] = [:]
        for giveaway in all {
            if let site = KeySite(detectedIn: giveaway) { bySite[site, default: []].append(giveaway.title) }
        }
        if ProcessInfo.processInfo.environment["PRINT_KEY_SITES"] != nil {
            for (site, titles) in bySite.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                print("\(site.displayName) (\(titles.count)):")
                for title in titles { print("  \(title)") }
            }
        }
        // Store giveaways (Epic, Steam, GOG, itch.io …) are never key-site ones.
        for giveaway in all where giveaway.title.hasSuffix("(Epic Games) Giveaway") {
            #expect(KeySite(detectedIn: giveaway) == nil, "\(giveaway.title)")
        }
        // Reviewed one by one: each names the site in its steps ("Login into your free Alienware account",
        // "Login or register on MMOBomb") or its title ("(IndieGala) Giveaway").
        #expect(bySite.mapValues(\.count) == [.alienwareArena: 39, .indieGala: 4, .mmobomb: 7, .steelSeries: 1])
    }
}
