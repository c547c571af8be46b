import Foundation
import GiveawaysDomain
import GiveawaysLocalization
import HTTPTypes

/// An error a visitor or an API client is told about: its status, the headers it brings (a 429's `Retry-After`),
/// and its message from the catalogue (`Strings`), so that the API and the log say it in English and a page in its
/// own language. The one way the app makes an error message; `ErrorPageMiddleware` answers it.
package struct AppError: Error, CustomStringConvertible {
    package let status: HTTPResponse.Status
    package var headers: HTTPFields = [:]
    private let text: @Sendable (Strings) -> String

    package init(
        _ status: HTTPResponse.Status, headers: HTTPFields = [:], _ text: @escaping @Sendable (Strings) -> String
    ) {
        self.status = status
        self.headers = headers
        self.text = text
    }

    /// A 400: what was asked for (a filter value, a form field) cannot be answered.
    package init(_ text: @escaping @Sendable (Strings) -> String) {
        self.init(.badRequest, text)
    }

    /// In English: what the JSON API and the log say.
    package var message: String { text(.en) }

    package var description: String { message }

    /// The message for a page in `strings`' language.
    package func message(in strings: Strings) -> String { text(strings) }
}

/// A request the app cannot answer because of what it asked for: thrown (typed) by the validation of filters,
/// forms and queries, which know nothing of HTTP.
package typealias BadRequest = AppError

extension AppError {
    /// `platform=` of a giveaway list: a known slug (or one the data holds), `nil` for all platforms.
    package static func platform(_ text: String?, slugsInData: Set<String>) throws(BadRequest) -> String? {
        do {
            return try Platform.validatedFilter(text, slugsInData: slugsInData)
        } catch {
            let slug = String(error.slug.prefix(60))
            throw BadRequest { $0.errors.unknownPlatform(slug) }
        }
    }

    /// `type=` of a giveaway list: game, loot or beta; `nil` for all.
    package static func type(_ text: String?) throws(BadRequest) -> TypeFilter? {
        guard let type = text?.lowercased(), !type.isEmpty, type != "all" else { return nil }
        guard let filter = TypeFilter(rawValue: type) else {
            throw BadRequest { $0.errors.badType(String(type.prefix(60))) }
        }
        return filter
    }

    /// A search text from a query string, trimmed; longer than the limit is a bad request. Shared by every search.
    package static func search(_ text: String?) throws(BadRequest) -> String {
        guard let text else { return "" }
        // Counted in Unicode scalars, as JSON Schema's `maxLength` in openapi.yaml counts (a letter with an accent
        // may be two).
        guard text.unicodeScalars.count <= Defaults.maxSearchLength else {
            throw BadRequest { $0.errors.searchTooLong(Defaults.maxSearchLength) }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
