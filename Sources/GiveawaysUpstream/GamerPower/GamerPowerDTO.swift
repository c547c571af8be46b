import Foundation
import GiveawaysDomain

/// One giveaway object exactly as the upstream sends it. Never leaves the Data target: `toDomain()` maps it.
struct GiveawayDTO: Decodable {
    var id: Int
    var title: String
    var worth: String?
    var thumbnail: String?
    var image: String?
    var description: String?
    var instructions: String?
    var openGiveawayURL: String?
    var openGiveaway: String?
    var publishedDate: String?
    var type: String?
    var platforms: String?
    var endDate: String?
    var users: Int?
    var status: String?
    var gamerpowerURL: String?

    enum CodingKeys: String, CodingKey {
        case id, title, worth, thumbnail, image, description, instructions, type, platforms, users, status
        case openGiveawayURL = "open_giveaway_url"
        case openGiveaway = "open_giveaway"
        case publishedDate = "published_date"
        case endDate = "end_date"
        case gamerpowerURL = "gamerpower_url"
    }

    // Lenient where the upstream has been loose (numbers as strings, nulls); strict where a missing value
    // would make the giveaway useless (id, title).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.flexibleInt(.id)
        title = try container.decode(String.self, forKey: .title)
        worth = try container.flexibleString(.worth)
        thumbnail = try container.flexibleString(.thumbnail)
        image = try container.flexibleString(.image)
        description = try container.flexibleString(.description)
        instructions = try container.flexibleString(.instructions)
        openGiveawayURL = try container.flexibleString(.openGiveawayURL)
        openGiveaway = try container.flexibleString(.openGiveaway)
        publishedDate = try container.flexibleString(.publishedDate)
        type = try container.flexibleString(.type)
        platforms = try container.flexibleString(.platforms)
        endDate = try container.flexibleString(.endDate)
        users = try? container.flexibleInt(.users)
        status = try container.flexibleString(.status)
        gamerpowerURL = try container.flexibleString(.gamerpowerURL)
    }
}

/// The object GamerPower sends instead of an array: `{"status":0,"status_message":"..."}`.
struct UpstreamStatusDTO: Decodable {
    var status: Int?
    var statusMessage: String

    enum CodingKeys: String, CodingKey {
        case status
        case statusMessage = "status_message"
    }
}

// MARK: - Mapping

/// Why one upstream item could not become a giveaway.
struct MappingError: Error, CustomStringConvertible {
    let id: Int
    let reason: String
    var description: String { "giveaway \(id): \(reason)" }
}

extension GiveawayDTO {
    func toDomain() throws -> Giveaway {
        let cleanTitle = String(decoding: Self.trimmed(Array(title.utf8)[...]), as: UTF8.self)
        guard !cleanTitle.isEmpty else { throw MappingError(id: id, reason: "empty title") }
        guard let published = publishedDate.flatMap(UpstreamDate.parse) else {
            throw MappingError(
                id: id, reason: "unreadable published_date \(publishedDate.map { "\"\($0)\"" } ?? "(missing)")")
        }
        let claimURL = openGiveawayURL ?? openGiveaway ?? gamerpowerURL ?? ""
        return Giveaway(
            id: id,
            title: cleanTitle,
            worth: worth.flatMap(Worth.init(upstreamText:)),
            thumbnailURL: thumbnail ?? image ?? "",
            imageURL: image ?? thumbnail ?? "",
            description: Self.normalizeLineBreaks(description ?? ""),
            instructions: Self.normalizeLineBreaks(instructions ?? ""),
            openGiveawayURL: claimURL,
            openGiveaway: openGiveaway,
            publishedAt: published,
            type: GiveawayType(upstreamLabel: type ?? ""),
            platforms: Platform.parseList(platforms ?? ""),
            endsAt: endDate.flatMap(UpstreamDate.parse),
            users: max(0, users ?? 0),
            status: status ?? "Active",
            gamerpowerURL: gamerpowerURL ?? ""
        )
    }

    /// `\r\n` and lone `\r` become `\n`; ASCII blanks are trimmed from both ends. One pass over the bytes:
    /// Foundation's `replacingOccurrences` and `trimmingCharacters` took most of a sync's time on Linux.
    static func normalizeLineBreaks(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCarriageReturn = false
        for byte in text.utf8 {
            if byte == 0x0D {
                bytes.append(0x0A)
                afterCarriageReturn = true
                continue
            }
            if byte == 0x0A, afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = false
            bytes.append(byte)
        }
        return String(decoding: trimmed(bytes[...]), as: UTF8.self)
    }

    /// The bytes without ASCII spaces, tabs and line breaks at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var slice = bytes
        while let first = slice.first, isBlank(first) { slice = slice.dropFirst() }
        while let last = slice.last, isBlank(last) { slice = slice.dropLast() }
        return slice
    }
}

// MARK: - Lenient field decoding

extension KeyedDecodingContainer {
    /// An integer sent as a number or as a numeric string.
    func flexibleInt(_ key: Key) throws -> Int {
        if let value = try? decode(Int.self, forKey: key) { return value }
        if let text = try? decode(String.self, forKey: key), let value = Int(text.trimmingCharacters(in: .whitespaces))
        {
            return value
        }
        if let value = try? decode(Double.self, forKey: key), value.isFinite, abs(value) < 1e15 { return Int(value) }
        throw DecodingError.typeMismatch(
            Int.self, .init(codingPath: codingPath + [key], debugDescription: "expected an integer"))
    }

    /// A string, or `nil` when the key is missing or null; numbers are accepted as their text.
    func flexibleString(_ key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let value = try? decode(Int.self, forKey: key) { return String(value) }
        if let value = try? decode(Double.self, forKey: key) { return String(value) }
        return nil
    }
}
