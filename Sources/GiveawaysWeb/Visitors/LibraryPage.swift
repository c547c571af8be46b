import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews

/// "Games you own" (`/settings/library`): the visitor's Steam link (read, refresh, unlink) and their imported list,
/// the live giveaways of games they own, and after an import what matched. Only ever shown to the visitor whose
/// profile it is; every title (Steam's, the list's, a giveaway's) is escaped at the one escape point.
struct LibraryPage {
    /// What an import just did: the games read, how many were given away here before, and those that were not.
    struct ImportResult {
        let games: Int
        let matched: Int
        let unmatched: [String]
        let unmatchedTotal: Int
    }

    let library: OwnedLibrary
    /// Whether the operator turned Steam on (`--steam-key`).
    let steamEnabled: Bool
    /// The live giveaways of games the visitor owns, with where they own each.
    let ownedLive: [(giveaway: Giveaway, source: OwnedSource)]
    var message: String?
    var imported: ImportResult?
    let strings: Strings

    private var text: LibraryText { strings.library }

    func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>\(text.heading)</h1>
          <p>\(text.intro)</p>
        </section>
        \(message.map { HTML("<p class=\"notice notice--error\" role=\"alert\"><span>\($0)</span></p>") })
        \(importResult)
        \(ownedLiveSection)
        \(steamSection)
        \(listSection)
        """
    }

    private func games(_ count: Int) -> String { text.games(count, number: strings.number(count)) }

    private func time(_ date: Date) -> HTML { TimeTag(date: date, kind: .date, text: strings.date(date)).render() }

    private var importResult: HTML {
        guard let imported else { return .empty }
        let more = imported.unmatchedTotal - imported.unmatched.count
        let list: HTML =
            imported.unmatched.isEmpty
            ? .empty
            : """
            <details class="library-unmatched"><summary>\(text.unmatchedTitle(strings.number(imported.unmatchedTotal)))</summary>
            <ul>\(imported.unmatched.map { HTML("<li>\($0)</li>") })</ul>\
            \(more > 0 ? HTML("<p>\(text.unmatchedMore(strings.number(more)))</p>") : nil)</details>
            """
        return """
            <p class="notice" role="status">\(Icons.check)<span>\(text.imported(games(imported.games), strings.number(imported.matched)))</span></p>
            \(list)
            """
    }

    private var ownedLiveSection: HTML {
        guard !library.isEmpty else { return .empty }
        let items = ownedLive.map { item -> HTML in
            let source = item.source == .steam ? text.sourceSteam : text.sourceList
            return """
                <li><a href="\(SiteRoute.details(id: item.giveaway.id).path)">\(item.giveaway.title)</a> \
                <span class="badge badge--live">\(text.inLibrary(source))</span></li>
                """
        }
        return """
            <section class="settings-card" aria-labelledby="owned-live-title">
              <h2 id="owned-live-title">\(text.ownedLiveTitle)</h2>
              \(ownedLive.isEmpty ? HTML("<p>\(text.ownedLiveNone)</p>") : HTML("<ul class=\"library-owned\">\(items)</ul>"))
            </section>
            """
    }

    private var steamSection: HTML {
        guard steamEnabled else {
            return """
                <section class="settings-card" aria-labelledby="steam-title">
                  <h2 id="steam-title">\(text.steamTitle)</h2>
                  <p>\(text.steamOff)</p>
                </section>
                """
        }
        var status: HTML = .empty
        if let link = library.steam {
            let read: HTML =
                link.refreshedAt.map { "\(text.readAt): \(time($0))" } ?? HTML(stringLiteral: text.neverRead)
            let failure: HTML? = link.failure.map { failure in
                let since: HTML? = link.failedAt.map { " \(text.failedSince) \(time($0))." }
                return
                    "<p class=\"notice notice--error\" role=\"status\"><span>\(text.failure(Self.text(failure)))\(since)</span></p>"
            }
            status = """
                <p>\(text.linked(link.steamID, games(library.count(from: .steam)))) \(read)</p>
                \(failure)
                <div class="button-row">
                  <form method="post" action="\(SiteRoute.libraryRefresh.path)"><button type="submit" class="button">\(text.refresh)</button></form>
                  <form method="post" action="\(SiteRoute.libraryUnlink.path)"><button type="submit" class="button">\(text.unlink)</button></form>
                </div>
                """
        }
        return """
            <section class="settings-card" aria-labelledby="steam-title">
              <h2 id="steam-title">\(text.steamTitle)</h2>
              \(status)
              <form method="post" action="\(SiteRoute.librarySteam.path)">
                <label class="field"><span>\(text.profileLabel)</span>
                  <input type="text" name="profile" maxlength="200" autocomplete="off" spellcheck="false" autocapitalize="off" placeholder="\(text.profilePlaceholder)" required></label>
                <p class="hint">\(text.privacyHint)</p>
                <button type="submit" class="button">\(text.readLibrary)</button>
              </form>
            </section>
            """
    }

    private var listSection: HTML {
        let listed = library.count(from: .list)
        let clear: HTML? =
            listed == 0
            ? nil
            : """
            <form method="post" action="\(SiteRoute.libraryClear.path)"><button type="submit" class="button">\(text.clearList)</button></form>
            """
        return """
            <section class="settings-card" aria-labelledby="list-title">
              <h2 id="list-title">\(text.listTitle)</h2>
              <p>\(text.listText)\(listed > 0 ? HTML(" <strong>\(text.listed(games(listed)))</strong>") : nil)</p>
              <form method="post" action="\(SiteRoute.libraryImport.path)" enctype="multipart/form-data">
                <label class="field"><span>\(text.pasteLabel)</span><textarea name="list" rows="5" spellcheck="false" placeholder="Portal 2&#10;Stasis&#10;Warhammer 40,000: Gladius"></textarea></label>
                <label class="field"><span>\(text.fileLabel)</span><input type="file" name="file" accept=".csv,.txt,.tsv,text/csv,text/plain"></label>
                <button type="submit" class="button">\(text.importButton)</button>
              </form>
              \(clear)
            </section>
            """
    }

    static func text(_ failure: SteamLibraryFailure) -> LibraryText.SteamFailureText {
        switch failure {
        case .privateGames: .privateGames
        case .noSuchName: .noSuchName
        case .refusedKey: .refusedKey
        case .throttled: .throttled
        case .unavailable: .unavailable
        }
    }
}
