import Foundation
import NIOHTTP1

/// What a refusing receiver said: how long it asks us to wait (`Retry-After` in seconds, or the Telegram Bot
/// API's `parameters.retry_after`) and its reason in a line (Telegram's and Apprise's JSON `description`/`error`).
struct AnswerReason {
    var retryAfter: TimeInterval?
    var description: String?

    init(headers: HTTPHeaders, body: Data) {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let parameters = object?["parameters"] as? [String: Any]
        let seconds =
            (parameters?["retry_after"] as? NSNumber)?.doubleValue
            ?? headers.first(name: "Retry-After").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        // A day at most: a receiver cannot park an event for ever.
        retryAfter = seconds.map { min(max($0, 0), 86_400) }
        let text = (object?["description"] as? String) ?? (object?["error"] as? String)
        description = text.map { String($0.prefix { $0 != "\n" }.prefix(120)) }
    }
}
