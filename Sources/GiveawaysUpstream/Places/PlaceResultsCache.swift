import Foundation
import GiveawaysDomain
import Synchronization

/// The last OpenStreetMap answer of each area (and of each name asked for by name in a wide one), in memory (ODbL lets the data be kept, with the credit shown): a
/// fresh one answers without asking Overpass again (its instances ask for a few queries a minute), and a stale one
/// answers, marked stale, when Overpass fails. Bounded in entries and in bytes; the least recently used go first.
/// Only OpenStreetMap's places come here: Foursquare's terms forbid keeping them.
public final class PlaceResultsCache: Sendable {
    struct Entry {
        var places: [Place]
        var fetchedAt: Date
        var bytes: Int
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
    }

    private let state = Mutex(State())
    let maxEntries: Int
    let maxBytes: Int

    public init(maxEntries: Int = 256, maxBytes: Int = 16 * 1_048_576) {
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = max(1, maxBytes)
    }

    /// The key of an area: its corners rounded to 3 decimals (about 100 m), so a map nudged by a few pixels finds
    /// the same entry.
    static func key(_ area: GeoArea) -> String {
        [area.south, area.west, area.north, area.east].map { String(format: "%.3f", $0) }.joined(separator: ",")
    }

    /// The key of an area's answer to a query by name (`OverpassQuery.name`), or to the query for all its places.
    static func key(_ area: GeoArea, name: String?) -> String {
        key(area) + (name.map { "|name:" + $0.lowercased() } ?? "")
    }

    func places(for area: GeoArea, name: String? = nil) -> (places: [Place], fetchedAt: Date)? {
        state.withLock { state in
            let key = Self.key(area, name: name)
            guard var entry = state.entries[key] else { return nil }
            state.tick += 1
            entry.lastUsed = state.tick
            state.entries[key] = entry
            return (entry.places, entry.fetchedAt)
        }
    }

    /// Keeps `places` for `area`; `bytes` is what they cost (the answer's size). One larger than the whole budget
    /// is not kept.
    func store(_ places: [Place], for area: GeoArea, name: String? = nil, bytes: Int, at date: Date) {
        guard bytes <= maxBytes else { return }
        state.withLock { state in
            let key = Self.key(area, name: name)
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bytes }
            state.tick += 1
            state.entries[key] = Entry(places: places, fetchedAt: date, bytes: bytes, lastUsed: state.tick)
            state.bytes += bytes
            while state.entries.count > maxEntries || state.bytes > maxBytes,
                let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.bytes
            }
        }
    }

    /// How many areas and bytes are kept (for tests and the status page).
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
