import Foundation

/// The User-Agent every Nearby upstream sees: the app's name and the operator's contact (`--map-contact`), as the
/// OpenStreetMap tile, Overpass and Nominatim policies ask (library defaults are blocked there).
public enum PlaceUserAgent {
    /// `GameGiveaways/1.0 (self-hosted; contact)`, or without the contact when there is none.
    public static func make(contact: String?) -> String {
        guard let contact = contact.flatMap(clean), !contact.isEmpty else {
            return "GameGiveaways/1.0 (self-hosted)"
        }
        return "GameGiveaways/1.0 (self-hosted; \(contact))"
    }

    /// `text` when it is fit for a header (printable ASCII, no parentheses, at most 200 characters); `nil` otherwise.
    public static func clean(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 200,
            trimmed.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") }
            )
        else { return nil }
        return trimmed
    }
}
