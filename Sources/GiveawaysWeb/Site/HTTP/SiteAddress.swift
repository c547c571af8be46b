import Foundation
import GiveawaysViews
import HTTPTypes
import Hummingbird

/// The names this server answers to, and its public origin.
///
/// State-changing requests must name an allowed host: `localhost`, any IP literal (neither can be re-pointed by
/// DNS, so a DNS-rebinding page can never pose as them), the host of `--public-url`, the listening address when it
/// is a name, and any `--allowed-host`. Absolute links (feeds, personal feed addresses, link codes) use the public
/// URL when there is one, else the request's host only when it is allowed.
public struct SiteAddress: Sendable {
    /// `https://games.example.org`: how visitors reach the server (behind a proxy, the proxy's address).
    public var publicURL: URL?
    /// More names to answer to (lowercased, without a port).
    public var allowedHosts: Set<String>
    /// `host:port` for absolute links when the request names no allowed host.
    var fallbackHost: String

    public init(publicURL: URL? = nil, allowedHosts: Set<String> = [], fallbackHost: String = "localhost:8080") {
        self.publicURL = publicURL
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.fallbackHost = fallbackHost
    }

    /// Whether a request's `Host` (`name[:port]`, `[v6]:port`) is one this server answers to.
    public func allows(authority: String) -> Bool {
        guard let (host, _) = Self.split(authority: authority) else { return false }
        if host == "localhost" || Self.isIPLiteral(host) { return true }
        if let publicHost = publicURL?.host?.lowercased(), host == publicHost { return true }
        return allowedHosts.contains(host)
    }

    /// Whether `origin` (an `Origin` header) is this site as the request reached it: same scheme, host and port as
    /// the request's `Host` (scheme from `X-Forwarded-Proto`, else http), or exactly the public URL's origin.
    func accepts(origin: String, request: Request) -> Bool {
        guard let sent = Self.Origin(origin) else { return false }
        if let own = publicOrigin, sent == own { return true }
        guard let authority = Self.authority(of: request), let (host, port) = Self.split(authority: authority)
        else { return false }
        let scheme = request.headers[Self.forwardedProto]?.lowercased() == "https" ? "https" : "http"
        return sent == Self.Origin(scheme: scheme, host: host, port: port ?? Self.defaultPort(scheme))
    }

    /// The public URL's origin, from its parts (whatever path it may carry).
    var publicOrigin: Origin? {
        guard let publicURL, let scheme = publicURL.scheme?.lowercased(), let host = publicURL.host?.lowercased()
        else { return nil }
        return Origin(scheme: scheme, host: host, port: publicURL.port ?? Self.defaultPort(scheme))
    }

    /// The origin for absolute links in answer to `request`.
    func linkBase(for request: Request) -> LinkBase {
        if let publicURL, let host = publicURL.host {
            let port = publicURL.port.map { ":\($0)" } ?? ""
            let name = host.contains(":") ? "[\(host)]" : host
            return LinkBase(
                hostHeader: name + port, forwardedProto: publicURL.scheme?.lowercased(), fallbackHost: fallbackHost)
        }
        let authority = Self.authority(of: request)
        return LinkBase(
            hostHeader: authority.flatMap { allows(authority: $0) ? $0 : nil },
            forwardedProto: request.headers[Self.forwardedProto], fallbackHost: fallbackHost)
    }

    /// The name the request was sent to. HTTP/1's `Host` is lifted into `authority` by the server; a `Host` field
    /// still among the headers (HTTP/2 may carry both, and they must agree) is read first.
    static func authority(of request: Request) -> String? {
        request.headers[hostField] ?? request.head.authority
    }

    // MARK: - Parsing

    private static let hostField = HTTPField.Name("Host")!
    private static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    private static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }

    /// `("example.org", 8080)` from `Example.org.:8080`; `("::1", nil)` from `[::1]`; `nil` for anything else.
    public static func split(authority: String) -> (host: String, port: Int?)? {
        let text = authority.lowercased()
        guard !text.isEmpty, text.utf8.count <= 255 else { return nil }
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else {
                return nil
            }
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            if host.hasSuffix(".") { host = host.dropLast() }
            guard !host.isEmpty,
                host.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 || $0 == 46 })
            else { return nil }
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), (0...65535).contains(number), portText.allSatisfy(\.isASCII) else {
                return nil
            }
            port = number
        }
        return (String(host), port)
    }

    /// An IPv4 dotted quad or an IPv6 address (already without brackets).
    static func isIPLiteral(_ host: String) -> Bool {
        if host.contains(":") { return host.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") } }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && Int(part).map { $0 <= 255 } == true
            }
    }

    /// A serialized origin, `scheme://host[:port]`, with the default port made explicit.
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int

        init(scheme: String, host: String, port: Int) {
            self.scheme = scheme
            self.host = host
            self.port = port
        }

        init?(_ text: String) {
            let lowered = text.lowercased()
            guard let schemeEnd = lowered.range(of: "://") else { return nil }
            let scheme = String(lowered[..<schemeEnd.lowerBound])
            guard scheme == "http" || scheme == "https" else { return nil }
            var rest = lowered[schemeEnd.upperBound...]
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            guard !rest.contains("/"), let (host, port) = SiteAddress.split(authority: String(rest)) else {
                return nil
            }
            self.init(scheme: scheme, host: host, port: port ?? SiteAddress.defaultPort(scheme))
        }
    }
}
