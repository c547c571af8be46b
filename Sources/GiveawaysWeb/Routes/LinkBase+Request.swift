import HTTPTypes
import Hummingbird

extension LinkBase {
    /// HTTP/1's `Host`, for requests whose authority was not lifted out of the headers (HTTPTypes marks `.host`
    /// unavailable in favour of `authority`).
    private static let hostField = HTTPField.Name("Host")!
    private static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// The origin the browser used to reach this server (behind a proxy, as it says it forwarded), for absolute
    /// links meant to be copied elsewhere: feeds, personal feed addresses, link codes.
    init(request: Request, fallbackHost: String) {
        self.init(
            hostHeader: request.head.authority ?? request.headers[Self.hostField],
            forwardedProto: request.headers[Self.forwardedProto], fallbackHost: fallbackHost)
    }
}
