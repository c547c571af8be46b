import Foundation
import GiveawaysUpstream
import GiveawaysViews

extension WebConfiguration {
    /// What Telegram and Apprise messages need from the server: the Bot API's address, and Details links on this
    /// site when its public address is known (`--public-url`; otherwise they link GamerPower's page).
    var hookChannels: HookChannels {
        let site = publicURL
        return HookChannels(
            telegramAPI: telegramAPIURL,
            detailsURL: { id in
                site.flatMap { URL(string: SiteRoute.details(id: id).path, relativeTo: $0)?.absoluteURL }
            })
    }
}
