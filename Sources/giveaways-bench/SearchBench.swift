import Foundation
import GiveawaysDomain

/// 100,000 synthetic giveaways built from the vocabulary of real ones; 1,000 queries of 1–3 words.
enum SearchBench {
    static func run(seed: [Giveaway], into table: inout Table) throws {
        var random = SeededGenerator(state: 42)
        let vocabulary = Array(Set(seed.flatMap { SearchQuery.words(in: $0.title + " " + $0.description) }))
            .filter { $0.count >= 3 }.sorted()
        let giveaways = (0..<100_000).map { number -> Giveaway in
            var giveaway = seed[number % seed.count]
            let titleWords = (0..<Int.random(in: 2...5, using: &random)).map { _ in
                vocabulary.randomElement(using: &random)!
            }
            let descriptionWords = (0..<Int.random(in: 12...30, using: &random)).map { _ in
                vocabulary.randomElement(using: &random)!
            }
            giveaway = Giveaway(
                id: number + 1, title: titleWords.joined(separator: " ").capitalized, worth: giveaway.worth,
                thumbnailURL: giveaway.thumbnailURL, imageURL: giveaway.imageURL,
                description: descriptionWords.joined(separator: " "), instructions: giveaway.instructions,
                openGiveawayURL: giveaway.openGiveawayURL, openGiveaway: giveaway.openGiveaway,
                publishedAt: giveaway.publishedAt.addingTimeInterval(Double(number)), type: giveaway.type,
                platforms: giveaway.platforms, endsAt: giveaway.endsAt, users: giveaway.users, status: giveaway.status,
                gamerpowerURL: giveaway.gamerpowerURL)
            return giveaway
        }
        let queries = (0..<1000).map { _ in
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                // Users type whole words and word beginnings.
                let word = vocabulary.randomElement(using: &random)!
                return Bool.random(using: &random) ? word : String(word.prefix(max(3, word.count - 2)))
            }.joined(separator: " ")
        }

        let (index, buildTime) = Clock.measure { SearchIndex(giveaways) }
        table.add("search: index 100,000 giveaways (once per sync)", Clock.format(buildTime))

        var indexed: [Duration] = []
        var materialized: [Duration] = []
        var results = 0
        for query in queries {
            let search = SearchQuery(query: query)
            let (positions, time) = Clock.measure { index.positions(matching: search) }
            indexed.append(time)
            results += positions.count
            materialized.append(time + Clock.measure { positions.map { giveaways[$0] } }.1)
        }
        var scanned: [Duration] = []
        for query in queries {
            let needle = query.lowercased()
            let (_, time) = Clock.measure { giveaways.filter { $0.title.lowercased().contains(needle) } }
            scanned.append(time)
        }
        // Both must return what they should: the index equals a word-by-word scan of every giveaway, and the
        // original scan equals its own definition (checked on a sample: the full scan is slow on purpose).
        var checked = 0
        for query in queries.prefix(25) {
            let search = SearchQuery(query: query)
            let expected = giveaways.indices.filter { search.matches(words: SearchQuery.words(of: giveaways[$0])) }
            guard index.positions(matching: search) == expected else {
                throw BenchError("index disagrees with the scan for '\(query)'")
            }
            let needle = query.lowercased()
            let original = giveaways.filter { $0.title.lowercased().contains(needle) }.map(\.id)
            let definition = giveaways.compactMap { $0.title.lowercased().range(of: needle) == nil ? nil : $0.id }
            guard original == definition else { throw BenchError("original scan wrong for '\(query)'") }
            checked += 1
        }
        let p50 = Clock.percentile(indexed, 0.5)
        let p99 = Clock.percentile(indexed, 0.99)
        table.add("search: indexed, p50 per query (matching positions)", Clock.format(p50))
        table.add(
            "search: indexed, p99 per query (matching positions)", Clock.format(p99), goal: "≤ 1 ms",
            met: p99 <= .milliseconds(1))
        table.add(
            "search: indexed + copying out every match, p50 / p99",
            "\(Clock.format(Clock.percentile(materialized, 0.5))) / \(Clock.format(Clock.percentile(materialized, 0.99)))"
        )
        let scanP50 = Clock.percentile(scanned, 0.5)
        table.add("search: original lowercased title scan, p50", Clock.format(scanP50))
        table.add("search: original lowercased title scan, p99", Clock.format(Clock.percentile(scanned, 0.99)))
        table.add(
            "search: speed-up at p50 (scan / index)",
            String(format: "%.0f×", Clock.ms(scanP50) / max(Clock.ms(p50), 1e-6)))
        table.add("search: results over 1,000 queries; queries cross-checked", "\(results); \(checked) of 25 agree")
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
