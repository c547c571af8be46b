import GiveawaysDomain
import GiveawaysLocalization
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the visitor's profile, read by `VisitorMiddleware`,
/// and the language of the pages, chosen by `LanguageMiddleware`.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer; limits per client read it through `ClientAddress`.
    public let remoteAddress: SocketAddress?
    /// The connection, for ending it early (`UnreadBodyMiddleware`).
    let channel: (any Channel)?
    /// The anonymous profile from the browser's cookie; `nil` for a browser that has never hearted anything.
    var profile: ProfileID?
    /// The language of the pages, chosen by `LanguageMiddleware`.
    var language = Language.standard
    /// How profile cookies are signed and read; set by `VisitorMiddleware`.
    var profileCookies: ProfileCookies?
    /// The client's share of Nearby's place searches, set by `NearbyLimitMiddleware` on Nearby's paths.
    var nearbySearches: NearbySearchShare?
    /// The client's share of RAWG's monthly allowance, set by `RAWGShareMiddleware` on the paths that ask RAWG.
    var rawgShare: UpstreamShare?

    /// Every text of the pages in the request's language.
    var strings: Strings { language.strings }

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}

extension AppRequestContext {
    /// The cookie that gives this browser `profile` (signed by the server; see `ProfileCookies`).
    func profileCookie(_ profile: ProfileID, request: Request) -> Cookie {
        (profileCookies ?? ProfileCookies(key: ProfileCookies.ephemeralKey)).cookie(for: profile, request: request)
    }
}
