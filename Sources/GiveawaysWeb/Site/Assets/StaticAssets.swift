import Foundation
import Hummingbird

/// The CSS, JavaScript and icon, read once from the bundle and served from memory with long-lived caching:
/// their URLs carry a content hash, so a new build gets new URLs.
enum StaticAssets {
    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
    }

    static let assets: [String: Asset] = {
        var result: [String: Asset] = [:]
        for (name, type) in [
            ("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
            ("favicon.svg", "image/svg+xml"), ("icon-192.png", "image/png"), ("icon-512.png", "image/png"),
            ("icon-maskable-512.png", "image/png"), ("apple-touch-icon.png", "image/png"),
        ] {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "static"),
                var data = try? Data(contentsOf: url)
            else { continue }
            if name.hasSuffix(".css") { data = Data(minifyCSS(String(decoding: data, as: UTF8.self)).utf8) }
            if name.hasSuffix(".js") { data = Data(minifyJS(String(decoding: data, as: UTF8.self)).utf8) }
            result[name] = Asset(body: ByteBuffer(bytes: data), contentType: type, etag: fingerprint(data))
        }
        return result
    }()

    /// The versioned URL of an asset, e.g. `/static/app.css?v=1a2b3c4d`.
    static func path(_ name: String) -> String {
        SiteRoute.staticAsset(name: name, version: assets[name]?.etag ?? "0").path
    }

    static func response(name: String, request: Request) throws -> Response {
        guard let asset = assets[name] else { throw HTTPError(.notFound) }
        let etag = "\"\(asset.etag)\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: etag, .cacheControl: "public, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }

    /// Drops comments and collapses whitespace; the stylesheet in the repository stays readable.
    static func minifyCSS(_ css: String) -> String {
        var text = css.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #" ?([{};,>]) ?"#, with: "$1", options: .regularExpression)
        return text.replacingOccurrences(of: ";}", with: "}").trimmingCharacters(in: .whitespaces)
    }

    /// The script without its comment lines and indentation (a quarter of its weight, gzipped). Deliberately
    /// line-based and nothing more: every line break stays (so automatic semicolon insertion reads the same
    /// program) and only lines that *begin* with `//` go, so a `//` inside a string or a regular expression is never
    /// touched. It relies on the house rule that app.js has no template literal or string spanning lines.
    static func minifyJS(_ script: String) -> String {
        script.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n") + "\n"
    }

    /// FNV-1a, 64 bits, as hex: enough to tell versions apart.
    static func fingerprint(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
