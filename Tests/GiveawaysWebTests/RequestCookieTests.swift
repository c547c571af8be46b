import GiveawaysHTTP
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import GiveawaysWeb

/// `Request.cookieValue` reads a cookie as Hummingbird's `cookies[name]?.value` does, without parsing every pair.
@Suite struct RequestCookieTests {
    static func request(_ cookieHeaders: [String]) -> Request {
        var fields = HTTPFields()
        for header in cookieHeaders { fields.append(HTTPField(name: .cookie, value: header)) }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/", headerFields: fields)
        return Request(head: head, body: .init(buffer: ByteBuffer()))
    }

    @Test(arguments: [
        ["gg_profile=abc.def; lang=de"],
        ["lang=de;gg_profile=abc"],
        ["  lang=de ;  gg_profile=a=b=c"],
        ["other=1", "gg_profile=second-header; lang=en"],
        ["gg_profile_old=x; xgg_profile=y; lang"],
        ["lang=; gg_profile="],
        ["gg_profile=first; gg_profile=second"],
        [";;; ; gg_profile=after-empties;"],
        ["gg_profile=ünïcödé; lang=\"de\""],
        [],
        [""],
        ["\tlang=de"],
        ["=orphan; gg_profile=x", "gg_profile"],
        ["gg_profile; lang=de;"],
        ["lang=de; gg_profile=last"],
    ])
    func readsAsHummingbirdDoes(headers: [String]) {
        let request = Self.request(headers)
        for name in ["gg_profile", "lang", "other", "missing"] {
            #expect(request.cookieValue(name) == request.cookies[name]?.value, "\(name) in \(headers)")
        }
    }
}
