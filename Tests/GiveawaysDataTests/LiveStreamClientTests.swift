import Foundation
import GiveawaysUpstream
import Testing

/// The text/event-stream reader of `giveaways watch`, on the format's own edge cases: events split across reads,
/// CRLF and CR line ends, comments, multi-line data, `retry`, an event without data, the last id kept.
@Suite struct LiveStreamClientTests {
    @Test func eventsAreReadWhateverTheReadsAndLineEnds() {
        var parser = LiveStreamClient.Parser()
        #expect(parser.take("retry: 5000\n: a comment\n\nid: 7\nevent: giveaway.new\nda").isEmpty)
        let first = parser.take("ta: {\"id\":1}\n\n")
        #expect(first == [.init(id: "7", name: "giveaway.new", data: "{\"id\":1}")])
        #expect(parser.retry == 5000 && parser.lastEventID == "7")
        let more = parser.take(
            "id: 8\r\nevent: sync.finished\r\ndata: a\r\ndata:b\r\n\r\nevent: nothing\n\ndata: plain\r\r")
        #expect(
            more == [
                .init(id: "8", name: "sync.finished", data: "a\nb"), .init(id: "8", name: "message", data: "plain"),
            ], "no data, no event; an event without a name is a message; the id carries over")
        #expect(parser.lastEventID == "8")
        #expect(parser.take("retry: soon\n\n").isEmpty && parser.retry == 5000, "a retry that is no number is ignored")
    }
}
