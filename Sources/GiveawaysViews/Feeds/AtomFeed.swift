import Foundation
import GiveawaysHTML

/// Writes a feed as Atom 1.0 (RFC 4287). Every text goes through `escape`, the one place XML is escaped.
package enum AtomFeed {
    package static func render(_ feed: FeedDocument) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <id>\(escape(feed.selfURL))</id>
            <title>\(escape(feed.title))</title>
            <subtitle>Live free games, loot and beta keys: at most \(FeedDocument.maximumItems) entries.</subtitle>
            <updated>\(timestamp(feed.updatedAt))</updated>
            <link rel="self" type="application/atom+xml" href="\(escape(feed.selfURL))"/>
            <link rel="alternate" type="text/html" href="\(escape(feed.homeURL))"/>
            <author><name>GameGiveaways</name></author>
            <generator>GameGiveaways</generator>

            """
        for item in feed.items {
            xml += """
                <entry>
                <id>\(escape(item.tagID))</id>
                <title>\(escape(item.title))</title>
                <updated>\(timestamp(item.updatedAt))</updated>
                <published>\(timestamp(item.publishedAt))</published>
                <link rel="alternate" type="text/html" href="\(escape(item.detailsURL))"/>

                """
            if let claim = item.claimURL { xml += "<link rel=\"related\" href=\"\(escape(claim))\"/>\n" }
            xml += """
                <summary type="text">\(escape(item.summary))</summary>
                </entry>

                """
        }
        return xml + "</feed>\n"
    }

    /// RFC 3339 in UTC: `2026-03-31T12:00:00Z`.
    package static func timestamp(_ date: Date) -> String { FeedDates.iso(date) }

    /// Text for element content and quoted attributes: the pages' escaping (`&#39;` is as good in XML), after
    /// dropping the characters XML 1.0 forbids (controls other than tab, line feed and carriage return; U+FFFE and
    /// U+FFFF): no escape can make them legal.
    package static func escape(_ text: String) -> String {
        let allowed = text.unicodeScalars.allSatisfy(isAllowedInXML)
        return HTML.escape(
            allowed ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(isAllowedInXML))))
    }

    private static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0xFFFE, 0xFFFF: false
        default: scalar.value >= 0x20
        }
    }
}
