import Foundation

/// Removes every trace of the API key from a RAWG answer before it is decoded, cached or shown. RAWG echoes the
/// key in the `next` and `previous` URLs of its lists, and any upstream (or one in its place) could echo it in
/// any other field; the answer is cached in the database, so it would end up in every backup.
///
/// JSON is walked value by value (escapes such as `\u0061` are decoded first, so none can hide the key): a URL's
/// `key` query items are dropped, and the key is cut out of every string, object key included. A body that is
/// not JSON (an error page) has the key's bytes cut out.
struct RAWGKeyScrubber: Sendable {
    let key: String

    func scrub(_ body: Data) -> Data {
        guard !key.isEmpty else { return body }
        guard let tree = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let clean = try? JSONSerialization.data(
                withJSONObject: scrub(value: tree), options: [.fragmentsAllowed, .withoutEscapingSlashes])
        else { return Data(scrub(String(decoding: body, as: UTF8.self)).utf8) }
        return clean
    }

    private func scrub(value: Any) -> Any {
        switch value {
        case let text as String:
            return scrub(text)
        case let array as [Any]:
            return array.map(scrub(value:))
        case let object as [String: Any]:
            var clean: [String: Any] = [:]
            for (name, item) in object { clean[scrub(name)] = scrub(value: item) }
            return clean
        default:
            return value
        }
    }

    /// The text without the key: an http(s) URL loses its `key` query items, then the key is cut out wherever it
    /// is left (also percent-encoded, in any letter case).
    func scrub(_ text: String) -> String {
        var text = withoutKeyParameter(text)
        if let decoded = text.removingPercentEncoding, decoded != text,
            decoded.range(of: key, options: .caseInsensitive) != nil
        {
            text = decoded
        }
        return text.replacingOccurrences(of: key, with: "", options: .caseInsensitive)
    }

    private func withoutKeyParameter(_ text: String) -> String {
        guard text.range(of: "key", options: .caseInsensitive) != nil,
            var components = URLComponents(string: text),
            ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
            let items = components.queryItems
        else { return text }
        let kept = items.filter { $0.name.lowercased() != "key" }
        guard kept.count != items.count else { return text }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? text
    }
}
