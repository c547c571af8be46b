import CompressNIO
import Foundation
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct HTTPCachingTests {
    @Test func pagesCarryValidatorsAndAnswer304WhenUnchanged() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/", "/more", "/giveaways/3101", "/favorites", "/api/v1/giveaways"] {
                let tag = try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    return try #require(response.headers[.eTag], "\(uri)")
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]) { response in
                    #expect(response.status == .notModified, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "W/\"other\""]) { response in
                    #expect(response.status == .ok, "\(uri)")
                }
            }
        }
    }

    @Test func textIsGzippedForClientsThatAcceptItAndTheBytesRoundTrip() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let plain = try await client.execute(uri: "/", method: .get) { $0.body }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary]?.contains("Accept-Encoding") == true)
                #expect(response.body.readableBytes * 3 < plain.readableBytes)
                var body = response.body
                let inflated = try body.decompress(with: .gzip())
                #expect(inflated == plain)
            }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip;q=0"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
            }
            try await client.execute(uri: "/static/app.css", method: .get, headers: [.acceptEncoding: "gzip"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
            }
        }
    }
}
