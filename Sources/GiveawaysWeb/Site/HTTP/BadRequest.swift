import Foundation
import GiveawaysDomain

/// A request the app cannot answer because of what it asked for (a bad filter value): a 400 page or JSON error
/// with this message. Thrown by code that does not know about HTTP.
struct BadRequest: Error, CustomStringConvertible {
    /// In English: what the JSON API and the log say.
    let message: String
    /// The same in a page's language; pages fall back to `message` without it.
    var localized: (@Sendable (Strings) -> String)?

    var description: String { message }

    /// The message for a page in `strings`' language.
    func message(in strings: Strings) -> String {
        localized?(strings) ?? message
    }

    /// A message from the catalogue: English for the API, the page's language on pages.
    init(_ text: @escaping @Sendable (Strings) -> String) {
        message = text(.en)
        localized = text
    }

    init(message: String) {
        self.message = message
        localized = nil
    }

    /// A search text from a query string, trimmed; longer than the limit is a bad request. Shared by every search.
    static func search(_ text: String?) throws(BadRequest) -> String {
        guard let text else { return "" }
        // Counted in Unicode scalars, as JSON Schema's `maxLength` in openapi.yaml counts (a letter with an accent
        // may be two).
        guard text.unicodeScalars.count <= Defaults.maxSearchLength else {
            throw BadRequest { $0.errors.searchTooLong(Defaults.maxSearchLength) }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
