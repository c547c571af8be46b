import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import Hummingbird
import Logging
import NIOCore

/// Serves every image the pages show (GamerPower's giveaways, FreeToGame's games, RAWG's) from one cache on
/// disk. Each image is fetched once, through `ImageFetcher`: its URL comes from an upstream's answer (a stored
/// giveaway, a catalog game, a RAWG answer), never from the request, and only from an allowed origin, a public
/// address, without redirects, within a size cap and a deadline. The folder's total size is bounded by evicting
/// the oldest files. When an image cannot be had, a neat placeholder is served.
struct ImageCache: Sendable {
    let directory: URL
    let fetcher: ImageFetcher
    var maxTotalBytes = Defaults.imageCacheBudgetBytes
    let logger: Logger

    init(directory: URL, fetcher: ImageFetcher, logger: Logger) {
        self.directory = directory
        self.fetcher = fetcher
        self.logger = logger
    }

    /// The response for an image URL an upstream gave.
    func response(for source: String, request: Request) async -> Response {
        guard let url = URL(string: source), fetcher.allows(url) else { return Self.placeholder() }
        let key = StaticAssets.fingerprint(Data(source.utf8))
        let file = directory.appendingPathComponent(key)
        let etag = "\"\(key)\""
        if request.headers[.ifNoneMatch] == etag, FileManager.default.fileExists(atPath: file.path) {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "public, max-age=604800"])
        }
        if let cached = try? Data(contentsOf: file), let type = Self.sniffType(cached) {
            return Self.image(cached, type: type, etag: etag)
        }
        guard let fetched = await fetch(url), let type = Self.sniffType(fetched) else { return Self.placeholder() }
        store(fetched, at: file)
        return Self.image(fetched, type: type, etag: etag)
    }

    private func fetch(_ url: URL) async -> Data? {
        do {
            return try await fetcher.fetch(url)
        } catch {
            // The origin only: an image URL's path and query are the upstream's, not worth a log line.
            let origin = WebOrigin(url)?.description ?? "?"
            logger.notice("image fetch failed", metadata: ["origin": "\(origin)", "reason": "\(error)"])
            return nil
        }
    }

    private func store(_ data: Data, at file: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = file.appendingPathExtension("tmp\(UInt32.random(in: 0...UInt32.max))")
            try data.write(to: temporary)
            _ = try? FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: temporary, to: file)
            evictIfNeeded()
        } catch {
            logger.warning("image cache write failed", metadata: ["error": "\(error)"])
        }
    }

    /// Deletes the least recently written files until the folder fits its budget.
    private func evictIfNeeded() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let files = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)
        else { return }
        var entries = files.compactMap { url -> (URL, Int, Date)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.1 }
        guard total > maxTotalBytes else { return }
        entries.sort { $0.2 < $1.2 }
        for entry in entries where total > maxTotalBytes {
            try? FileManager.default.removeItem(at: entry.0)
            total -= entry.1
        }
    }

    /// Only real raster images are served; anything else (HTML, SVG with script) is refused.
    static func sniffType(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] {
            return "image/webp"
        }
        return nil
    }

    private static func image(_ data: Data, type: String, etag: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .eTag: etag, .cacheControl: "public, max-age=604800"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A soft gradient with a controller glyph, the same size ratio as the upstream's images.
    static func placeholder() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: placeholderSVG)))
    }

    static let placeholderSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\
        <stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>\
        <rect width="640" height="360" fill="url(#g)"/><g fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="10" \
        stroke-linecap="round"><rect x="230" y="130" width="180" height="100" rx="50"/><path d="M275 165v30M260 180h30"/></g>\
        <circle cx="360" cy="170" r="8" fill="#fff" fill-opacity=".85"/><circle cx="380" cy="192" r="8" fill="#fff" fill-opacity=".85"/></svg>
        """
}
