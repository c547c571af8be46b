import Foundation
import GiveawaysDomain
import GiveawaysHTML
import NIOCore
import Synchronization

/// One piece of a personal page: a kept part (a card, a frame's part, the carousel), named by a token that is new
/// for every part made, or a short text of the visitor's own (a count, a rules line), named by its bytes. Pieces
/// that are named can be compressed once and joined (`JoinedGzip`).
///
/// A kept card's bytes live in a `CardSlab` rather than in a text of their own: joining a hundred of them into a
/// page then copies bytes without touching a hundred reference counts (each an atomic write, which waits for the
/// copy before it to land). Such a piece is valid only while its slab is held: the `JoinedPage` that carries it
/// holds it.
struct PagePiece: @unchecked Sendable {
    enum Name: Hashable, Sendable {
        /// A kept part: the same token always means the same bytes.
        case kept(UInt64)
        /// A short text, named by its bytes.
        case text(BytewiseString)
    }

    private enum Content {
        case text(HTML)
        /// Bytes in a slab, never written again while the slab lives.
        case slab(UnsafeRawBufferPointer)
    }

    private let content: Content
    /// `nil` for a long text of the visitor's own: it is compressed for the one page and not kept.
    let name: Name?

    /// Texts longer than this are not named (comparing them would cost more than compressing them).
    static let longestNamedText = 2048
    private static let tokens = Atomic<UInt64>(0)

    /// A token no part was named by before.
    static func newToken() -> UInt64 {
        tokens.add(1, ordering: .relaxed).newValue
    }

    /// A part about to be kept and joined into many pages, named by `token`.
    init(kept html: HTML, token: UInt64 = PagePiece.newToken()) {
        content = .text(html)
        name = .kept(token)
    }

    /// A kept card's bytes in a slab, named by the token it was kept with; valid while the slab is held.
    init(slab bytes: UnsafeRawBufferPointer, token: UInt64) {
        content = .slab(bytes)
        name = .kept(token)
    }

    /// Stands for a card about to be made (`KeptCards`); never part of a page.
    static let placeholder = PagePiece(content: .text(.empty), name: nil)

    private init(content: Content, name: Name?) {
        self.content = content
        self.name = name
    }

    /// A text of one page.
    init(_ html: HTML) {
        content = .text(html)
        name = html.rendered.utf8.count <= Self.longestNamedText ? .text(BytewiseString(html.rendered)) : nil
    }

    /// Whether the bytes are a slab's (valid only while the slab is held).
    var isInSlab: Bool {
        if case .slab = content { true } else { false }
    }

    /// How many bytes the piece holds.
    var byteCount: Int {
        switch content {
        case .text(let html): html.rendered.utf8.count
        case .slab(let bytes): bytes.count
        }
    }

