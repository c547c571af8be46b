/// An anonymous visitor profile: a random id kept in the browser's cookie.
public struct ProfileID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only the shape the app hands out (32 lowercase hex digits), so forged or junk ids are refused.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32, rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A fresh random profile id (128 bits from the system's generator).
    public static func random() -> ProfileID {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<2).map { _ in
            let value = generator.next() as UInt64
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        return ProfileID(rawValue: hex)!
    }

    public var description: String { rawValue }
}
