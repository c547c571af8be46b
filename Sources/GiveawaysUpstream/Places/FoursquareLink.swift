import Foundation
import GiveawaysDomain

/// Foursquare's paging: the `Link: <https://…/places/search?…&cursor=…>; rel="next"` header. Only the URL's `cursor`
/// is kept (opaque, as Foursquare asks), prefixed `fsq.` so a fallback knows whose it is; the URL itself is never
/// followed (it could point anywhere, and the next request is built here, with the same parameters).
enum FoursquareLink {
    static let prefix = "fsq."

    /// The next page's cursor; `nil` when there is no `rel="next"` link (the last page) or its cursor is unusable.
    static func nextCursor(_ header: String?) -> PlaceCursor? {
        guard let header, header.utf8.count <= 8_192 else { return nil }
        for link in header.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
                parts.dropFirst().contains(where: {
                    $0.replacingOccurrences(of: " ", with: "").lowercased() == #"rel="next""#
                        || $0.lowercased() == "rel=next"
                }),
                let components = URLComponents(string: String(target.dropFirst().dropLast())),
                let cursor = components.queryItems?.first(where: { $0.name == "cursor" })?.value, !cursor.isEmpty
            else { continue }
            return PlaceCursor(
                rawValue: prefix + (cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        return nil
    }

    /// The cursor to send Foursquare for one of ours; `nil` when it is not one of ours.
    static func upstreamCursor(_ cursor: PlaceCursor) -> String? {
        guard cursor.rawValue.hasPrefix(prefix) else { return nil }
        let value = cursor.rawValue.dropFirst(prefix.count).removingPercentEncoding ?? ""
        return value.isEmpty ? nil : value
    }
}
