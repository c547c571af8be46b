import Hummingbird

/// One middleware in front of a responder: every request goes through it, before any route is matched. Built by
/// `HTTPResponder.behind(_:)`; the types nest, so the whole chain is specialized rather than called through
/// existentials.
struct MiddlewareResponder<Middleware: RouterMiddleware, Next: HTTPResponder>: HTTPResponder
where Middleware.Context == AppRequestContext, Next.Context == AppRequestContext {
    let middleware: Middleware
    let next: Next

    func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await next.respond(to: request, context: context)
        }
    }
}

extension HTTPResponder where Context == AppRequestContext {
    /// This responder with `middleware` in front of it.
    func behind<Middleware: RouterMiddleware>(_ middleware: Middleware) -> MiddlewareResponder<Middleware, Self>
    where Middleware.Context == AppRequestContext {
        MiddlewareResponder(middleware: middleware, next: self)
    }
}
