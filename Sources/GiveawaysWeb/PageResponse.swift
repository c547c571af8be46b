import Foundation
import Hummingbird

/// Builds HTML responses.
enum PageResponse {
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html.rendered)))
    }

    /// An already rendered page with its validator.
    static func bytes(_ body: ByteBuffer, etag: String) -> Response {
        var headers = headers
        headers[.eTag] = etag
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Pages may be stored but must be revalidated: they change with every sync and every heart.
    private static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .vary: "Cookie, X-Fragment",
    ]

    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}

/// Builds JSON responses for the API.
enum JSONResponse {
    static func encode(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(status: HTTPResponse.Status, message: String) -> Response {
        struct Body: Encodable {
            let error: String
            let status: Int
        }
        return (try? encode(Body(error: message, status: status.code), status: status))
            ?? Response(status: status)
    }
}