    /// The piece's bytes, lent to `body`.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch content {
        case .text(let html):
            var text = html.rendered
            return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .slab(let bytes):
            return try body(bytes)
        }
    }

    /// The piece as text (a copy, for a slab's).
    var html: HTML {
        switch content {
        case .text(let html): html
        case .slab(let bytes): HTML(trusted: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Writes the piece's bytes at the end of `buffer`.
    fileprivate func write(to buffer: inout ByteBuffer) {
        switch content {
        case .text(let html): buffer.writeString(html.rendered)
        case .slab(let bytes): buffer.writeBytes(bytes)
        }
    }
}

/// A page as the pieces it is joined from, in order. Joined as text for a plain answer; for a gzip answer, the
/// pieces' kept compressed forms are joined instead (`JoinedGzip`), so a personal page is not compressed
/// whole on every request. Both give the same bytes as `html`.
struct JoinedPage: Sendable {
    private(set) var pieces: [PagePiece] = []
    /// The slabs the kept cards among `pieces` live in: held for as long as the page is.
    private var slabs: [CardSlab] = []
    /// How a gzip answer is made of the pieces.
    var compression = Compression.joined

    enum Compression: Sendable {
        /// Their kept compressed forms joined: no compression per request, about 1.1–1.5 times the bytes of the
        /// page compressed whole (each piece points back only into the piece before it).
        case joined
        /// The page compressed whole: for pages of many small pieces that repeat far apart (More's shelves),
        /// where joining would send about 2.5 times the bytes.
        case whole
    }

    init() {}

    init(_ html: HTML) {
        append(html)
    }

    /// A text of the visitor's own.
    mutating func append(_ html: HTML) {
        guard !html.rendered.isEmpty else { return }
        pieces.append(PagePiece(html))
    }

    mutating func append(_ piece: PagePiece) {
        guard piece.byteCount > 0 else { return }
        pieces.append(piece)
    }

    mutating func append(contentsOf other: JoinedPage) {
        pieces.append(contentsOf: other.pieces)
        slabs.append(contentsOf: other.slabs)
    }

    /// Kept parts that live in no slab (a slab's piece comes only with the slab: `KeptCards.append`).
    mutating func append(contentsOf kept: [PagePiece]) {
        for piece in kept {
            precondition(!piece.isInSlab, "a piece of a slab added without its slab")
            append(piece)
        }
    }

    /// A card (`KeptCards`): appended as it is, even a placeholder, which `replaceCard` replaces.
    mutating func appendCard(_ card: PagePiece) {
        pieces.append(card)
    }

    mutating func replaceCard(at index: Int, with card: PagePiece) {
        pieces[index] = card
    }

    /// Holds `slab` for as long as the page is: pieces of it are, or are about to be, among the page's.
    mutating func hold(_ slab: CardSlab) {
        if slabs.last !== slab { slabs.append(slab) }
    }

    /// Every piece's bytes, counted.
    var byteCount: Int { pieces.reduce(0) { $0 + $1.byteCount } }

    /// The page as one text.
    var html: HTML {
        HTML(
            trusted: String(unsafeUninitializedCapacity: byteCount) { target in
                var written = 0
                for piece in pieces {
                    piece.withBytes { bytes in
                        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: target[written...]))
                            .copyMemory(from: bytes)
                        written += bytes.count
                    }
                }
                return written
            })
    }

    /// The page as one buffer, written once.
    var buffer: ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: byteCount)
        pieces.withUnsafeBufferPointer { pieces in
            for index in pieces.indices { pieces[index].write(to: &buffer) }
        }
        return buffer
    }

    mutating func reserveCapacity(_ count: Int) {
        pieces.reserveCapacity(count)
    }
}

/// The bytes of kept cards, copied once into blocks that never move, and freed together when neither `KeptCards`
/// nor any page holds the slab any more. Written only under the lock of the `KeptCards` that owns it; the bytes
/// written are never written again, so any request may read them once it got their place under that lock.
final class CardSlab: @unchecked Sendable {
    /// A block's size; a card longer than a quarter of it gets a block of its own.
    static let blockSize = 64 * 1024

    private var blocks: [UnsafeMutableRawBufferPointer] = []
    /// The block being filled, and how much of it is.
    private var current: UnsafeMutableRawBufferPointer?
    private var used = 0

    /// `text`'s bytes, copied in for as long as the slab lives.
    func keep(_ text: String) -> UnsafeRawBufferPointer {
        var text = text
        return text.withUTF8 { source in
            let count = source.count
            guard count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let target: UnsafeMutableRawBufferPointer
            if count > Self.blockSize / 4 {
                target = allocate(count)
            } else {
                if current == nil || used + count > Self.blockSize {
                    current = allocate(Self.blockSize)
                    used = 0
                }
                target = UnsafeMutableRawBufferPointer(rebasing: current![used..<used + count])
                used += count
            }
            target.copyMemory(from: UnsafeRawBufferPointer(source))
            return UnsafeRawBufferPointer(target)
        }
    }

    private func allocate(_ count: Int) -> UnsafeMutableRawBufferPointer {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        blocks.append(block)
        return block
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
