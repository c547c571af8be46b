import Foundation

/// Writes a feed as Atom 1.0 (RFC 4287). Every text goes through `escape`, the one place XML is escaped.
enum AtomFeed {
    static func render(_ feed: FeedDocument) -> String {
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
    static func timestamp(_ date: Date) -> String { DisplayText.iso(date) }

    /// Text for element content and quoted attributes. Characters XML 1.0 forbids (controls other than tab,
    /// line feed and carriage return; U+FFFE and U+FFFF) are dropped: no escape can make them legal.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
