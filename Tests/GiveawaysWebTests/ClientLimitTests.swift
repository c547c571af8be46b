import Foundation
import GiveawaysHTTP
import NIOCore
import Testing

@testable import GiveawaysWeb

/// Who counts as one client, and the bounded token buckets kept per client.
@Suite struct ClientLimitTests {
    func address(_ ip: String) throws -> SocketAddress { try SocketAddress(ipAddress: ip, port: 40_000) }

    @Test func aRemoteConnectionIsItsOwnAddressWhateverItsHeadersSay() throws {
        #expect(ClientAddress(peer: try address("203.0.113.7"), forwardedFor: "192.0.2.1").description == "203.0.113.7")
        #expect(ClientAddress(peer: try address("::ffff:203.0.113.7"), forwardedFor: nil).description == "203.0.113.7")
        // One IPv6 client holds a whole /64.
        #expect(
            ClientAddress(peer: try address("2001:db8:1:2::5"), forwardedFor: nil).description == "2001:db8:1:2::/64")
        #expect(
            ClientAddress(peer: try address("2001:db8:1:2:ffff::9"), forwardedFor: "192.0.2.1").description
                == "2001:db8:1:2::/64")
    }

    @Test func aLocalProxyIsBelievedForTheAddressItAppended() throws {
        let proxy = try address("127.0.0.1")
        // Only the last entry is the proxy's own; earlier ones are whatever the client sent.
        #expect(ClientAddress(peer: proxy, forwardedFor: "192.0.2.1, 203.0.113.9").description == "203.0.113.9")
        #expect(ClientAddress(peer: try address("::1"), forwardedFor: "2001:db8::1").description == "2001:db8:0:0::/64")
        #expect(ClientAddress(peer: proxy, forwardedFor: nil).description == "127.0.0.1")
        #expect(ClientAddress(peer: proxy, forwardedFor: "not an address").description == "127.0.0.1")
        #expect(ClientAddress(peer: nil, forwardedFor: nil).description == "local")
    }

    @Test func eachClientHasABucketThatRefillsAndTheTableStaysBounded() {
        let limiter = ClientRateLimiter(capacity: 2, refill: 60, maxClients: 3)
        let start = Date(timeIntervalSince1970: 1_000_000)
        let alice = ClientAddress(peer: nil, forwardedFor: "192.0.2.1")
        #expect(limiter.take(alice, at: start) == nil)
        #expect(limiter.take(alice, at: start) == nil)
        #expect(limiter.take(alice, at: start) == start.addingTimeInterval(60))
        #expect(limiter.take(alice, at: start.addingTimeInterval(30)) == start.addingTimeInterval(60))
        #expect(limiter.take(alice, at: start.addingTimeInterval(60)) == nil)
        // Many clients: the table keeps at most `maxClients`, forgetting the quietest.
        for n in 2...20 {
            #expect(limiter.take(ClientAddress(peer: nil, forwardedFor: "192.0.2.\(n)"), at: start) == nil)
        }
        #expect(limiter.clientCount == 3)
    }
}
