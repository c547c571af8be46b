/// The memory the web side keeps rendered and compressed answers in, each a `BoundedCache` within its budget. Set here, beside the caches, rather than in Domain's `Defaults`: only the server keeps
/// them; `WebConfiguration.renderedCardsBudget` overrides the cards' (`0` keeps no personal-page parts at all).
package enum CacheBudgets {
    /// Rendered pages kept for visitors without marks.
    package static let renderedPagesBytes = 16 * 1_048_576
    /// Rendered giveaway cards, joined into the pages of visitors with marks or rules.
    package static let renderedCardsBytes = 8 * 1_048_576
    /// The parts of personal pages that every visitor shares (frames and selections of a few KB each), kept at
    /// most; past it the ones kept longest ago and not used since are made again when asked for.
    package static let sharedPartsCapacity = 1_000
    /// The bytes those parts may hold together (frames' text, selections' copies of giveaways).
    package static let sharedPartsBytes = 32 * 1_048_576
    /// Gzipped copies of other answers (JSON, feeds, kept pages' neighbours), by ETag.
    package static let compressedBodiesBytes = 32 * 1_048_576
}
