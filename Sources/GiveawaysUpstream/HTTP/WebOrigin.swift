import Foundation

/// A URL's origin: scheme, host and port, with the scheme's default port filled in. Two URLs share an origin
/// only when all three are equal, so a host allowed on 443 is not allowed on any other port.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of an http(s) URL with a host and no user name or password; `nil` for any other.
    public init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String { "\(scheme)://\(host):\(port)" }
}
