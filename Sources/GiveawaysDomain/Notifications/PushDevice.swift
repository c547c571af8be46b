import Foundation

/// A browser that gets Web Push for a visitor: its subscription is a visitor's hook of format `webpush` (the
/// endpoint its URL, the keys its secret); this is what the visitor sees of it and the language it is told in.
public struct PushDevice: Hashable, Sendable {
    public var hookID: Int
    /// "Chrome on Android": from the User-Agent at subscription time.
    public var label: String
    /// `en` or `de`: the page's language when it subscribed.
    public var language: String

    public init(hookID: Int, label: String, language: String) {
        self.hookID = hookID
        self.label = label
        self.language = language
    }
}
