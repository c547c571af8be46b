import CZlib
import Foundation
import NIOCore

/// Gzip answers for personal pages, joined from pieces compressed once.
///
/// A piece is compressed as raw deflate with the piece before it as the preset dictionary (so a card can point back
/// at the card before it, as it would in a page compressed whole) and ended with a sync flush, which leaves the
/// stream on a byte boundary. Such streams can be laid end to end wherever the same two pieces meet: the joined
/// stream is one valid deflate stream, closed by an empty final block, in a gzip wrapper whose CRC-32 is combined
/// from the pieces' (`crc32_combine`). The compressed form of a pair is kept by the pair's names, per snapshot
/// generation and minute like the pieces themselves, within a byte budget.
final class JoinedGzip: Sendable {
    private struct Pair: Hashable {
        /// `nil` for the first piece of a page.
        let previous: PagePiece.Name?
        let current: PagePiece.Name
    }

    /// `0` keeps nothing (every piece is compressed for its page; the tests compare both ways).
    private let kept: KeptValues<Pair, DeflatedPiece>

    init(budget: Int) {
        kept = KeptValues(budgetBytes: budget)
    }

    /// The gzip stream of `page`, as of snapshot `generation` at `now`.
    func gzip(_ page: JoinedPage, generation: Int, now: Date) -> ByteBuffer {
        if page.compression == .whole {
            return PieceDeflater.gzip([
                page.buffer.withUnsafeReadableBytes { PieceDeflater.deflate($0, dictionary: nil) }
            ])
        }
        let pieces = page.pieces
        let pairs = pieces.indices.map { index -> Pair? in
            guard let name = pieces[index].name else { return nil }
            if index == 0 { return Pair(previous: nil, current: name) }
            guard let previous = pieces[index - 1].name else { return nil }
            return Pair(previous: previous, current: name)
        }
        let scope = KeptScope(generation: generation, now: now)
        var deflated =
            kept.lookUp(in: scope) { kept in pairs.map { $0.flatMap(kept) } }
            ?? Array(repeating: nil, count: pairs.count)
        var made: [(key: Pair, value: DeflatedPiece, bytes: Int)] = []
        for index in pieces.indices where deflated[index] == nil {
            let piece = PieceDeflater.deflate(pieces[index], after: index > 0 ? pieces[index - 1] : nil)
            deflated[index] = piece
            // A text piece is named by itself: its name is kept too. A pair made twice (repeated in one page, or by
            // two requests at once) is kept and counted once.
            if let pair = pairs[index] {
                made.append((pair, piece, piece.bytes.count + 96 + pair.previous.keptBytes + pair.current.keptBytes))
            }
        }
        kept.keep(made, in: scope)
        return PieceDeflater.gzip(deflated.map { $0! })
    }
}

extension PagePiece.Name? {
    fileprivate var keptBytes: Int { self?.keptBytes ?? 0 }
}

extension PagePiece.Name {
    fileprivate var keptBytes: Int {
        switch self {
        case .kept: 0
        case .text(let text): text.value.utf8.count
        }
    }
}

/// A piece of a deflate stream: raw deflate ended by a sync flush (so on a byte boundary, not final), with the CRC-32
/// and length of what it holds.
struct DeflatedPiece: Sendable {
    let bytes: [UInt8]
    let crc: UInt32
    let count: Int
}

enum PieceDeflater {
    /// zlib's default level, as the kept pages are compressed.
    static let level: Int32 = 6
    /// What deflate can point back at: the last 32 KiB.
    static let window = 32 * 1024

    /// `text` as a deflate piece that may point back into `dictionary`, the text just before it in the stream.
    static func deflate(_ text: String, dictionary: String?, level: Int32 = PieceDeflater.level) -> DeflatedPiece {
        var text = text
        return text.withUTF8 { input in
            guard var dictionary else { return deflate(UnsafeRawBufferPointer(input), dictionary: nil, level: level) }
            return dictionary.withUTF8 { bytes in
                let tail = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).suffix(window))
                return deflate(UnsafeRawBufferPointer(input), dictionary: tail, level: level)
            }
        }
    }

    /// `piece` as a deflate piece that may point back into `previous`, the piece just before it in the stream.
    static func deflate(_ piece: PagePiece, after previous: PagePiece?) -> DeflatedPiece {
        piece.withBytes { input in
            guard let previous else { return deflate(input, dictionary: nil) }
            return previous.withBytes { bytes in
                deflate(input, dictionary: UnsafeRawBufferPointer(rebasing: bytes.suffix(window)))
            }
        }
    }

    static func deflate(
        _ input: UnsafeRawBufferPointer, dictionary: UnsafeRawBufferPointer?, level: Int32 = PieceDeflater.level
    ) -> DeflatedPiece {
        var stream = z_stream()
        guard giveaways_deflate_init_raw(&stream, level) == Z_OK else {
            // Only when out of memory; a stored block needs no zlib at all.
            return stored(input)
        }
        defer { deflateEnd(&stream) }
        if let dictionary, let base = dictionary.baseAddress, dictionary.count > 0 {
            _ = deflateSetDictionary(
                &stream, base.assumingMemoryBound(to: Bytef.self), UInt32(dictionary.count))
        }
        // Room for the worst case (stored blocks) and the sync flush's empty block.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 16)
        var written = 0
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = UInt32(input.count)
        while true {
            let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_out = out.baseAddress! + written
                stream.avail_out = UInt32(out.count - written)
                let status = CZlib.deflate(&stream, Z_SYNC_FLUSH)
                written = out.count - Int(stream.avail_out)
                return status
            }
            guard status == Z_OK || status == Z_BUF_ERROR else { return stored(input) }
            // Done when everything went in and zlib did not fill the room it had (the flush is complete).
            if stream.avail_in == 0, written < output.count { break }
            output.append(contentsOf: repeatElement(0, count: output.count))
        }
        // An exact copy: the room reserved is about the size of the input, and a piece is kept for many pages.
        return DeflatedPiece(bytes: Array(output[..<written]), crc: crc(input), count: input.count)
    }

    /// `input` in stored blocks (each at most 65,535 bytes), byte-aligned and not final, like a sync flush.
    static func stored(_ input: UnsafeRawBufferPointer) -> DeflatedPiece {
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 5 * (input.count / 65535 + 1))
        var start = 0
        repeat {
            let length = min(65535, input.count - start)
            output += [
                0, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff),
            ]
            output += input[start..<start + length]
            start += length
        } while start < input.count
        return DeflatedPiece(bytes: output, crc: crc(input), count: input.count)
    }

    static func crc(_ input: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = input.baseAddress, input.count > 0 else { return 0 }
        return UInt32(crc32(0, base.assumingMemoryBound(to: Bytef.self), UInt32(input.count)))
    }

    /// The gzip stream of `pieces` laid end to end.
    static func gzip(_ pieces: [DeflatedPiece]) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: pieces.reduce(20) { $0 + $1.bytes.count })
        // Magic, deflate, no flags, no time, no extra flags, Unix.
        buffer.writeBytes([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
        var crc: UInt = 0
        var count = 0
        for piece in pieces {
            buffer.writeBytes(piece.bytes)
            crc = crc32_combine(crc, UInt(piece.crc), off_t(piece.count))
            count += piece.count
        }
        // An empty final block with fixed codes: BFINAL 1, BTYPE 01, end of block.
        buffer.writeBytes([0x03, 0x00])
        buffer.writeInteger(UInt32(truncatingIfNeeded: crc), endianness: .little)
        buffer.writeInteger(UInt32(truncatingIfNeeded: count), endianness: .little)
        return buffer
    }
}
