import Foundation
import GiveawaysDomain

/// The built-in demo data: invented giveaways, written for this project, shown (and labelled) only until a
/// real sync succeeds. Dates are relative to `now` so the demo always looks alive.
public enum DemoGiveaways {
    /// Demo ids live far above GamerPower's (which are in the thousands) so the two never meet.
    public static let idRange = 990_001...990_999

    public static func make(now: Date) -> [Giveaway] {
        entries.enumerated().map { index, entry in
            let day: TimeInterval = 86_400
            return Giveaway(
                id: idRange.lowerBound + index,
                title: entry.title,
                worth: entry.worth.flatMap(Worth.init(upstreamText:)),
                thumbnailURL: "",
                imageURL: "",
                description: entry.description + " (Demo data: this giveaway is invented and cannot be claimed.)",
                instructions: "1. This is demo data shown while GameGiveaways has not synced yet.\n"
                    + "2. Run `giveaways sync` or wait for the next sync to see the real giveaways.",
                openGiveawayURL: "https://www.gamerpower.com/",
                openGiveaway: "https://www.gamerpower.com/",
                publishedAt: now.addingTimeInterval(-Double(index + 1) * day / 3),
                type: entry.type,
                platforms: Platform.parseList(entry.platforms),
                endsAt: entry.daysLeft.map { now.addingTimeInterval($0 * day) },
                users: entry.users,
                status: "Active",
                gamerpowerURL: "https://www.gamerpower.com/"
            )
        }
    }

    private struct Entry {
        var title: String
        var worth: String?
        var type: GiveawayType
        var platforms: String
        var daysLeft: Double?
        var users: Int
        var description: String
    }

    private static let entries: [Entry] = [
        Entry(
            title: "Lanternfall Keep (Epic Games) Giveaway", worth: "$19.99", type: .game,
            platforms: "PC, Epic Games Store", daysLeft: 6, users: 5120,
            description: "Guide a lamplighter through a crumbling castle where the dark moves when you look away."),
        Entry(
            title: "Orbital Gardeners (Epic Games) Giveaway", worth: "$14.99", type: .game,
            platforms: "PC, Epic Games Store", daysLeft: 2.5, users: 3890,
            description: "A cosy co-op builder about growing tomatoes on a space station that keeps spinning."),
        Entry(
            title: "Tidepool Tactics (Steam) Giveaway", worth: "$9.99", type: .game,
            platforms: "PC, Steam", daysLeft: 1.2, users: 2210,
            description: "Turn-based crab skirmishes on a beach that floods every fourth turn."),
        Entry(
            title: "Neon Courier: Midnight Route (GOG) Giveaway", worth: "$24.99", type: .game,
            platforms: "PC, GOG, DRM-Free", daysLeft: nil, users: 1470,
            description: "Deliver parcels across a rain-soaked city on a hover bike with questionable brakes."),
        Entry(
            title: "Skyforge Legends Starter Pack (Demo Key Giveaway)", worth: nil, type: .dlc,
            platforms: "PC, Playstation 5, Xbox Series X|S", daysLeft: 10, users: 8030,
            description: "A starter pack of armour dyes, a glider skin and three forge boosts."),
        Entry(
            title: "Pocket Pâtisserie Gem Bundle", worth: "$4.99", type: .dlc,
            platforms: "Android, iOS", daysLeft: 4, users: 960,
            description: "Five hundred gems for the baking puzzle game where every level is a cake."),
        Entry(
            title: "Rust Belt Rally Closed Beta Key", worth: nil, type: .earlyAccess,
            platforms: "PC, Steam", daysLeft: 12, users: 640,
            description: "Early access to a muddy rally racer set in abandoned factory yards."),
        Entry(
            title: "Mosswood Tales (Itch.io) Giveaway", worth: "$3.99", type: .game,
            platforms: "PC, Itch.io, DRM-Free", daysLeft: 0.6, users: 420,
            description: "A short hand-drawn adventure about a hedgehog who lost the forest's map."),
        Entry(
            title: "Harbor Lights Racing Season Pass", worth: "$12.99", type: .dlc,
            platforms: "Nintendo Switch", daysLeft: 8, users: 1180,
            description: "Twelve extra tracks along the coast for the arcade boat racer."),
    ]
}
