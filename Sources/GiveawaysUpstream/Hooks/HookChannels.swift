import Foundation
import GiveawaysDomain

/// What the server tells the channels that are not plain webhooks: where Telegram's Bot API is, and how a
/// giveaway's Details page on this site is addressed (for the "Details" link; `nil` links GamerPower's page).
public struct HookChannels: Sendable {
    /// `--telegram-api-url`; a fake on loopback in tests.
    public var telegramAPI: URL
    /// This site's Details page of a giveaway, when the server knows its public address.
    public var detailsURL: @Sendable (Int) -> URL?

    public init(
        telegramAPI: URL = Defaults.telegramAPIURL, detailsURL: @escaping @Sendable (Int) -> URL? = { _ in nil }
    ) {
        self.telegramAPI = telegramAPI
        self.detailsURL = detailsURL
    }

    /// The Details link of a message: this site's page, else GamerPower's.
    func details(of giveaway: Giveaway) -> String {
        detailsURL(giveaway.id)?.absoluteString ?? giveaway.gamerpowerURL
    }
}
