import GiveawaysDomain
import Hummingbird

/// The request context: Hummingbird's core storage plus the visitor's profile, read by `VisitorMiddleware`.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The anonymous profile from the browser's cookie; `nil` for a browser that has never hearted anything.
    var profile: ProfileID?

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
