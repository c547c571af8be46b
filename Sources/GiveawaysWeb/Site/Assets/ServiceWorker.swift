import Foundation
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews
import Hummingbird

/// `/sw.js`, scope `/`: keeps the app shell (stylesheet, script, icons, the offline page) in a cache named after
/// their versions (a new build installs a new cache and drops the old ones), answers pages network-first and keeps
/// a copy of each page seen, so a page seen before opens offline with a note saying when it was seen; a page never
/// seen gets the offline page. Only same-origin GETs are touched: forms (POST), the API, feeds and images always go
/// to the network, and the server's ETag / 304 work as before (the worker's fetch uses the HTTP cache).
///
/// Kept out of the page's way (BENCHMARKS.md §7): the page's answer is handed over untouched (navigation preload,
/// no `clone()` — a clone tees the body through the worker's JavaScript: the last byte arrived 4–8× later); the
/// copy is read from the browser's HTTP cache (`cache: "force-cache"`) as soon as the answer's headers are in,
/// joining the same answer as it arrives (no second request in the usual case). Never on a timer: a page kept
/// only seconds later was lost when the visitor reloaded or left it at once and then went offline. Where the
/// browser has static routing (`InstallEvent.addRoutes`, Chromium), everything but navigations is routed without
/// starting the worker's JavaScript: the shell straight from its cache, the rest to the network; other browsers get
/// the same behaviour from the fetch handler.
enum ServiceWorker {
    /// Changes whenever an asset of the shell changes.
    static let version: String = StaticAssets.fingerprint(Array(shell.joined(separator: " ").utf8))

    static var shell: [String] {
        (["app.css", "app.js", "favicon.svg", "icon-192.png", "apple-touch-icon.png"]
            + PageStyle.allCases.map(\.fileName) + PageStyle.scriptNames).map(StaticAssets.path)
            + [SiteRoute.offline.path]
    }

    /// The worker's source, `Resources/static/service-worker.js`, with its `{{…}}` names filled in.
    static let script: ByteBuffer = {
        guard
            let url = Bundle.module.url(forResource: "service-worker", withExtension: "js", subdirectory: "static"),
            let source = try? String(contentsOf: url, encoding: .utf8)
        else { return ByteBuffer(string: "// service worker source missing from the bundle\n") }
        return ByteBuffer(string: fill(source))
    }()

    /// The source with the shell's version and list, the offline page and the notes per language written in.
    static func fill(_ source: String) -> String {
        let values = [
            "{{VERSION}}": version, "{{SHELL}}": shell.map { "\"\($0)\"" }.joined(separator: ", "),
            "{{OFFLINE}}": SiteRoute.offline.path, "{{NOTES}}": offlineNotes,
            "{{LANG}}": Language.standard.rawValue, "{{NEARBY}}": SiteRoute.nearby(NearbyFilters()).path,
        ]
        return values.reduce(source) { text, pair in text.replacingOccurrences(of: pair.key, with: pair.value) }
    }

    static func response() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: script))
    }

    /// `{"en":{"title":…,"text":…,"earlier":…},"de":{…}}`: the note over a page shown from the cache.
    private static var offlineNotes: String {
        let entries = Language.allCases.map { language in
            let text = language.strings.error
            return "\"\(language.rawValue)\":{\"title\":\(Strings.json(text.offlineNoteTitle)),"
                + "\"text\":\(Strings.json(text.offlineNoteText)),\"earlier\":\(Strings.json(text.offlineNoteEarlier))}"
        }
        return "{" + entries.joined(separator: ",") + "}"
    }

    /// The page for a page never seen while offline; cached with the shell, in the language it was fetched in.
    static func offlinePage(_ strings: Strings) -> HTML {
        let text = strings.error
        return Layout(
            strings: strings, path: SiteRoute.offline.path, title: strings.pageTitle(text.offlineTitle), section: nil,
            content: """
                <section class="hero hero--compact">
                  <h1>\(text.offlineHeading)</h1>
                  <p>\(text.offlineText)</p>
                </section>
                <p><a class="button" href="\(SiteRoute.homePath)">\(strings.layout.navHome)</a> <a class="button" href="\(SiteRoute.favorites(page: 1).path)">\(strings.lists.favoritesTitle)</a></p>
                """
        ).render()
    }
}
