import Foundation
import GiveawaysDomain

/// A request the app cannot answer because of what it asked for (a bad filter value): a 400 page or JSON error
/// with this message. Thrown by code that does not know about HTTP.
struct BadRequest: Error, Hashable, CustomStringConvertible {
    let message: String

    var description: String { message }

    /// A search text from a query string, trimmed; longer than the limit is a bad request. Shared by every search.
    static func search(_ text: String?) throws(BadRequest) -> String {
        guard let text else { return "" }
        // Counted in Unicode scalars, as JSON Schema's `maxLength` in openapi.yaml counts (a letter with an accent
        // may be two).
        guard text.unicodeScalars.count <= Defaults.maxSearchLength else {
            throw BadRequest(message: "Searches are limited to \(Defaults.maxSearchLength) characters.")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
