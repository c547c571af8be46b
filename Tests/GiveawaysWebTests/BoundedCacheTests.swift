import Foundation
import Testing

@testable import GiveawaysRendering
@testable import GiveawaysWeb

/// The one bounded cache: within its budget and count, pushing out the oldest unused entries rather than
/// everything, and starting afresh for a newer generation or minute.
@Suite struct BoundedCacheTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func itNeverHoldsMoreThanItsBudgetOrCount() {
        let kept = BoundedCache<Int, String>(budgetBytes: 1_000, capacity: 8)
        for key in 0..<100 {
            kept.keep("\(key)", bytes: 90 + key % 50, forKey: key)
            let usage = kept.usage
            #expect(usage.bytes <= 1_000 && usage.count <= 8, "after \(key): \(usage)")
        }
        #expect(kept.value(forKey: 99) == "99", "the last kept is there")
        #expect(kept.value(forKey: 0) == nil, "the first was pushed out")
    }

    @Test func fullItPushesOutTheOldestUnusedAndKeepsTheRest() {
        let kept = BoundedCache<String, Int>(budgetBytes: 400)
        for (index, key) in ["a", "b", "c", "d"].enumerated() { kept.keep(index, bytes: 100, forKey: key) }
        // "a" is used again: it gets a second chance, and "b", the oldest not used since, goes.
        #expect(kept.value(forKey: "a") == 0)
        kept.keep(4, bytes: 100, forKey: "e")
        #expect(kept.value(forKey: "b") == nil)
        #expect(kept.value(forKey: "a") == 0)
        #expect(kept.value(forKey: "c") == 2 && kept.value(forKey: "d") == 3 && kept.value(forKey: "e") == 4)
        #expect(kept.usage.count == 4, "one made room for one, nothing more")
        // A value that needs the room of two pushes out two.
        kept.keep(5, bytes: 200, forKey: "f")
        #expect(kept.usage.count == 3 && kept.usage.bytes == 400)
        #expect(kept.value(forKey: "f") == 5)
        #expect(kept.value(forKey: "a") == 0 && kept.value(forKey: "e") == 4, "the two oldest went: c and d")
    }

    @Test func aNewerGenerationOrMinuteStartsAfreshAndAnOlderOneKeepsNothing() {
        let kept = BoundedCache<String, String>(budgetBytes: 1_000)
        let first = CacheScope(generation: 1, now: Self.now)
        let nextMinute = CacheScope(generation: 1, now: Self.now.addingTimeInterval(60))
        let nextGeneration = CacheScope(generation: 2, now: Self.now.addingTimeInterval(60))
        kept.keep("one", bytes: 3, forKey: "/", in: first)
        #expect(kept.value(forKey: "/", in: first) == "one")
        #expect(kept.value(forKey: "/", in: CacheScope(generation: 1, now: Self.now.addingTimeInterval(59))) == "one")
        #expect(kept.value(forKey: "/", in: nextMinute) == nil, "a new minute starts afresh")
        kept.keep("two", bytes: 3, forKey: "/", in: nextMinute)
        #expect(kept.value(forKey: "/", in: nextGeneration) == nil, "so does a new generation")
        kept.keep("three", bytes: 5, forKey: "/", in: nextGeneration)
        // A request still on an older scope is answered nothing and keeps nothing.
        #expect(kept.value(forKey: "/", in: first) == nil)
        kept.keep("old", bytes: 3, forKey: "/old", in: first)
        #expect(kept.value(forKey: "/old", in: nextGeneration) == nil)
        #expect(kept.value(forKey: "/", in: nextGeneration) == "three")
        #expect(kept.lookUp(in: first) { _ in true } == nil)
        #expect(kept.lookUp(in: nextGeneration) { look in look("/") } == "three")
    }

    @Test func aStartedGenerationRefusesOlderValuesAndIsWhatTheNewestLookUpReads() {
        let kept = BoundedCache<String, String>(budgetBytes: 1_000)
        kept.keep("one", bytes: 3, forKey: "/", in: CacheScope(generation: 1, now: Self.now))
        #expect(kept.value(forKey: "/", inNewestGenerationAt: Self.now) == "one")
        #expect(kept.value(forKey: "/", inNewestGenerationAt: Self.now.addingTimeInterval(60)) == nil, "next minute")
        kept.keep("two", bytes: 3, forKey: "/", in: CacheScope(generation: 1, now: Self.now.addingTimeInterval(60)))
        kept.startGeneration(2)
        #expect(kept.usage.count == 0, "everything went")
        // A page still rendering on generation 1 is not kept.
        kept.keep("late", bytes: 4, forKey: "/", in: CacheScope(generation: 1, now: Self.now.addingTimeInterval(60)))
        #expect(kept.value(forKey: "/", inNewestGenerationAt: Self.now.addingTimeInterval(60)) == nil)
        kept.keep("three", bytes: 5, forKey: "/", in: CacheScope(generation: 2, now: Self.now.addingTimeInterval(60)))
        #expect(kept.value(forKey: "/", inNewestGenerationAt: Self.now.addingTimeInterval(60)) == "three")
        // Telling an older generation changes nothing.
        kept.startGeneration(1)
        #expect(kept.value(forKey: "/", inNewestGenerationAt: Self.now.addingTimeInterval(60)) == "three")
    }

    @Test func aValueLargerThanAllowedIsNotKeptAndPushesNothingOut() {
        let kept = BoundedCache<String, String>(budgetBytes: 1_000, largestBytes: 250)
        kept.keep("small", bytes: 200, forKey: "small")
        kept.keep("big", bytes: 300, forKey: "big")
        kept.keep("huge", bytes: 5_000, forKey: "huge")
        #expect(kept.value(forKey: "big") == nil && kept.value(forKey: "huge") == nil)
        #expect(kept.value(forKey: "small") == "small")
        #expect(kept.usage.count == 1 && kept.usage.bytes == 200)
    }

    @Test func aBudgetOfZeroKeepsNothing() {
        let kept = BoundedCache<Int, Int>(budgetBytes: 0)
        var made = 0
        for _ in 0..<3 {
            _ = kept.value(forKey: 1, bytes: { _ in 1 }) {
                made += 1
                return 1
            }
        }
        #expect(made == 3)
        #expect(kept.keepsNothing)
    }

    @Test func keptAgainReplacesOnlyWhenAskedAndRemovalsCount() {
        let kept = BoundedCache<String, Int>(budgetBytes: 1_000)
        kept.keep(1, bytes: 100, forKey: "a")
        kept.keep(2, bytes: 300, forKey: "a", replacing: false)
        #expect(kept.value(forKey: "a") == 1 && kept.usage.bytes == 100)
        kept.keep(2, bytes: 300, forKey: "a")
        #expect(kept.value(forKey: "a") == 2 && kept.usage.bytes == 300)
        kept.keep(3, bytes: 100, forKey: "/x?y")
        kept.removeAll { $0.hasPrefix("/x") }
        #expect(kept.value(forKey: "/x?y") == nil && kept.usage.bytes == 300)
        kept.removeValue(forKey: "a")
        #expect(kept.usage.count == 0 && kept.usage.bytes == 0)
        // Kept and dropped again and again, its book-keeping stays small and its count right.
        for round in 0..<10_000 {
            kept.keep(round, bytes: 10, forKey: "k\(round % 7)")
            if round % 3 == 0 { kept.removeValue(forKey: "k\(round % 5)") }
        }
        #expect(kept.usage.count <= 7)
        #expect(kept.usage.bytes == kept.usage.count * 10)
    }
}
