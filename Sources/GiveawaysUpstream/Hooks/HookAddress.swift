import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a hook may send: http(s) only, and by default never to this machine, the local network or a cloud's
/// metadata service (a hook URL is typed by a person, and a server that POSTs wherever it is told is a way into
/// the network behind it). Checked on the resolved address at send time, and the connection goes to that very
/// address, so a DNS answer that changes between the check and the connection (rebinding) cannot move it.
public enum HookAddress {
    /// Why a hook URL is refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case notHTTP
        case noHost
        case unresolvable(host: String)
        case privateAddress(host: String, address: String)

        public var description: String {
            switch self {
            case .notHTTP: "the hook URL must be http:// or https://"
            case .noHost: "the hook URL has no host"
            case .unresolvable(let host): "cannot resolve \(host)"
            case .privateAddress(let host, let address):
                "\(host) is a private, loopback, link-local or metadata address (\(address)); refused without "
                    + "--allow-private-hooks (on serve, hooks add and hooks test) or GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1"
            }
        }
    }

    /// Checks the URL's shape: http(s) with a host.
    public static func validateShape(_ url: URL) throws(Refusal) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { throw .notHTTP }
        guard let host = url.host, !host.isEmpty else { throw .noHost }
    }

    /// Refuses a host written as a private IP literal or `localhost` (what `hooks add` can tell without DNS).
    public static func validateLiteral(_ url: URL) throws(Refusal) {
        try validateShape(url)
        let host = bareHost(url)
        if host.lowercased() == "localhost" || host.lowercased().hasSuffix(".localhost") {
            throw .privateAddress(host: host, address: "loopback")
        }
        if let bytes = parseNumeric(host), isForbidden(bytes) {
            throw .privateAddress(host: host, address: format(bytes))
        }
    }

    /// Resolves the URL's host and answers the addresses to connect to, in the resolver's order (as text:
    /// `1.2.3.4` or `::1`). Refuses the URL when any address the name resolves to is forbidden, unless
    /// `allowPrivate`.
    public static func resolve(_ url: URL, allowPrivate: Bool) throws(Refusal) -> [String] {
        try validateShape(url)
        let host = bareHost(url)
        let addresses = parseNumeric(host).map { [$0] } ?? lookUp(host)
        guard !addresses.isEmpty else { throw .unresolvable(host: host) }
        if !allowPrivate, let bad = addresses.first(where: isForbidden) {
            throw .privateAddress(host: host, address: format(bad))
        }
        var seen = Set<String>()
        return addresses.map(format).filter { seen.insert($0).inserted }
    }

    /// The host without IPv6 brackets.
    static func bareHost(_ url: URL) -> String {
        let host = url.host ?? ""
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    // MARK: - Address ranges

    /// Whether an address (4 or 16 bytes) is loopback, private, link-local, CGNAT, unspecified, multicast or a
    /// known metadata address. IPv4-mapped and -compatible IPv6 addresses are judged by their IPv4 part.
    public static func isForbidden(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 4 { return isForbiddenV4(bytes) }
        guard bytes.count == 16 else { return true }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return isForbiddenV4(Array(bytes[12..<16]))  // ::ffff:a.b.c.d
        }
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return true }  // ::, ::1 and the deprecated ::a.b.c.d
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7 unique local (AWS metadata fd00:ec2::254)
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10 link-local
        if bytes[0] == 0xFF { return true }  // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return isForbiddenV4(Array(bytes[2..<6])) }  // 6to4
        if bytes[0..<4] == [0x00, 0x64, 0xFF, 0x9B] { return isForbiddenV4(Array(bytes[12..<16])) }  // NAT64
        return false
    }

    private static func isForbiddenV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return true  // this network, private, loopback
        case (100, 64...127): return true  // CGNAT (also Alibaba's metadata 100.100.100.200)
        case (169, 254): return true  // link-local, cloud metadata 169.254.169.254
        case (172, 16...31), (192, 168): return true  // private
        case (192, 0) where b[2] == 0: return true  // IETF protocol assignments (incl. Oracle's 192.0.0.192)
        case (198, 18...19): return true  // benchmarking
        case (224...255, _): return true  // multicast, reserved, broadcast
        default: return false
        }
    }

    // MARK: - Parsing and resolving

    /// The address bytes of a numeric IPv4 or IPv6 host, `nil` for a name.
    static func parseNumeric(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    static func format(_ bytes: [UInt8]) -> String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard ok != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every address `getaddrinfo` gives for a name (blocking: the delivery worker sends one at a time per task).
    private static func lookUp(_ host: String) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0 else { return [] }
        defer { freeaddrinfo(result) }
        var addresses: [[UInt8]] = []
        var cursor = result
        while let info = cursor {
            if let address = info.pointee.ai_addr {
                switch Int32(info.pointee.ai_family) {
                case AF_INET:
                    var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    addresses.append(withUnsafeBytes(of: &v4) { Array($0) })
                case AF_INET6:
                    var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    addresses.append(withUnsafeBytes(of: &v6) { Array($0) })
                default: break
                }
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}
