import Foundation
import Hummingbird

/// One request as a test server (`HookReceiver`, `FakePushService`) received it: path, headers and body.
public struct ReceivedRequest: Sendable {
    public var path: String
    public var headers: [String: String]
    public var body: Data

    /// Reads the whole request (up to `limit` bytes of body).
    static func read(_ request: Request, upTo limit: Int) async throws -> ReceivedRequest {
        let bytes = try await request.body.collect(upTo: limit)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.rawName] = field.value }
        return ReceivedRequest(path: request.uri.path, headers: headers, body: Data(bytes.readableBytesView))
    }

    /// A header by name, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
}
