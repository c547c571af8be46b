import HTTPTypes
import Hummingbird

/// Adds the security headers every response carries: a strict Content-Security-Policy (no inline script),
/// no MIME sniffing, no framing, a conservative referrer policy.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        SecurityHeaders.apply(to: &response.headers)
        return response
    }
}

/// The security headers as ready fields.
package enum SecurityHeaders {
    package static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Made once: appending ready fields costs no parsing or checking per answer.
    private static let fields: [HTTPField] = [
        HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy),
        HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: .init("Referrer-Policy")!, value: "strict-origin-when-cross-origin"),
        HTTPField(name: .init("X-Frame-Options")!, value: "DENY"),
        HTTPField(name: .init("Cross-Origin-Opener-Policy")!, value: "same-origin"),
        // Nearby's "Use my location" asks for the visitor's location from the app's own pages; nothing else may.
        HTTPField(name: .init("Permissions-Policy")!, value: "camera=(), microphone=(), geolocation=(self)"),
    ]

    package static func apply(to headers: inout HTTPFields) {
        // A handler never sets these; should one ever, the house's value replaces it.
        for field in fields where headers.contains(field.name) { headers[field.name] = nil }
        headers.append(contentsOf: fields)
    }
}
