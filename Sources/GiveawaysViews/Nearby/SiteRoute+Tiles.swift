extension SiteRoute {
    /// A tile coordinate: decimal digits only (no sign, no spaces, at most 6), below `limit`.
    package static func tileNumber(_ text: String, below limit: Int) -> Int? {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
            let number = Int(text), number < limit
        else { return nil }
        return number
    }
}
