/// The three kinds of feed the app writes, by file extension.
package enum FeedFormat: String, Hashable, Sendable, CaseIterable {
    /// Atom 1.0, for feed readers.
    case atom
    /// JSON Feed 1.1.
    case json
    /// iCalendar: an event at each live giveaway's end, and at each start a store announced.
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
