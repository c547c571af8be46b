import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The map's tiles through the server, by the OpenStreetMap tile policy: a tile is fetched only when a visitor's map
/// asks for it (no prefetch), once however many ask at the same moment, and kept on disk for at least a week (or the
/// tile server's `max-age` when longer); the folder is bounded, the tiles kept the shortest going first. A tile past
/// its time is fetched again, and the old one served if that fails. Only raster images are served.
final class TileCache: Sendable {
    /// One tile of the map, its coordinates checked (`TileCoordinate.init`).
    struct Key: Hashable, Sendable {
        let z: Int
        let x: Int
        let y: Int

        var fileName: String { "\(z)-\(x)-\(y).tile" }
    }

    let directory: URL
    let fetcher: TileFetcher
    let budgetBytes: Int
    let clock: @Sendable () -> Date
    let logger: Logger
    let flights = SingleFlight<Key, Data?>()
    /// The folder's size as last counted plus what was written since; `nil` before the first count.
    private let knownBytes = Mutex<Int?>(nil)

    init(
        directory: URL, fetcher: TileFetcher, budgetBytes: Int, clock: @escaping @Sendable () -> Date,
        logger: Logger
    ) {
        self.directory = directory
        self.fetcher = fetcher
        self.budgetBytes = budgetBytes
        self.clock = clock
        self.logger = logger
    }

    /// The tile's response: from disk while it is fresh, else fetched (once for all who ask), else the stale copy,
    /// else a 502. `beforeFetching` runs only when the tile must come from the tile server (it may refuse: a client
    /// past its share of fetches).
    func response(for key: Key, beforeFetching: () throws -> Void = {}) async throws -> Response {
        let file = directory.appendingPathComponent(key.fileName)
        let kept = try? Data(contentsOf: file)
        if let kept, let until = Self.keptUntil(file), until > clock(), let type = ImageCache.sniffType(kept) {
            return Self.tile(kept, type: type)
        }
        try beforeFetching()
        if let fetched = await flights.run(key, { await self.fetch(key, to: file) }),
            let type = ImageCache.sniffType(fetched)
        {
            return Self.tile(fetched, type: type)
        }
        if let kept, let type = ImageCache.sniffType(kept) { return Self.tile(kept, type: type) }
        throw AppError(.badGateway) { $0.errors.tileUnavailable }
    }

    private func fetch(_ key: Key, to file: URL) async -> Data? {
        do {
            let tile = try await fetcher.fetch(z: key.z, x: key.x, y: key.y)
            guard ImageCache.sniffType(tile.data) != nil else {
                logger.notice("map tile refused: not an image", metadata: ["tile": "\(key.fileName)"])
                return nil
            }
            let keep = max(Defaults.tileMinimumAge, tile.maxAge ?? 0)
            store(tile.data, at: file, until: clock().addingTimeInterval(keep))
            return tile.data
        } catch {
            logger.notice("map tile fetch failed", metadata: ["tile": "\(key.fileName)", "reason": "\(error)"])
            return nil
        }
    }

    /// Writes the tile whole (a temporary file moved in place) and dates it with the time it may be kept until.
    private func store(_ data: Data, at file: URL, until: Date) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = file.appendingPathExtension("tmp\(UInt32.random(in: 0...UInt32.max))")
            try data.write(to: temporary)
            try FileManager.default.setAttributes([.modificationDate: until], ofItemAtPath: temporary.path)
            let replaced = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            _ = try? FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: temporary, to: file)
            let total = knownBytes.withLock { bytes -> Int? in
                guard let counted = bytes else { return nil }
                bytes = counted + data.count - replaced
                return bytes
            }
            if (total ?? Int.max) > budgetBytes { evictIfNeeded() }
        } catch {
            logger.warning("map tile cache write failed", metadata: ["error": "\(error)"])
        }
    }

    /// Counts the folder and deletes the tiles kept the shortest until it fits its budget (with room to spare, so
    /// the next writes do not count it again at once).
    private func evictIfNeeded() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
        else { return }
        var entries = files.compactMap { url -> (URL, Int, Date)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.1 }
        if total > budgetBytes {
            let target = budgetBytes / 10 * 9
            entries.sort { $0.2 < $1.2 }
            for entry in entries where total > target {
                try? FileManager.default.removeItem(at: entry.0)
                total -= entry.1
            }
        }
        knownBytes.withLock { $0 = total }
    }

    /// The file's date: the time the tile may be kept until.
    static func keptUntil(_ file: URL) -> Date? {
        try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
    }

    private static func tile(_ data: Data, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension TileCache {
    /// The cache `--map-tiles-url` and `--tile-cache` describe, over the process's connections.
    convenience init(
        settings: TileSettings, connections: HTTPConnections, clock: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.init(
            directory: URL(fileURLWithPath: settings.directory),
            fetcher: TileFetcher(
                connections: connections, template: settings.template, userAgent: settings.userAgent,
                maxBytes: settings.maxTileBytes, timeout: settings.timeout),
            budgetBytes: settings.budgetBytes, clock: clock, logger: logger)
    }
}
