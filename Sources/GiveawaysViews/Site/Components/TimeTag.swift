import Foundation
import GiveawaysHTML
import GiveawaysLocalization

/// A moment as `<time datetime="…Z" data-t="kind">`: the server writes it in UTC, in the page's language, and
/// app.js rewrites it in the visitor's own time zone (with the phrases of `Language.timeScript`).
package struct TimeTag {
    package enum Kind: String {
        /// A giveaway's end, as a countdown: "Ends in 2 days", "Ended 3 days ago".
        case ends
        /// An absolute date and time: published, first seen, sync times, code expiry, history.
        case date
        /// A date without a time: a catalog game's release date.
        case day
    }

    package let date: Date
    package let kind: Kind
    /// What the page shows until (or without) the script.
    package let text: String

    package init(date: Date, kind: Kind, text: String) {
        self.date = date
        self.kind = kind
        self.text = text
    }

    package func render() -> HTML {
        "<time datetime=\"\(UTCParts(date).iso)\" data-t=\"\(kind.rawValue)\">\(text)</time>"
    }
}
