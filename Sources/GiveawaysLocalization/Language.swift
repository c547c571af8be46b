import Foundation

/// The languages the pages are written in. The JSON API, the feeds' machine fields, the CLI and the logs stay
/// English; everything a person reads on a page comes from the language's `Strings`.
package enum Language: String, CaseIterable, Hashable, Sendable {
    case en, de

    /// The fallback when nothing the browser says matches.
    package static let standard = Language.en

    /// Every text of the pages in this language.
    package var strings: Strings {
        switch self {
        case .en: .en
        case .de: .de
        }
    }

    /// A `lang` value from a query string or cookie (`de`, `DE`, `de-AT`); `nil` for anything else.
    package init?(tag: some StringProtocol) {
        let primary = tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let language = Language(rawValue: primary.lowercased()) else { return nil }
        self = language
    }

    // MARK: - Choosing the language of a request

    /// The best of our languages for an `Accept-Language` header (`de-AT,de;q=0.9,en;q=0.5`): highest q-value
    /// first, the earlier entry on a tie; `*` means any (English); `q=0` means "not this". A malformed entry is
    /// skipped, never fatal.
    package static func negotiate(_ header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        var best: (language: Language, quality: Double)?
        // A header with hundreds of entries is junk; the first few decide.
        for entry in header.split(separator: ",").prefix(20) {
            let parts = entry.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                guard pair.hasPrefix("q=") || pair.hasPrefix("Q=") else { continue }
                guard let value = Double(pair.dropFirst(2)), (0...1).contains(value) else {
                    quality = 0
                    break
                }
                quality = value
            }
            let language = tag == "*" ? Language.standard : Language(tag: tag)
            guard let language, quality > 0 else { continue }
            if quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
    }
}
