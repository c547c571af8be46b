import HTTPTypes
import Hummingbird
import NIOCore

/// Ends the connection after refusing a large body unread (413 too large, 429 busy, 408 too slow). Otherwise the server would
/// read the rest of it only to throw it away, so a sender who streams refused megabytes as fast as loopback allows
/// would still cost the server CPU per byte; instead the answer is written, then the connection stops reading and
/// closes (`Connection: close` tells the client so), as other servers do for bodies they will not take.
struct UnreadBodyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Bodies up to this size are read to their end as usual, keeping the connection for the next request.
    static let keepsConnectionUpTo = 64 * 1024

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard [.contentTooLarge, .tooManyRequests, .requestTimeout].contains(response.status),
            Self.hasLargeBody(request), let channel = context.channel
        else { return response }
        response.headers[.connection] = "close"
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await body.write(writer)
            // The answer has been handed to the connection: stop reading what is left of the body, then close.
            channel.close(mode: .input, promise: nil)
        }
        return response
    }

    /// A declared length past the threshold, or a chunked body of unknown length.
    static func hasLargeBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }) { return length > keepsConnectionUpTo }
        return request.headers[.transferEncoding]?.lowercased().contains("chunked") == true
    }
}
