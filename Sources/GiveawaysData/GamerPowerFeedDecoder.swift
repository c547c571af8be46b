import Foundation
import GiveawaysDomain

/// Turns one `/giveaways` answer (status code and body) into giveaways, branching on the body, not only the code.
public struct GamerPowerFeedDecoder: Sendable {
    /// The result of decoding: the giveaways and the items that had to be skipped, with reasons.
    public struct Feed: Sendable {
        public var giveaways: [Giveaway]
        public var skipped: [String]
    }

    public init() {}

    public func decode(status: Int, body: Data) throws(GamerPowerError) -> Feed {
        let start = body.firstIndex(where: { !Self.isJSONWhitespace($0) })
        let firstByte = start.map { body[$0] }
        switch status {
        case 200..<300:
            break
        case 404:
            throw .notFound(statusMessage(in: body) ?? Self.snippet(body))
        case 429:
            throw .throttled
        default:
            throw .badStatus(status, statusMessage(in: body) ?? Self.snippet(body))
        }
        switch firstByte {
        case UInt8(ascii: "["):
            return try decodeArray(body)
        case UInt8(ascii: "{"):
            // 201 (and occasionally 200) carries a status object: "nothing matches", an empty result.
            guard statusMessage(in: body) != nil else {
                throw .malformed("expected an array of giveaways, got an object")
            }
            return Feed(giveaways: [], skipped: [])
        case nil:
            throw .malformed("empty body")
        default:
            throw .notJSON(status: status, snippet: Self.snippet(body))
        }
    }

    private func decodeArray(_ body: Data) throws(GamerPowerError) -> Feed {
        let items: [Lossy<GiveawayDTO>]
        do {
            items = try JSONDecoder().decode([Lossy<GiveawayDTO>].self, from: body)
        } catch {
            throw .malformed(Self.describe(error))
        }
        var giveaways: [Giveaway] = []
        var skipped: [String] = []
        giveaways.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            switch item.result {
            case .success(let dto):
                do { giveaways.append(try dto.toDomain()) } catch { skipped.append(String(describing: error)) }
            case .failure(let error):
                skipped.append("item \(index): \(Self.describe(error))")
            }
        }
        // A feed where most items fail to map means the format changed: refuse it rather than empty the store.
        if !items.isEmpty, skipped.count * 2 > items.count {
            throw .malformed("\(skipped.count) of \(items.count) items unreadable; first: \(skipped[0])")
        }
        return Feed(giveaways: giveaways, skipped: skipped)
    }

    private func statusMessage(in body: Data) -> String? {
        (try? JSONDecoder().decode(UpstreamStatusDTO.self, from: body))?.statusMessage
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// The start of a body, on one line, for error messages.
    static func snippet(_ body: Data) -> String {
        let text = String(decoding: body.prefix(120), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count < text.count || body.count > 120 ? line + "…" : line
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "invalid JSON (\(context.debugDescription))"
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong type at \(path): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }
}

/// Decodes an element without failing the whole array.
private struct Lossy<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        result = Result { try Value(from: decoder) }
    }
}
