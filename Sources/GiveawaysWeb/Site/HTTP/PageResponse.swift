import Foundation
import GiveawaysAPI
import GiveawaysHTML
import GiveawaysLocalization
import HTTPTypes
import Hummingbird

/// Builds HTML responses.
enum PageResponse {
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html.rendered)))
    }

    /// Pages may be stored but must be revalidated: they change with every sync and every mark. They vary by
    /// language too (`Accept-Language`, or the `lang` cookie), and by encoding (every page is gzipped when asked).
    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
        .vary: "Accept-Language, Cookie, X-Fragment, Accept-Encoding",
    ]

    /// Live search and "Load more" ask for only the results part of a page with `X-Fragment: results`.
    static let fragmentHeader = HTTPField.Name("X-Fragment")!
    static let resultsFragment = "results"

    static func wantsFragment(_ request: Request) -> Bool {
        request.headers[fragmentHeader] == resultsFragment
    }

    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}

/// Builds JSON responses for the API from `Encodable` values.
enum JSONResponse {
    static func encode(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The API's one error body, `{"error": "...", "status": 400}`: the document's own `Error` schema, which the
    /// generated handlers answer with too; `cacheControl` is `no-store` for answers that must never be replayed.
    static func error(status: HTTPResponse.Status, message: String, cacheControl: String = "no-cache") -> Response {
        var response =
            (try? encode(Components.Schemas._Error(error: message, status: status.code), status: status))
            ?? Response(status: status)
        response.headers[.cacheControl] = cacheControl
        return response
    }
}
