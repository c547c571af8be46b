import Foundation
import Hummingbird

/// A small `application/x-www-form-urlencoded` body, read with a size cap.
struct FormBody {
    let fields: [String: String]

    static let maxBytes = 8 * 1024

    init(request: Request) async throws {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maxBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "The form is too large.")
        }
        var components = URLComponents()
        components.percentEncodedQuery = String(buffer: buffer).replacingOccurrences(of: "+", with: "%20")
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] where fields[item.name] == nil {
            fields[item.name] = item.value ?? ""
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name] }

    /// A same-site path to go back to, or `fallback` when the field is missing or points elsewhere.
    func returnPath(fallback: String) -> String {
        guard let path = fields["back"], path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            path.count < 600, !path.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return fallback }
        return path
    }
}
