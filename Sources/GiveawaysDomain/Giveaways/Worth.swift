import Foundation

/// The estimated value of a giveaway in US dollars, held exactly in cents.
public struct Worth: Hashable, Sendable, Comparable {
    /// The value in cents: `$12.99` is 1299.
    public let cents: Int

    public init(cents: Int) {
        self.cents = cents
    }

    /// Parses GamerPower's `worth` text: `"$12.99"`, `"$1,299.00"`, `"12.99"` → a worth; `"N/A"`, empty or junk → `nil`.
    public init?(upstreamText text: String) {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.first == "$" { digits = digits.dropFirst() }
        digits = Substring(digits.replacingOccurrences(of: ",", with: ""))
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0,
            !parts[0].contains(where: { !$0.isASCII || !$0.isNumber })
        else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let text = parts[1]
            guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text)
            else { return nil }
            fraction = text.count == 1 ? value * 10 : value
        }
        // No giveaway is worth a billion dollars: a larger figure is junk, and refusing it keeps every sum of
        // worths far from overflowing.
        guard whole < Self.maximumDollars else { return nil }
        self.cents = whole * 100 + fraction
    }

    /// Amounts from this many dollars up are not read as a worth.
    public static let maximumDollars = 1_000_000_000

    /// The sum of `worths`, saturating instead of overflowing (no sum of real worths comes near).
    public static func total(_ worths: some Sequence<Worth>) -> Worth {
        var cents = 0
        for worth in worths {
            let (sum, overflow) = cents.addingReportingOverflow(worth.cents)
            cents = overflow ? Int.max : sum
        }
        return Worth(cents: cents)
    }

    /// The exact amount as a decimal number of dollars.
    public var amount: Decimal {
        Decimal(cents) / 100
    }

    /// `$12.99`; whole amounts keep their cents (`$5.00`), like the upstream.
    public var formatted: String {
        let dollars = cents / 100
        let rest = cents % 100
        return "$\(dollars.groupedThousands).\(rest < 10 ? "0" : "")\(rest)"
    }

    public static func < (lhs: Worth, rhs: Worth) -> Bool {
        lhs.cents < rhs.cents
    }
}

extension Int {
    /// `12340` → `"12,340"`: the thousands grouping used for worth and claim counts.
    public var groupedThousands: String {
        let digits = String(magnitude)
        var result = self < 0 ? "-" : ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

extension Worth: Codable {
    /// A worth is written as its whole number of cents.
    public init(from decoder: any Decoder) throws {
        let cents = try decoder.singleValueContainer().decode(Int.self)
        guard cents >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "negative worth"))
        }
        self.init(cents: cents)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cents)
    }
}
