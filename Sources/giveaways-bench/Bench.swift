import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream

/// `giveaways-bench [--captures DIR] [--catalog FILE] [--hooks N | --hooks-only N] [--push-only N] [--stores-only]`:
/// search, sync, catalog, webhook-delivery and first-hand store benchmarks, printed as a table.
/// Uses the real captures when given (the last day for single-capture figures), synthetic data otherwise.
@main
enum Bench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let captures = arguments.firstIndex(of: "--captures").map { URL(fileURLWithPath: arguments[$0 + 1]) }
        let files =
            try captures.map { directory in
                try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            } ?? []
        let seedFeed = try files.last.map { try Data(contentsOf: $0) } ?? Data(SyntheticFeed.sample.utf8)
        let seed = try GamerPowerFeedDecoder().decode(status: 200, body: seedFeed).giveaways

        var table = Table()
        if let index = arguments.firstIndex(of: "--push-only") {
            try await PushBench.run(subscriptions: Int(arguments[index + 1]) ?? 1000, into: &table)
            table.print()
            return
        }
        if let index = arguments.firstIndex(of: "--hooks-only") {
            try await HookBench.run(events: Int(arguments[index + 1]) ?? 1000, into: &table)
            table.print()
            return
        }
        if arguments.contains("--stores-only") {
            try await StoreBench.run(gamerpower: seed, into: &table)
            table.print()
            return
        }
        if !arguments.contains("--skip-search") { try SearchBench.run(seed: seed, into: &table) }
        try await SyncBench.run(files: files, seedFeed: seedFeed, seed: seed, into: &table)
        let catalogFile = arguments.firstIndex(of: "--catalog").map { URL(fileURLWithPath: arguments[$0 + 1]) }
        if let catalogFile { try await CatalogBench.run(catalog: try Data(contentsOf: catalogFile), into: &table) }
        if let index = arguments.firstIndex(of: "--hooks") {
            try await HookBench.run(events: Int(arguments[index + 1]) ?? 1000, into: &table)
        }
        table.print()
    }
}

/// Rows of figures: name, value, goal, verdict.
struct Table {
    private var rows: [(String, String, String, String)] = []

    mutating func add(_ name: String, _ value: String, goal: String = "", met: Bool? = nil) {
        rows.append((name, value, goal, met.map { $0 ? "met" : "MISSED" } ?? ""))
    }

    func print() {
        let widths = [0, 1, 2].map { column in
            rows.map { [$0.0, $0.1, $0.2][column].count }.max() ?? 0
        }
        for row in rows {
            let cells = [row.0, row.1, row.2]
            let line = cells.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
            Swift.print((line + [row.3]).joined(separator: "  "))
        }
    }
}

/// Wall-clock timing.
enum Clock {
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        return (value, clock.now - start)
    }

    static func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (value, clock.now - start)
    }

    static func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ duration: Duration) -> String {
        let value = ms(duration)
        return value < 1 ? String(format: "%.1f µs", value * 1000) : String(format: "%.2f ms", value)
    }

    static func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}

/// Peak resident memory of this process so far, from /proc (Linux), in MiB.
enum Memory {
    static func peakMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return nil
    }
}

/// A deterministic random generator, so every run benchmarks the same data and queries.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var value = state
        value ^= value >> 33
        value = value &* 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        return value
    }
}
