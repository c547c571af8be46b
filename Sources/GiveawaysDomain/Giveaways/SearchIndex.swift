/// An inverted index over the words of a list of giveaways, for instant search over large lists: the sorted
/// distinct words, each with the positions of the giveaways that contain it. A query word is looked up as a
/// prefix with a binary search; the matches of several words are intersected as bit sets.
public struct SearchIndex: Sendable {
    private let words: [String]
    private let postings: [[Int32]]
    /// How many giveaways the index covers (positions are `0..<count`).
    public let count: Int

    public init(_ giveaways: [Giveaway]) {
        var positions: [String: [Int32]] = [:]
        for (position, giveaway) in giveaways.enumerated() {
            for word in Set(SearchQuery.words(of: giveaway)) {
                positions[word, default: []].append(Int32(position))
            }
        }
        let sorted = positions.keys.sorted()
        words = sorted
        postings = sorted.map { positions[$0]! }
        count = giveaways.count
    }

    /// The positions of the giveaways matching every term, ascending; all positions for an empty search.
    public func positions(matching search: SearchQuery) -> [Int] {
        guard !search.isEmpty else { return Array(0..<count) }
        var result: [UInt64]?
        for term in search.terms {
            var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
            var index = lowerBound(term)
            while index < words.count, words[index].hasPrefix(term) {
                for position in postings[index] {
                    bits[Int(position) >> 6] |= 1 << UInt64(position & 63)
                }
                index += 1
            }
            if var current = result {
                for word in current.indices { current[word] &= bits[word] }
                result = current
            } else {
                result = bits
            }
        }
        var positions: [Int] = []
        for (wordIndex, word) in (result ?? []).enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                positions.append(wordIndex << 6 + bit)
                remaining &= remaining - 1
            }
        }
        return positions
    }

    /// The first word not ordered before `term`.
    private func lowerBound(_ term: String) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < term { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
