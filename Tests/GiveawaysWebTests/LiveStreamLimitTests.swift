import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `/api/v1/events` refuses before it opens a stream: a `Last-Event-ID` or `?lastEventId=` that is not an id as
/// the document's pattern has it (empty too), and a client address past its budget of new streams (issue 41).
/// Against the real HTTP server, read up to the answer's head: a stream that opens never ends.
@Suite struct LiveStreamLimitTests {
    @Test func anEmptyOrMalformedLastEventIDIsA400() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.port = 0
        try await harness.app(configuration: configuration).test(.live) { client in
            let port = try #require(client.port)
            for query in ["", "+5", "%205", "5%20", "-1", "1e3", "12345678901234567890", "%EF%BC%91"] {
                let answer = try await StreamProbe.head(port: port, target: "/api/v1/events?lastEventId=\(query)")
                #expect(answer.status == 400, "lastEventId=\(query)")
                #expect(answer.body.contains(#""status":400"#), "lastEventId=\(query)")
            }
            // The header, empty; and a good header does not excuse a bad query.
            for (target, header) in [
                ("/api/v1/events", ""), ("/api/v1/events?lastEventId=", "5"), ("/api/v1/events?lastEventId=x", "5"),
            ] {
                let answer = try await StreamProbe.head(
                    port: port, target: target, headers: ["Last-Event-ID": header])
                #expect(answer.status == 400, "\(target) with Last-Event-ID: \(header)")
            }
            // Ids: the log's first, and one of 19 digits past any id there can be (nothing comes after it).
            for query in ["0", "9999999999999999999"] {
                let answer = try await StreamProbe.head(port: port, target: "/api/v1/events?lastEventId=\(query)")
                #expect(answer.status == 200, "lastEventId=\(query)")
            }
        }
    }

    /// A client that opens stream after stream, replaying from `Last-Event-ID: 0`, is told to wait (429 with
    /// Retry-After) once its budget is spent; the budget is its own, and a replay refused leaves it streams
    /// without one.
    @Test func aClientReconnectingInALoopIsToldToWait() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.port = 0
        // The cap on streams open at once is another limit: out of the way here (each probe closes its stream, and
        // the server frees its place moments later).
        configuration.maximumStreamsPerClient = 10_000
        try await harness.app(configuration: configuration).test(.live) { client in
            let port = try #require(client.port)
            let looping = ["X-Forwarded-For": "198.51.100.7", "Last-Event-ID": "0"]
            // 30 replays at once, then one every 3 s: counted until the first refusal, with the refills that the
            // time taken allows.
            let started = Date()
            var admitted = 0
            var refusal: StreamProbe.Answer?
            while refusal == nil, admitted < 100 {
                let answer = try await StreamProbe.head(port: port, target: "/api/v1/events", headers: looping)
                if answer.status == 200 { admitted += 1 } else { refusal = answer }
            }
            let seconds = Date().timeIntervalSince(started)
            #expect(admitted >= 30 && Double(admitted) <= 30 + seconds / 3 + 1, "\(admitted) in \(seconds) s")
            let refused = try #require(refusal)
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"].flatMap(Int.init).map { (1...3).contains($0) } == true)
            #expect(refused.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(refused.body.contains("Too many new streams"))
            // Another address is not held up by it; nor is this one's stream that asks for no replay.
            let other = try await StreamProbe.head(
                port: port, target: "/api/v1/events?lastEventId=0",
                headers: ["X-Forwarded-For": "198.51.100.8"])
            #expect(other.status == 200)
            let plain = try await StreamProbe.head(
                port: port, target: "/api/v1/events", headers: ["X-Forwarded-For": "198.51.100.7"])
            #expect(plain.status == 200)
        }
    }

    /// The budget over time, without a server: a browser whose stream drops again and again reconnects after the
    /// `retry:` the stream sent (5 s) with its `Last-Event-ID`, and its visitor reloads the page every 10 s, for an
    /// hour: never refused. A loop without pause gets the budget's 30 replays, then one every 3 s.
    @Test func anOrdinaryBrowserNeverRunsOutAndALoopDoes() {
        let budget = LiveReconnectBudget.standard
        let browser = ClientAddress(peer: nil, forwardedFor: "203.0.113.5")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var refusals = 0
        for second in stride(from: 0, to: 3_600, by: 5) {
            let now = start.addingTimeInterval(Double(second))
            if budget.take(browser, replay: true, at: now) != nil { refusals += 1 }
            if second.isMultiple(of: 10), budget.take(browser, replay: false, at: now) != nil { refusals += 1 }
        }
        // A burst too: a visitor switching back and forth between tabs 20 times in a minute (each return reopens
        // the stream from its last id).
        for tab in 0..<20 {
            if budget.take(browser, replay: true, at: start.addingTimeInterval(3_600 + Double(tab) * 3)) != nil {
                refusals += 1
            }
        }
        #expect(refusals == 0)

        let loop = ClientAddress(peer: nil, forwardedFor: "203.0.113.6")
        var admitted = 0
        var firstWait: Int?
        for step in 0..<6_000 {  // every 10 ms for a minute
            if let wait = budget.take(loop, replay: true, at: start.addingTimeInterval(Double(step) / 100)) {
                firstWait = firstWait ?? wait
            } else {
                admitted += 1
            }
        }
        #expect(admitted == 30 + 19, "30 at once, then one every 3 s of the minute (3 s, 6 s, … 57 s)")
        #expect(firstWait == 3, "the 31st, 0.3 s after the start, is told to wait until the first refill")
    }
}

/// One request over a plain TCP connection to the server on loopback: the answer's status, headers and (unless it is
/// a stream, which never ends) body; the connection is closed then.
enum StreamProbe {
    struct Answer {
        var status: Int
        /// Lowercased names.
        var headers: [String: String]
        var body: String
    }

    struct Failed: Error {
        var reason: String
    }

    static func head(port: Int, target: String, headers: [String: String] = [:]) async throws -> Answer {
        // Blocking reads, on a thread of their own rather than the tasks' pool the server shares.
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try exchange(port: port, target: target, headers: headers) })
            }
            .start()
        }
    }

    private static func exchange(port: Int, target: String, headers: [String: String]) throws -> Answer {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failed(reason: "socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failed(reason: "connect") }
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw Failed(reason: "send")
        }
        var received: [UInt8] = []
        var answer: Answer?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if answer == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let status = lines.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
                var fields: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                received.removeSubrange(..<end.upperBound)
                answer = Answer(status: status, headers: fields, body: "")
            }
            if var head = answer {
                // A stream's head is enough; another answer is read to its length.
                if head.headers["content-type"]?.hasPrefix("text/event-stream") == true { return head }
                if let length = head.headers["content-length"].flatMap(Int.init), received.count >= length {
                    head.body = String(decoding: received.prefix(length), as: UTF8.self)
                    return head
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                guard var head = answer else { throw Failed(reason: "no answer") }
                head.body = String(decoding: received, as: UTF8.self)
                return head
            }
            received += buffer.prefix(count)
        }
    }
}
