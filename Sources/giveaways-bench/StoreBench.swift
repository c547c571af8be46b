import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream

/// The stores read first-hand, at 10× a real answer's size (no capture of theirs is kept: the answers are written
/// here in their shapes): Epic's promotions with 400 elements (a real one has about 40), Steam's search with 500 rows
/// (a real page 50), GOG's front page of about 5 MB (a real one a few hundred KB to a few MB) with its one giveaway.
/// Each is decoded, saved into a real SQLite file (WAL) — into an empty store, then again as a routine sync — and
/// merged with GamerPower's feed (`FeedMerge`, what every reload of the read model does). Medians of 11 rounds.
enum StoreBench {
    static func run(gamerpower: [Giveaway], into table: inout Table) async throws {
        let now = Date(timeIntervalSince1970: 1_796_320_800)  // 2026-12-03T18:00Z
        let epic = Data(epicAnswer(elements: 400).utf8)
        let steam = Data(steamAnswer(rows: 500).utf8)
        let gog = Data(gogPage(bytes: 5_000_000).utf8)
        let decoders: [(FirstHandStore, Data, () throws -> [StoreOffer])] = [
            (.epic, epic, { try EpicPromotionsDecoder().decode(epic, now: now).offers }),
            (.steam, steam, { try SteamSearchDecoder().decode(steam).offers }),
            (.gog, gog, { try GOGGiveawayDecoder().decode(gog, now: now) }),
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-sbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stored = gamerpower.map {
            StoredGiveaway(giveaway: $0, history: FeedHistory(firstSeenAt: now, lastSeenAt: now))
        }
        for (store, body, decode) in decoders {
            var decodes: [Duration] = []
            var firstSaves: [Duration] = []
            var againSaves: [Duration] = []
            var merges: [Duration] = []
            var count = 0
            for round in 0..<11 {
                let database = try AppDatabase.open(
                    path: directory.appendingPathComponent("\(store)-\(round).sqlite").path)
                let repository = StoreOfferSQLRepository(database: database)
                let clock = ContinuousClock()
                var offers: [StoreOffer] = []
                decodes.append(try clock.measure { offers = try decode() })
                count = offers.count
                firstSaves.append(
                    try await clock.measure { _ = try await repository.saveOffers(offers, of: store, at: now) })
                againSaves.append(
                    try await clock.measure { _ = try await repository.saveOffers(offers, of: store, at: now + 3600) })
                let kept = try await repository.allOffers()
                merges.append(clock.measure { _ = FeedMerge(gamerpower: stored, offers: kept) })
            }
            let size = "\(body.count / 1024) KB, \(count) offers"
            table.add("\(store.displayName): decode (\(size))", milliseconds(median(decodes)))
            table.add("\(store.displayName): save into an empty store", milliseconds(median(firstSaves)))
            table.add("\(store.displayName): save again (a routine sync)", milliseconds(median(againSaves)))
            table.add(
                "\(store.displayName): merge with \(gamerpower.count) GamerPower giveaways",
                milliseconds(median(merges)))
        }
    }

    static func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    static func milliseconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f ms", seconds * 1000)
    }

    static func epicAnswer(elements: Int) -> String {
        let items = (0..<elements).map { index -> String in
            let window = index % 10 == 0 ? "upcomingPromotionalOffers" : "promotionalOffers"
            let other = window == "promotionalOffers" ? "upcomingPromotionalOffers" : "promotionalOffers"
            return """
                {"title": "Game \(index) \u{2122}", "id": "o\(index)", "namespace": "ns\(index)", "description": "A game.",
                 "offerType": "BASE_GAME", "productSlug": "game-\(index)", "urlSlug": "x\(index)",
                 "keyImages": [{"type": "OfferImageWide", "url": "https://cdn1.epicgames.com/\(index).jpg"},
                   {"type": "Thumbnail", "url": "https://cdn1.epicgames.com/t\(index).jpg"}],
                 "seller": {"id": "s", "name": "Studio"}, "catalogNs": {"mappings": []}, "offerMappings": [],
                 "price": {"totalPrice": {"discountPrice": \(index % 3 == 0 ? 0 : 999), "originalPrice": 1999,
                   "currencyCode": "USD", "currencyInfo": {"decimals": 2}}},
                 "promotions": {"\(window)": [{"promotionalOffers": [{"startDate": "2026-12-0\(index % 10 == 0 ? 4 : 1)T16:00:00.000Z",
                   "endDate": "2026-12-1\(index % 10 == 0 ? 1 : 0)T16:00:00.000Z",
                   "discountSetting": {"discountType": "PERCENTAGE", "discountPercentage": \(index % 3 == 0 ? 0 : 50)}}]}],
                   "\(other)": []}}
                """
        }
        return #"{"data": {"Catalog": {"searchStore": {"elements": ["# + items.joined(separator: ",")
            + #"], "paging": {"count": \#(elements), "total": \#(elements)}}}}, "extensions": {}}"#
    }

    static func steamAnswer(rows: Int) -> String {
        let html = (0..<rows).map { index -> String in
            let free = index % 5 == 0
            return """
                <a href="https://store.steampowered.com/app/\(1000 + index)/Game/" data-ds-appid="\(1000 + index)" class="search_result_row ds_collapse_flag">\
                <div class="col search_capsule"><img src="https://shared.akamai.steamstatic.com/x.jpg"></div>\
                <div class="col search_name ellipsis"><span class="title">Game \(index) &amp; Co</span></div>\
                <div class="discount_block search_discount_block" data-price-final="\(free ? 0 : 499)" data-discount="\(free ? 100 : 75)">\
                <div class="discount_pct">-\(free ? 100 : 75)%</div><div class="discount_original_price">$19.99</div></div></a>
                """
        }.joined(separator: "\n")
        let object: [String: Any] = ["success": 1, "results_html": html, "total_count": rows, "start": 0]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func gogPage(bytes: Int) -> String {
        let filler = "<div class=\"product-tile\"><a href=\"/en/game/x\">A game</a><span>$9.99</span></div>\n"
        let giveaway = """
            <giveaway><div id="giveaway" class="giveaway"><a class="giveaway__overlay-link" href="https://www.gog.com/en/game/lantern_keeper"></a>
            <img class="giveaway__image" src="//images.gog-statics.com/abc.jpg" alt="Lantern Keeper">
            <div class="giveaway__content-header">Get <span class="giveaway__content-header-text">Lantern Keeper</span> free</div>
            <div class="giveaway__countdown">Giveaway ends in <span>49 : 05 : 59</span> left</div></div></giveaway>
            """
        let half = String(repeating: filler, count: bytes / filler.utf8.count / 2)
        return "<!DOCTYPE html><html lang=\"en\"><body>" + half + giveaway + half + "</body></html>"
    }
}
