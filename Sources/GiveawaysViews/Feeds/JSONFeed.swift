import Foundation

/// Writes a feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1); all escaping is `JSONEncoder`'s.
package struct JSONFeed: Encodable {
    package let version = "https://jsonfeed.org/version/1.1"
    package let title: String
    package let homePageURL: String
    package let feedURL: String
    package let description: String
    package let items: [Item]

    /// One JSON Feed item, with the giveaway's end date in the `_giveaway` extension.
    package struct Item: Encodable {
        package let id: String
        package let url: String
        package let externalURL: String?
        package let title: String
        package let contentText: String
        package let summary: String
        package let datePublished: String
        package let dateModified: String
        package let image: String
        package let giveaway: Extension

        package enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image
            case externalURL = "external_url"
            case contentText = "content_text"
            case datePublished = "date_published"
            case dateModified = "date_modified"
            case giveaway = "_giveaway"
        }
    }

    /// What JSON Feed has no field for.
    package struct Extension: Encodable {
        package let about = "GameGiveaways: when the giveaway ends (null: no end date)"
        package let endsAt: String?

        package enum CodingKeys: String, CodingKey {
            case about
            case endsAt = "ends_at"
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(about, forKey: .about)
            try container.encode(endsAt, forKey: .endsAt)
        }
    }

    package enum CodingKeys: String, CodingKey {
        case version, title, description, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }

    package init(_ feed: FeedDocument) {
        title = feed.title
        homePageURL = feed.homeURL
        feedURL = feed.selfURL
        description = "Free games, loot and beta keys, at most \(FeedDocument.maximumItems) of them."
        items = feed.items.map { item in
            Item(
                id: item.tagID, url: item.detailsURL, externalURL: item.claimURL, title: item.title,
                contentText: item.text.isEmpty ? item.summary : item.summary + "\n\n" + item.text,
                summary: item.summary, datePublished: AtomFeed.timestamp(item.publishedAt),
                dateModified: AtomFeed.timestamp(item.updatedAt), image: item.imageURL,
                giveaway: Extension(endsAt: item.endsAt.map(AtomFeed.timestamp)))
        }
    }

    package static func render(_ feed: FeedDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONFeed(feed))
    }
}
