import Foundation

/// The push services a browser's subscription may point at. A push endpoint is not a URL a visitor chooses: the
/// browser gets it from its vendor's push service. So, unlike a webhook, a push device needs no established profile
/// (a phone gets notifications on its first visit), and what keeps the server from being aimed at an arbitrary host
/// is this list: an endpoint must be https on one of these hosts or a subdomain of one.
public struct PushServiceHosts: Hashable, Sendable {
    /// The push services of today's browsers: Chrome, Edge's Chromium, Opera, Samsung Internet and Android (Google
    /// FCM, and its older GCM name), Firefox (Mozilla autopush), Safari (Apple) and the old Edge (Microsoft WNS,
    /// whose endpoints are on numbered subdomains).
    public static let known = [
        "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com",
        "notify.windows.com",
    ]

    /// The hosts allowed, each with its subdomains; lowercased.
    public let hosts: [String]
    /// `--allow-private-hooks`: an endpoint on a loopback or private address (a test's or a home network's push
    /// service) is allowed too, over plain http as well.
    public let allowPrivate: Bool

    /// - Parameter extra: the operator's own (`--push-service-host`), e.g. a self-hosted autopush.
    public init(extra: [String] = [], allowPrivate: Bool = false) {
        var hosts = Self.known
        for host in extra.map(Self.normalized) where !host.isEmpty && !hosts.contains(host) {
            hosts.append(host)
        }
        self.hosts = hosts
        self.allowPrivate = allowPrivate
    }

    /// Why an endpoint is refused.
    public enum Refusal: Error, Hashable, Sendable {
        /// Not https (and not a private address allowed over http).
        case notHTTPS
        /// https, but on a host that is no known push service.
        case unknownService(host: String)
    }

    /// Checks a subscription's endpoint: https on a listed host (or, with `allowPrivate`, http(s) on a loopback or
    /// private address). No port but https's own, no user name or password.
    public func check(_ endpoint: URL) throws(Refusal) {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let rawHost = endpoint.host, !rawHost.isEmpty, endpoint.user == nil, endpoint.password == nil
        else { throw .notHTTPS }
        let host = Self.normalized(rawHost)
        if allowPrivate, Self.isPrivate(endpoint) { return }
        guard scheme == "https" else { throw .notHTTPS }
        guard endpoint.port == nil || endpoint.port == 443, contains(host) else {
            throw .unknownService(host: host)
        }
    }

    /// Whether `host` is a listed host or a subdomain of one.
    public func contains(_ host: String) -> Bool {
        let host = Self.normalized(host)
        return hosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// Whether a text names a host: letters, digits, hyphens and dots, at least one dot (no scheme, port or path).
    public static func isValidHost(_ text: String) -> Bool {
        let host = normalized(text)
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && host.utf8.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
            }
    }

    /// Lowercased, without a trailing dot.
    static func normalized(_ host: String) -> String {
        var host = host.lowercased().trimmingCharacters(in: .whitespaces)
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// A host written as a loopback or private address, or `localhost`.
    private static func isPrivate(_ url: URL) -> Bool {
        do {
            try HookAddress.validateLiteral(url)
            return false
        } catch {
            return true
        }
    }
}
