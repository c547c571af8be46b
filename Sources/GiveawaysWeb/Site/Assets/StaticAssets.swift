import Foundation
import GiveawaysRendering
import GiveawaysViews
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
        let styles = PageStyle.allCases.map { ($0.fileName, "text/css; charset=utf-8") }
        let scripts = PageStyle.scriptNames.map { ($0, "text/javascript; charset=utf-8") }
        for (name, type) in [
            ("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
            ("favicon.svg", "image/svg+xml"), ("icon-192.png", "image/png"), ("icon-512.png", "image/png"),
            ("icon-maskable-512.png", "image/png"), ("apple-touch-icon.png", "image/png"),
        ] + styles + scripts {
            // Stylesheets and scripts are served as `scripts/minify-assets` minified them (`static/min/`, committed;
            // the readable files beside are the ones to edit); the fingerprint is of what is served.
            let minified = name.hasSuffix(".css") || name.hasSuffix(".js")
            guard
                let url = Bundle.module.url(
                    forResource: name, withExtension: nil, subdirectory: minified ? "static/min" : "static"),
                let data = try? Data(contentsOf: url)
            else { continue }
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

    /// A file's or an answer's fingerprint (`ContentFingerprint`).
    static func fingerprint(_ bytes: some Sequence<UInt8>) -> String { ContentFingerprint.of(bytes) }
}
