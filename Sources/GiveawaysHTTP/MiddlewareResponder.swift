import Hummingbird

/// One middleware in front of a responder: every request goes through it, before any route is matched. Built by
/// `HTTPResponder.behind(_:)`; the types nest, so the whole chain is specialized rather than called through
/// existentials.
package struct MiddlewareResponder<Middleware: RouterMiddleware, Next: HTTPResponder>: HTTPResponder
where Middleware.Context == Next.Context {
    package let middleware: Middleware
    package let next: Next

    package func respond(to request: Request, context: Next.Context) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await next.respond(to: request, context: context)
        }
    }
}

extension HTTPResponder {
    /// This responder with `middleware` in front of it.
    package func behind<Middleware: RouterMiddleware>(_ middleware: Middleware) -> MiddlewareResponder<Middleware, Self>
    where Middleware.Context == Context {
        MiddlewareResponder(middleware: middleware, next: self)
    }
}
