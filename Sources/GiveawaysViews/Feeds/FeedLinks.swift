import GiveawaysHTML
import GiveawaysLocalization

/// "Subscribe: Atom · JSON Feed · Calendar" for the current Home filters, and the matching `<link
/// rel="alternate">`s for the page's head.
package struct FeedLinks {
    package let filters: HomeFilters
    package let strings: Strings

    package init(filters: HomeFilters, strings: Strings) {
        self.filters = filters
        self.strings = strings
    }

    package func render() -> HTML {
        let links = FeedFormat.allCases.map { format -> HTML in
            let name = format == .ics ? strings.common.calendar : format.displayName
            return
                "<a href=\"\(SiteRoute.feed(filters.with(page: 1), format: format).path)\" type=\"\(Self.mediaType(format))\">\(name)</a>"
        }
        return "<p class=\"feed-links\">\(strings.common.subscribe) \(links.joined(separator: " · "))</p>"
    }

    /// The head links feed readers discover (Atom and JSON Feed; a calendar is not a feed they read), titled as the
    /// feeds title themselves (feeds stay English).
    package var headLinks: HTML {
        [FeedFormat.atom, .json].map { format -> HTML in
            "<link rel=\"alternate\" type=\"\(Self.mediaType(format))\" title=\"\(filters.feedTitle) (\(format.displayName))\" href=\"\(SiteRoute.feed(filters.with(page: 1), format: format).path)\">"
        }.joined(separator: "\n")
    }

    /// The media type without parameters, as `type` attributes want it.
    package static func mediaType(_ format: FeedFormat) -> String {
        String(format.contentType.split(separator: ";")[0])
    }
}
