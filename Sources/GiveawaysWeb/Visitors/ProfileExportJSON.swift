import Foundation
import GiveawaysDomain
import GiveawaysViews

/// The "export my data" file: a visitor's marks (with notes), rules and library (the games they own, and their Steam
/// profile). Versioned, so that a later release can still read it; import accepts exactly this shape and refuses
/// anything else with a clear message. A file of an earlier release has no library: it reads as none.
struct ProfileExportJSON: Codable {
    static let formatName = "gamegiveaways-profile"
    static let currentVersion = 1
    /// The most marks one file may carry (what one profile may hold), and the largest file accepted.
    static let maxMarks = ProfileLimits.marks
    /// Room for the most marks and a collector's library (50,000 games).
    static let maxBytes = 12 * 1024 * 1024

    struct LibraryJSON: Codable {
        struct GameJSON: Codable {
            let title: String
            let appID: Int?
            let source: String
        }

        let steamID: String?
        let games: [GameJSON]
    }

    struct MarkJSON: Codable {
        let subject: String
        let id: Int
        let kind: String
        let text: String?
        let createdAt: Date
        let updatedAt: Date
    }

    let format: String
    let version: Int
    let exportedAt: Date
    let rules: GiveawayRules
    let marks: [MarkJSON]
    let library: LibraryJSON?

    init(_ export: ProfileExport, at time: Date) {
        format = Self.formatName
        version = Self.currentVersion
        exportedAt = time
        rules = export.rules
        marks = export.marks.map {
            MarkJSON(
                subject: $0.subject.kind.rawValue, id: $0.subject.id, kind: $0.kind.rawValue, text: $0.text,
                createdAt: $0.createdAt, updatedAt: $0.updatedAt)
        }
        library =
            export.ownedGames.isEmpty && export.steamID == nil
            ? nil
            : LibraryJSON(
                steamID: export.steamID,
                games: export.ownedGames.map {
                    .init(title: $0.title, appID: $0.steamAppID, source: $0.source.rawValue)
                })
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads and checks a file: its format and version, limits, and every mark's kind. Marks of kinds this
    /// release does not know are skipped and counted, not fatal.
    static func decode(_ data: Data) throws(BadRequest) -> (export: ProfileExport, skipped: Int) {
        guard data.count <= maxBytes else { throw BadRequest { $0.errors.exportTooLarge } }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let file: ProfileExportJSON
        do {
            file = try decoder.decode(ProfileExportJSON.self, from: data)
        } catch {
            throw BadRequest { $0.errors.exportUnreadable }
        }
        guard file.format == formatName else {
            throw BadRequest { [format = String(file.format.prefix(40))] in $0.errors.exportWrongFormat(format) }
        }
        guard file.version <= currentVersion else {
            throw BadRequest { [version = file.version] in $0.errors.exportTooNew(version) }
        }
        guard file.marks.count <= maxMarks else {
            throw BadRequest { $0.errors.exportTooManyMarks(maxMarks) }
        }
        try RulesForm.validate(file.rules.blockedKeywords)
        guard file.rules.platforms.count <= 100, file.rules.platforms.allSatisfy({ SiteRoute.genreSlug($0) == $0 })
        else { throw BadRequest { $0.errors.exportBadStores } }
        var marks: [Mark] = []
        var skipped = 0
        for mark in file.marks {
            guard let subject = MarkSubject.Kind(rawValue: mark.subject), let kind = MarkKind(rawValue: mark.kind),
                mark.id > 0, (mark.text?.count ?? 0) <= CatalogGamePage.maxNoteLength
            else {
                skipped += 1
                continue
            }
            marks.append(
                Mark(
                    subject: MarkSubject(kind: subject, id: mark.id), kind: kind, text: mark.text,
                    createdAt: mark.createdAt, updatedAt: mark.updatedAt))
        }
        let library = file.library
        guard (library?.games.count ?? 0) <= OwnedLibrary.maxGames else {
            throw BadRequest { $0.library.listTooMany }
        }
        let steamID = library?.steamID.flatMap { SteamProfileInput.isSteamID($0) ? $0 : nil }
        let games = (library?.games ?? []).compactMap { game -> OwnedGame? in
            guard let source = OwnedSource(rawValue: game.source),
                !GameTitle.normalized(String(game.title.prefix(OwnedLibrary.maxTitleLength))).isEmpty,
                source == .list || steamID != nil
            else { return nil }
            return OwnedGame(title: game.title, steamAppID: game.appID, source: source)
        }
        return (ProfileExport(marks: marks, rules: file.rules, ownedGames: games, steamID: steamID), skipped)
    }
}
