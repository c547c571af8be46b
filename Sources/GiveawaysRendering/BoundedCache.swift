import Foundation
import Synchronization

/// The read-model generation and minute a kept value was made for (the "ends in …" texts change every minute).
package struct CacheScope: Comparable, Sendable {
    package let generation: Int
    package let minute: Int

    package init(generation: Int, now: Date) {
        self.init(generation: generation, minute: Self.minute(now))
    }

    package init(generation: Int, minute: Int) {
        self.generation = generation
        self.minute = minute
    }

    package static func minute(_ now: Date) -> Int { Int((now.timeIntervalSince1970 / 60).rounded(.down)) }

    package static func < (lhs: CacheScope, rhs: CacheScope) -> Bool {
        (lhs.generation, lhs.minute) < (rhs.generation, rhs.minute)
    }
}

/// Values made once and kept for the requests after: keyed, within a byte budget and a count, and, when asked with a
/// `Scope`, for one read-model generation and minute only (a newer scope starts afresh; a request still on an older
/// one is answered nothing and keeps nothing). When full it pushes out what was kept longest ago, passing over once
/// each entry used since it was last looked at (a clock, or "second chance"), rather than dropping everything: the
/// frames and cards every visitor asks for stay while a client's odd filters come and go.
///
/// The one bounded cache of the web target: the page cache, the shared parts, the compressed pieces and bodies and
/// the verified cookies keep their values here.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package typealias Scope = CacheScope

    /// The bytes kept values may hold together, as their keepers count them.
    package let budgetBytes: Int
    /// Values kept at most.
    package let capacity: Int
    /// A value counted larger than this is handed back but not kept (it would push out many others).
    package let largestBytes: Int
    private let state = Mutex(Store())

    /// `budgetBytes` or `capacity` `0` keeps nothing: every value is made afresh (the tests compare both ways).
    package init(budgetBytes: Int, capacity: Int = .max, largestBytes: Int? = nil) {
        self.budgetBytes = max(0, budgetBytes)
        self.capacity = max(0, capacity)
        self.largestBytes = min(largestBytes ?? budgetBytes, budgetBytes)
    }

    /// Whether anything is ever kept.
    package var keepsNothing: Bool { budgetBytes == 0 || capacity == 0 }

    // MARK: - Reading

    /// The value kept for `key` in `scope`, if any.
    package func value(forKey key: Key, in scope: Scope? = nil) -> Value? {
        guard !keepsNothing else { return nil }
        return state.withLock { store in
            guard store.enter(scope) else { return nil }
            return store.use(key)
        }
    }

    /// The value kept for `key` in the newest generation it was told of (`startGeneration`, or a value's scope) and
    /// the minute of `now`, for a reader that does not know the generation (the page cache's middleware).
    package func value(forKey key: Key, inNewestGenerationAt now: Date) -> Value? {
        guard !keepsNothing else { return nil }
        return state.withLock { store in
            guard store.enter(Scope(generation: store.scope?.generation ?? 0, now: now)) else { return nil }
            return store.use(key)
        }
    }

    /// Runs `body` with a look-up of the values kept in `scope`, under one lock for many keys (a page's cards or
    /// pieces); `nil`, without running `body`, when `scope` is older than what is kept. `body` must not come back
    /// here.
    package func lookUp<Result>(in scope: Scope? = nil, _ body: ((Key) -> Value?) -> Result) -> Result? {
        guard !keepsNothing else { return nil }
        return state.withLock { store in
            guard store.enter(scope) else { return nil }
            return body { store.use($0) }
        }
    }

    /// The value for `key`: kept, or made by `make` and kept, counted as `bytes(value)`.
    package func value(forKey key: Key, in scope: Scope? = nil, bytes: (Value) -> Int, make: () -> Value) -> Value {
        if let kept = value(forKey: key, in: scope) { return kept }
        let made = make()
        keep(made, bytes: bytes(made), forKey: key, in: scope, replacing: false)
        return made
    }

    // MARK: - Keeping

    /// Keeps `value`, counted as `bytes`, unless `scope` is older than what is kept or the value is larger than
    /// `largestBytes`; an entry already kept is replaced only when `replacing`.
    package func keep(_ value: Value, bytes: Int, forKey key: Key, in scope: Scope? = nil, replacing: Bool = true) {
        guard !keepsNothing, bytes <= largestBytes else { return }
        state.withLock { store in
            guard store.enter(scope) else { return }
            store.keep(value, bytes: bytes, key: key, replacing: replacing, within: self)
        }
    }

    /// Keeps many values at once, as `keep` does each (an entry already kept stays).
    package func keep(_ values: [(key: Key, value: Value, bytes: Int)], in scope: Scope? = nil) {
        guard !keepsNothing, !values.isEmpty else { return }
        state.withLock { store in
            guard store.enter(scope) else { return }
            for item in values where item.bytes <= largestBytes {
                store.keep(item.value, bytes: item.bytes, key: item.key, replacing: false, within: self)
            }
        }
    }

    // MARK: - Dropping

    package func removeValue(forKey key: Key) {
        state.withLock { $0.remove(key) }
    }

    /// Drops every entry whose key `matches`.
    package func removeAll(where matches: (Key) -> Bool) {
        state.withLock { store in
            for key in store.entries.keys where matches(key) { store.remove(key) }
        }
    }

    package func removeAll() {
        state.withLock { $0.empty() }
    }

    /// Drops everything and refuses, from now on, values of a generation older than `generation` (a request still
    /// rendering on the last snapshot keeps nothing). An older generation than the one kept changes nothing.
    package func startGeneration(_ generation: Int) {
        state.withLock { store in
            let current = store.scope?.generation ?? .min
            guard generation >= current else { return }
            store.empty()
            if current < generation { store.scope = Scope(generation: generation, minute: .min) }
        }
    }

    /// How many values are kept, and the bytes they are counted as.
    package var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }

    // MARK: -

    private struct Entry {
        var value: Value
        let bytes: Int
        /// Which keeping of its key this is: the clock's older turns for the key are passed over.
        let turn: UInt64
        /// Looked up since the clock last passed it.
        var used = false
    }

    private struct Store {
        var scope: Scope?
        var entries: [Key: Entry] = [:]
        var bytes = 0
        /// The keys in the order they were kept: the clock's hand is at `hand`. A key dropped or kept again leaves
        /// its older turn behind, passed over when the hand comes to it.
        var clock: [(key: Key, turn: UInt64)] = []
        var hand = 0
        var turns: UInt64 = 0

        /// Moves to `scope` when it is newer (starting afresh); whether `scope` is the one kept.
        mutating func enter(_ scope: Scope?) -> Bool {
            guard let scope else { return true }
            if let current = self.scope {
                if current < scope {
                    empty()
                    self.scope = scope
                }
                return self.scope == scope
            }
            self.scope = scope
            return true
        }

        mutating func use(_ key: Key) -> Value? {
            guard let index = entries.index(forKey: key) else { return nil }
            if !entries.values[index].used { entries.values[index].used = true }
            return entries.values[index].value
        }

        mutating func keep(_ value: Value, bytes: Int, key: Key, replacing: Bool, within limits: BoundedCache) {
            if entries[key] != nil {
                guard replacing else { return }
                remove(key)
            }
            while !entries.isEmpty, entries.count >= limits.capacity || self.bytes + bytes > limits.budgetBytes {
                evictOne()
            }
            turns += 1
            entries[key] = Entry(value: value, bytes: bytes, turn: turns)
            clock.append((key, turns))
            self.bytes += bytes
            // Turns left behind by keys dropped or kept again: cleared out once they are half the clock.
            if clock.count - hand > 2 * entries.count + 16 { compact() }
        }

        /// Pushes out the entry kept longest ago that was not used since the hand last passed it; a used one is
        /// given a second chance at the back. Ends: every entry passed over loses its mark.
        private mutating func evictOne() {
            while hand < clock.count {
                let (key, turn) = clock[hand]
                hand += 1
                guard let index = entries.index(forKey: key), entries.values[index].turn == turn else { continue }
                if entries.values[index].used {
                    entries.values[index].used = false
                    clock.append((key, turn))
                } else {
                    bytes -= entries.values[index].bytes
                    entries.remove(at: index)
                    break
                }
            }
            if hand > 1024, hand * 2 > clock.count {
                clock.removeFirst(hand)
                hand = 0
            }
        }

        private mutating func compact() {
            let entries = entries
            clock = clock[hand...].filter { entries[$0.key]?.turn == $0.turn }
            hand = 0
        }

        mutating func remove(_ key: Key) {
            guard let entry = entries.removeValue(forKey: key) else { return }
            bytes -= entry.bytes
        }

        mutating func empty() {
            entries.removeAll(keepingCapacity: true)
            clock.removeAll(keepingCapacity: true)
            hand = 0
            bytes = 0
        }
    }
}
