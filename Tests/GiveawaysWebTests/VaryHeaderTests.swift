import GiveawaysLocalization
import Testing

@testable import GiveawaysRendering
@testable import GiveawaysWeb

/// A gzip answer's `Vary` names `Accept-Encoding` once, whatever the page's own `Vary` said.
@Suite struct VaryHeaderTests {
    typealias Gzip = ConditionalGzipMiddleware<AppRequestContext>

    @Test(
        arguments: [
            (nil, "Accept-Encoding"),
            ("", "Accept-Encoding"),
            ("Cookie", "Cookie, Accept-Encoding"),
            ("Accept-Encoding", "Accept-Encoding"),
            ("Cookie, Accept-Encoding, Accept-Language", "Cookie, Accept-Encoding, Accept-Language"),
            ("Accept-Language", "Accept-Language, Accept-Encoding"),
            ("Accept-Encodin", "Accept-Encodin, Accept-Encoding"),
            ("Äccept, Cookie", "Äccept, Cookie, Accept-Encoding"),
        ] as [(String?, String)])
    func namesAcceptEncodingOnce(vary: String?, expected: String) {
        #expect(Gzip.varyWithEncoding(vary) == expected)
    }
}
