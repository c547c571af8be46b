import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// Rendered pages for visitors without favorites, who all see the same bytes: kept until the feed changes or
/// the minute turns (the "ends in …" texts), within a byte budget. Visitors with favorites get a fresh render.
final class RenderedPages: Sendable {
    struct Key: Hashable {
        let uri: String
        let fragment: Bool
    }

    private struct Entry {
        let generation: Int
        let minute: Int
        let body: ByteBuffer
        let etag: String
    }

    private let budget: Int
    private let state = Mutex<(entries: [Key: Entry], bytes: Int)>(([:], 0))

    init(budget: Int = 16 * 1_048_576) {
        self.budget = budget
    }

    /// The cached page for `key`, or renders it with `render` and keeps it.
    func response(
        for key: Key, generation: Int, now: Date, render: () async throws -> HTML
    ) async rethrows -> Response {
        let minute = Int(now.timeIntervalSince1970 / 60)
        if let entry = state.withLock({ $0.entries[key] }), entry.generation == generation, entry.minute == minute {
            return PageResponse.bytes(entry.body, etag: entry.etag)
        }
        let body = ByteBuffer(string: try await render().rendered)
        let etag = "W/\"\(StaticAssets.fingerprint(body.readableBytesView))\""
        if key.uri.utf8.count <= 512 {
            state.withLock { state in
                if state.bytes + body.readableBytes > budget {
                    state.entries.removeAll(keepingCapacity: true)
                    state.bytes = 0
                }
                state.entries[key] = Entry(generation: generation, minute: minute, body: body, etag: etag)
                state.bytes += body.readableBytes
            }
        }
        return PageResponse.bytes(body, etag: etag)
    }
}
