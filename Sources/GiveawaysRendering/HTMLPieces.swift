import GiveawaysHTML
import NIOCore

/// A page as the texts it is joined from, in order: kept parts (a frame's parts, kept cards, More's carousel) with
/// the visitor's own between them. Written once into one buffer when it is sent; gzipped whole, like any other answer
/// (`GzipBodyCache`). Both give the same bytes as `html`.
///
/// Measured and left simple: keeping the cards' bytes in slabs of raw memory, or joining kept compressed pieces into
/// the gzip answer, each bought under 10 % on `scripts/bench-personal` (BENCHMARKS.md, "The exotic parts, each taken
/// out"), so neither is here.
package struct HTMLPieces: Sendable {
    package private(set) var pieces: [HTML] = []

    package init() {}

    package init(_ html: HTML) {
        append(html)
    }

    package mutating func append(_ html: HTML) {
        guard !html.rendered.isEmpty else { return }
        pieces.append(html)
    }

    package mutating func append(contentsOf other: HTMLPieces) {
        pieces.append(contentsOf: other.pieces)
    }

    package mutating func append(contentsOf parts: [HTML]) {
        for part in parts { append(part) }
    }

    /// A card about to be made (`CardCache`): a place `fillCard` fills.
    package mutating func appendCardPlace() {
        pieces.append(.empty)
    }

    package mutating func fillCard(at index: Int, with card: HTML) {
        pieces[index] = card
    }

    /// Every piece's bytes, counted.
    package var byteCount: Int { pieces.reduce(0) { $0 + $1.rendered.utf8.count } }

    /// The page as one text.
    package var html: HTML {
        var text = ""
        text.reserveCapacity(byteCount)
        for piece in pieces { text += piece.rendered }
        return HTML(trusted: text)
    }

    /// The page as one buffer, written once.
    package var buffer: ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: byteCount)
        // Read in place: a `for piece in pieces` copies each piece out (a retain and a release per card).
        pieces.withUnsafeBufferPointer { pieces in
            for index in pieces.indices { buffer.writeString(pieces[index].rendered) }
        }
        return buffer
    }

    package mutating func reserveCapacity(_ count: Int) {
        pieces.reserveCapacity(count)
    }
}
