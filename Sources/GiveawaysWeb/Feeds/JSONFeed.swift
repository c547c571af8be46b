import Foundation

/// Writes a feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1); all escaping is `JSONEncoder`'s.
struct JSONFeed: Encodable {
    let version = "https://jsonfeed.org/version/1.1"
    let title: String
    let homePageURL: String
    let feedURL: String
    let description: String
    let items: [Item]

    /// One JSON Feed item, with the giveaway's end date in the `_giveaway` extension.
    struct Item: Encodable {
        let id: String
        let url: String
        let externalURL: String?
        let title: String
        let contentText: String
        let summary: String
        let datePublished: String
        let dateModified: String
        let image: String
        let giveaway: Extension

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image
            case externalURL = "external_url"
            case contentText = "content_text"
            case datePublished = "date_published"
            case dateModified = "date_modified"
            case giveaway = "_giveaway"
        }
    }

    /// What JSON Feed has no field for.
    struct Extension: Encodable {
        let about = "GameGiveaways: when the giveaway ends (null: no end date)"
        let endsAt: String?

        enum CodingKeys: String, CodingKey {
            case about
            case endsAt = "ends_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(about, forKey: .about)
            try container.encode(endsAt, forKey: .endsAt)
        }
    }

    enum CodingKeys: String, CodingKey {
        case version, title, description, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }

    init(_ feed: FeedDocument) {
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

    static func render(_ feed: FeedDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONFeed(feed))
    }
}
