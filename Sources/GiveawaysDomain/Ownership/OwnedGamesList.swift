import Foundation

/// A list of owned games as a visitor pastes or uploads it: one title per line, or the CSV export of a launcher or
/// library manager (Playnite, GOG Galaxy, a spreadsheet) with a column named title, name or game — and, when there is
/// one, a Steam app id column. Commas, semicolons or tabs separate the columns; quoted cells may hold separators,
/// doubled quotes and line breaks. Blank lines and lines starting with `#` are skipped; a title listed twice counts
/// once.
public struct OwnedGamesList: Hashable, Sendable {
    /// The largest list read: a few MB is every library there is.
    public static let maxBytes = 4 * 1024 * 1024

    public let games: [OwnedGame]
    /// The rows that named no game (an empty title cell).
    public let skipped: Int

    public enum Failure: Error, Hashable, Sendable {
        case tooLarge
        case tooManyGames
        case empty
    }

    /// Reads `text`; throws `Failure` for a list past the bounds or one with no game at all.
    public init(parsing text: String) throws(Failure) {
        guard text.utf8.count <= Self.maxBytes else { throw .tooLarge }
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let rows = Self.rows(body)
        var games: [OwnedGame] = []
        var seen = Set<String>()
        var skipped = 0
        let columns = rows.first.flatMap(Self.columns(ofHeader:))
        for row in rows.dropFirst(columns == nil ? 0 : 1) {
            let title: String
            var appID: Int?
            if let columns {
                title = columns.title < row.count ? row[columns.title] : ""
                if let index = columns.appID, index < row.count {
                    appID = Int(row[index].trimmingCharacters(in: .whitespaces))
                }
            } else {
                title = row.joined(separator: ",")
            }
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if columns == nil, trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let key = GameTitle.normalized(trimmed)
            guard !key.isEmpty else {
                skipped += 1
                continue
            }
            guard seen.insert(key).inserted else { continue }
            guard games.count < OwnedLibrary.maxGames else { throw .tooManyGames }
            games.append(OwnedGame(title: trimmed, steamAppID: appID, source: .list))
        }
        guard !games.isEmpty else { throw .empty }
        self.games = games
        self.skipped = skipped
    }

    /// The text of an uploaded list's bytes: UTF-8 (with or without its byte-order mark), UTF-16 with its byte-order
    /// mark (a spreadsheet's "Unicode text"), or else Latin-1 (an older tool's export), never refused for its encoding.
    public static func text(decoding bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(littleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self) ?? String(decoding: body.map { UInt16($0) }, as: UTF16.self)
    }

    /// Where the title (and the Steam app id) are in a header row, or `nil` when the first row is not a header.
    static func columns(ofHeader row: [String]) -> (title: Int, appID: Int?)? {
        guard row.count > 1 else {
            // A one-column CSV is a header only when its one cell is a header's name.
            return titleNames.contains(Self.headerName(row.first ?? "")) ? (0, nil) : nil
        }
        let names = row.map(Self.headerName)
        guard let title = titleNames.lazy.compactMap({ names.firstIndex(of: $0) }).first else { return nil }
        return (title, names.firstIndex { appIDNames.contains($0) })
    }

    private static let titleNames = ["title", "name", "game", "game name", "game title", "gamename", "gametitle"]
    private static let appIDNames: Set<String> = ["appid", "app id", "steam app id", "steamappid", "steam appid"]

    private static func headerName(_ cell: String) -> String {
        cell.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().replacingOccurrences(of: "_", with: " ")
    }

    /// The rows of `text`, as CSV when a line holds a separator outside quotes (the first line decides which
    /// separator: tab, then semicolon, then comma), else one cell per line.
    static func rows(_ text: Substring) -> [[String]] {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        let separator: Character? =
            firstLine.contains("\t") ? "\t" : firstLine.contains(";") ? ";" : firstLine.contains(",") ? "," : nil
        guard let separator, columns(ofHeader: cells(of: firstLine, separator: separator)) != nil else {
            // Plain lines: a title may hold commas ("Warhammer 40,000: Gladius").
            return text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                .map { [String($0)] }
        }
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        cell.append("\"")
                        index = text.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" && cell.isEmpty {
                quoted = true
            } else if character == separator {
                row.append(cell)
                cell = ""
            } else if character == "\n" || character == "\r" || character == "\r\n" {
                row.append(cell)
                cell = ""
                if row.contains(where: { !$0.isEmpty }) { rows.append(row) }
                row = []
            } else {
                cell.append(character)
            }
        }
        row.append(cell)
        if row.contains(where: { !$0.isEmpty }) { rows.append(row) }
        return rows
    }

    private static func cells(of line: Substring, separator: Character) -> [String] {
        line.split(separator: separator, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
    }
}
