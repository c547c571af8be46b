import Foundation

/// Writes giveaway objects the way GamerPower's wire format has them: compact JSON, slashes escaped as `\/`,
/// non-ASCII as `\uXXXX`, no trailing newline. The project's own fixtures are built with it.
public enum GamerPowerWire {
    /// One upstream giveaway object. Every field can be overridden; `nil` leaves the key out.
    public struct Item: Sendable {
        public var id: Int
        public var title: String
        public var worth: String? = "$9.99"
        public var thumbnail: String? = nil
        public var image: String? = nil
        public var description: String? = "A game you can keep forever.\r\nClaim it before it ends."
        public var instructions: String? = "1. Click the button.\r\n2. Log in.\r\n3. Add it to your library."
        public var openGiveawayURL: String? = nil
        public var openGiveaway: String?? = .some(nil)
        public var publishedDate: String? = "2026-03-20 10:00:00"
        public var type: String? = "Game"
        public var platforms: String? = "PC, Steam"
        public var endDate: String? = "2026-04-10 23:59:00"
        public var users: Int? = 1230
        public var status: String? = "Active"
        public var gamerpowerURL: String? = nil

        public init(id: Int, title: String) {
            self.id = id
            self.title = title
        }

        var slug: String {
            title.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        }

        /// The object as ordered key/value pairs, the key order GamerPower uses.
        var pairs: [(String, Any?)] {
            let open = openGiveawayURL ?? "https://www.gamerpower.com/open/\(slug)"
            return [
                ("id", id), ("title", title), ("worth", worth),
                ("thumbnail", thumbnail ?? "https://www.gamerpower.com/offers/1/\(id)abc.jpg"),
                ("image", image ?? "https://www.gamerpower.com/offers/1b/\(id)abc.jpg"),
                ("description", description), ("instructions", instructions), ("open_giveaway_url", open),
                ("published_date", publishedDate), ("type", type), ("platforms", platforms), ("end_date", endDate),
                ("users", users), ("status", status),
                ("gamerpower_url", gamerpowerURL ?? "https://www.gamerpower.com/\(slug)"),
                ("open_giveaway", openGiveaway.map { $0 ?? open } as Any?),
            ]
        }
    }

    /// A `/giveaways` body for these items.
    public static func feed(_ items: [Item]) -> String {
        "[" + items.map(object).joined(separator: ",") + "]"
    }

    /// The status object GamerPower sends with 201 (empty) and 404.
    public static func statusObject(_ message: String) -> String {
        "{\"status\":0,\"status_message\":\(string(message))}"
    }

    public static func object(_ item: Item) -> String {
        let fields = item.pairs.compactMap { key, value -> String? in
            switch value {
            case let number as Int: "\(string(key)):\(number)"
            case let text as String: "\(string(key)):\(string(text))"
            default: nil
            }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal in GamerPower's escaping style.
    public static func string(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x2F: out += "\\/"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: out += String(format: "\\u%04x", unit)
            }
        }
        return out + "\""
    }
}

extension GamerPowerWire {
    /// A small hand-written feed with every quirk the API documents: N/A worth and end date, an expired item
    /// still marked Active, `PC,Steam` without a space, an unknown platform, `Full Game`, HTML in instructions,
    /// `\n`-only line breaks, accents, a missing `open_giveaway`, and display names of the less common stores.
    public static let sampleItems: [Item] = {
        var epic = Item(id: 3101, title: "Lantern Drift (Epic Games) Giveaway")
        epic.worth = "$19.99"
        epic.platforms = "PC, Epic Games Store"
        epic.users = 15230
        epic.publishedDate = "2026-03-30 18:35:32"
        epic.endDate = "2026-04-06 15:00:00"

        var loot = Item(id: 3102, title: "Skyreach Starter Pack Key Giveaway")
        loot.worth = "N/A"
        loot.type = "DLC"
        loot.platforms = "PC,Steam"
        loot.endDate = "N/A"
        loot.users = 8020
        loot.publishedDate = "2026-03-29 09:12:00"

        var expired = Item(id: 2001, title: "Old Harbor (GOG) Giveaway")
        expired.worth = "$4.99"
        expired.platforms = "PC, GOG, DRM-Free"
        expired.endDate = "2020-05-01 23:59:00"
        expired.publishedDate = "2020-04-20 12:00:00"
        expired.users = 90210

        var beta = Item(id: 3103, title: "Pokémon-like Café Beta Key")
        beta.worth = "N/A"
        beta.type = "Early Access"
        beta.platforms = "PC, Steam, Epic Games Store, Hyperspace Store"
        beta.description = "Brew coffee and befriend créatures in this cozy café sim."
        beta.instructions =
            "1. Click the button to visit  <a href=\"https://example.com/claim\" target=\"_blank\">the claim page</a>.\n2. Create an account."
        beta.endDate = "N/A"
        beta.users = 640
        beta.publishedDate = "2026-03-28 07:00:00"

        var console = Item(id: 3104, title: "Neon Rally (PS5) Full Game")
        console.worth = "$1,299.00"
        console.type = "Full Game"
        console.platforms = "Playstation 5, Xbox Series X|S, Nintendo Switch"
        console.openGiveaway = nil
        console.users = 3300
        console.publishedDate = "2026-03-27 20:00:00"
        console.endDate = "2026-04-02 23:59:00"

        var mobile = Item(id: 3105, title: "Gem Bundle (Mobile) Giveaway")
        mobile.worth = "$2.99"
        mobile.type = "Other"
        mobile.platforms = "Android, iOS, Itch.io, Ubisoft Connect, VR, Xbox 360, Xbox One, Playstation 4"
        mobile.users = 120
        mobile.publishedDate = "2026-03-26 06:00:00"
        mobile.endDate = "2026-04-01 00:00:00"
        return [epic, loot, expired, beta, console, mobile]
    }()

    /// `feed(sampleItems)`.
    public static var sampleFeed: String { feed(sampleItems) }
}
