import GiveawaysDomain
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the visitor's profile, read by `VisitorMiddleware`,
/// and the language of the pages, chosen by `LanguageMiddleware`.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer; limits per client read it through `ClientAddress`.
    public let remoteAddress: SocketAddress?
    /// The anonymous profile from the browser's cookie; `nil` for a browser that has never hearted anything.
    var profile: ProfileID?
    /// The language of the pages, chosen by `LanguageMiddleware`.
    var language = Language.standard

    /// Every text of the pages in the request's language.
    var strings: Strings { language.strings }

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
