import GiveawaysHTTP
import Testing

@testable import GiveawaysWeb

@Suite struct AcceptEncodingTests {
    @Test(
        arguments: [
            ("gzip", true),
            ("GZIP", true),
            ("x-gzip", true),
            ("gzip, deflate, br, zstd", true),
            ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
            ("  deflate ,\tgzip ; q = 0.5 ", true),
            ("*", true),
            ("identity, *;q=0.5", true),
            ("gzip;q=0.001", true),
            ("gzip;level=1;q=1", true),
            (nil, false),
            ("", false),
            (",,,", false),
            ("identity", false),
            ("deflate, br", false),
            ("gzip;q=0", false),
            ("gzip;Q=0.000", false),
            ("gzip; q=0.", false),
            ("*;q=0", false),
            ("gzip;q=0, *", false),  // refused by name: a wildcard does not bring it back
            ("*, gzip;q=0", false),
            ("gzipx", false),
            ("gzi", false),
            ("gzip2;q=1", false),
        ] as [(String?, Bool)])
    func gzipIsAcceptedOnlyWithAWeightAboveZero(header: String?, accepted: Bool) {
        #expect(AcceptEncoding.acceptsGzip(header) == accepted)
    }
}
