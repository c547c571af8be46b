import Foundation
import GiveawaysDomain
import NIOCore
import Synchronization

/// One piece of a personal page: a kept part (a card, a frame's part, the carousel), named by a token that is new
/// for every part made, or a short text of the visitor's own (a count, a rules line), named by its bytes. Pieces
/// that are named can be compressed once and joined (`CompressedPieces`).
struct PagePiece: Sendable {
    enum Name: Hashable, Sendable {
        /// A kept part: the same token always means the same bytes.
        case kept(UInt64)
        /// A short text, named by its bytes.
        case text(ExactText)
    }

    let html: HTML
    /// `nil` for a long text of the visitor's own: it is compressed for the one page and not kept.
    let name: Name?

    /// Texts longer than this are not named (comparing them would cost more than compressing them).
    static let longestNamedText = 2048
    private static let tokens = Atomic<UInt64>(0)

    /// A part about to be kept and joined into many pages.
    init(kept html: HTML) {
        self.html = html
        name = .kept(Self.tokens.add(1, ordering: .relaxed).newValue)
    }

    /// Stands for a card about to be made (`CardFragments`); never part of a page.
    static let placeholder = PagePiece(html: .empty, name: nil)

    private init(html: HTML, name: Name?) {
        self.html = html
        self.name = name
    }

    /// A text of one page.
    init(_ html: HTML) {
        self.html = html
        name = html.rendered.utf8.count <= Self.longestNamedText ? .text(ExactText(html.rendered)) : nil
    }
}

/// A page as the pieces it is joined from, in order. Joined as text for a plain answer; for a gzip answer, the
/// pieces' kept compressed forms are joined instead (`CompressedPieces`), so a personal page is not compressed
/// whole on every request. Both give the same bytes as `html`.
struct PagePieces: Sendable {
    private(set) var pieces: [PagePiece] = []
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
        guard !piece.html.rendered.isEmpty else { return }
        pieces.append(piece)
    }

    mutating func append(contentsOf other: PagePieces) {
        pieces.append(contentsOf: other.pieces)
    }

    mutating func append(contentsOf kept: [PagePiece]) {
        for piece in kept { append(piece) }
    }

    /// Every piece's bytes, counted.
    var byteCount: Int { pieces.reduce(0) { $0 + $1.html.rendered.utf8.count } }

    /// The page as one text.
    var html: HTML {
        var page = ""
        page.reserveCapacity(byteCount)
        for piece in pieces { page += piece.html.rendered }
        return HTML(trusted: page)
    }

    /// The page as one buffer, written once.
    var buffer: ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: byteCount)
        pieces.withUnsafeBufferPointer { pieces in
            for index in pieces.indices { buffer.writeString(pieces[index].html.rendered) }
        }
        return buffer
    }

    mutating func reserveCapacity(_ count: Int) {
        pieces.reserveCapacity(count)
    }
}
