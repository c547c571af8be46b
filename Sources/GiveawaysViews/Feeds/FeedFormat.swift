/// The three kinds of feed the app writes, by file extension.
package enum FeedFormat: String, Hashable, Sendable, CaseIterable {
    /// Atom 1.0, for feed readers.
    case atom
    /// JSON Feed 1.1.
    case json
    /// iCalendar: one event per live giveaway at its end time.
    case ics

    package var contentType: String {
        switch self {
        case .atom: "application/atom+xml; charset=utf-8"
        case .json: "application/feed+json"
        case .ics: "text/calendar; charset=utf-8"
        }
    }

    /// The name people read ("Subscribe: Atom · JSON Feed · Calendar").
    package var displayName: String {
        switch self {
        case .atom: "Atom"
        case .json: "JSON Feed"
        case .ics: "Calendar"
        }
    }
}
