import Foundation

/// What one visitor profile may hold, whichever route or import writes it. A profile is anonymous and free to
/// make, so every store that keeps its data enforces these inside the write's own transaction.
public enum ProfileLimits {
    /// Marks of every kind together (favorites, claimed, not interested, notes, hidden games, the chosen genre).
    /// Far above what a person sets by hand; low enough that every page of the profile stays fast.
    public static let marks = 5_000
    /// The text of all marks together (notes, mostly), in UTF-8 bytes: 1 MiB.
    public static let textBytes = 1_048_576
    /// Link codes that still work (unused and unexpired) at one time.
    public static let liveLinkCodes = 5
    /// Webhooks of one profile (Settings → Notifications).
    public static let hooks = 5
}

/// A write refused because the profile would hold more than `ProfileLimits` allows. Nothing was written.
public enum ProfileFull: Error, Hashable, Sendable {
    /// `ProfileLimits.marks`.
    case marks
    /// `ProfileLimits.textBytes`.
    case text
    /// `ProfileLimits.liveLinkCodes`.
    case linkCodes
}
