import Foundation
import HTTPTypes
import NIOCore

/// Who a request comes from, for limits per client: the connection's address. A connection from this machine
/// (loopback, a Unix socket) is a reverse proxy in front of the server, so there the last address of
/// `X-Forwarded-For` counts — the one the proxy itself appended; anything before it the client could have made up.
/// A connection from elsewhere never has its `X-Forwarded-For` believed.
///
/// IPv6 addresses count by their /64, which one household or one rented server usually holds whole, and
/// IPv4-mapped IPv6 addresses as IPv4.
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// `203.0.113.7`, `2001:db8:1:2::/64`, or `local` for a local connection without a usable forwarded address.
    package let description: String

    package static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    package init(peer: SocketAddress?, forwardedFor: String?) {
        if let peer = Self.key(peer), !peer.isLocal {
            description = peer.text
            return
        }
        let last = forwardedFor?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        if let last, let forwarded = Self.key(try? SocketAddress(ipAddress: last, port: 0)) {
            description = forwarded.text
        } else {
            description = Self.key(peer)?.text ?? "local"
        }
    }

    private static func key(_ address: SocketAddress?) -> (text: String, isLocal: Bool)? {
        switch address {
        case .v4(let v4):
            var raw = v4.address.sin_addr
            return ipv4(withUnsafeBytes(of: &raw) { Array($0) })
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return ipv4(Array(bytes[12..<16]))
            }
            let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let groups = stride(from: 0, to: 8, by: 2).map {
                String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
            }
            return (groups.joined(separator: ":") + "::/64", isLoopback)
        default:
            return nil
        }
    }

    private static func ipv4(_ bytes: [UInt8]) -> (text: String, isLocal: Bool) {
        (bytes.map(String.init).joined(separator: "."), bytes[0] == 127)
    }
}
