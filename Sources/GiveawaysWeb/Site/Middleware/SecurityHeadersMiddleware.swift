import Hummingbird

/// Adds the security headers every response carries: a strict Content-Security-Policy (no inline script),
/// no MIME sniffing, no framing, a conservative referrer policy.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        Self.apply(to: &response.headers)
        return response
    }

    static func apply(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.init("Referrer-Policy")!] = "strict-origin-when-cross-origin"
        headers[.init("X-Frame-Options")!] = "DENY"
        headers[.init("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[.init("Permissions-Policy")!] = "camera=(), microphone=(), geolocation=()"
    }
}
