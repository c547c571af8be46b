import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews
import Hummingbird

/// A page that reads differently for a visitor with marks or rules: a frame every visitor of its address shares
/// (the head, navigation and footer, and the parts of its header that show nobody's marks), with the visitor's own
/// parts between the frame's. It only says what is whose; `ReadModel.answer` (through `PageDescription.personal`)
/// decides what is kept, how the page is joined and how it is compressed.
protocol PersonalPage {
    /// Which page's frame it is: kept with the page's address and language.
    static var frameKind: SharedPartCache.Key.Kind { get }
    /// The layout's title, section and head links (`Layout`) around the frame.
    var pageTitle: String { get }
    static var section: Layout.Section? { get }
    var headLinks: HTML { get }
    /// The frame, in `layout` (without one, the page's own part of it, as its `render()` uses): one more part than
    /// `fillings` gives.
    func frame(in layout: Layout?) -> PageFrame
    /// The visitor's parts between the frame's; `kept` keeps the parts of them that every visitor shares.
    func fillings(_ kept: PageSharedParts) -> [HTMLPieces]
    /// The results alone, for `X-Fragment: results` (live search, "Load more"); `nil` for a page without.
    func fragment(_ kept: PageSharedParts) -> HTMLPieces?
}

extension PersonalPage {
    var headLinks: HTML { .empty }
}

/// The parts of one personal page that every visitor shares besides the frame, kept per snapshot generation and
/// minute (`SharedPartCache`).
struct PageSharedParts {
    let parts: SharedPartCache
    /// The page's address, as sent.
    let target: String
    let language: Language
    let generation: Int
    let now: Date

    /// A part every visitor of this address and language sees alike (Home's feed links).
    func ofAddress<Value: SharedPart>(
        _ kind: SharedPartCache.Key.Kind, filters: HomeFilters? = nil, make: () -> Value
    ) -> Value {
        // Kept under the address too, so that an address too long to keep is not kept here either.
        parts.value(
            .init(kind: kind, target: target, language: language, filters: filters), generation: generation, now: now,
            make: make)
    }

    /// A part every visitor in this language sees alike when it shows the giveaways `ids` (More's carousel).
    func showing<Value: SharedPart>(_ kind: SharedPartCache.Key.Kind, ids: [Int], make: () -> Value) -> Value {
        parts.value(.init(kind: kind, language: language, ids: ids), generation: generation, now: now, make: make)
    }
}
