import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

// The Telegram and Apprise forms of Settings → Notifications. Each is a form of its own (no script needed to
// show the right fields), posting to the same route with its `format`.
extension NotificationsPage {
    private var channelText: ChannelsText { strings.channels }

    /// The checkboxes every form shares.
    package var eventChecks: HTML {
        let text = strings.notifications
        return """
            <fieldset>
              <legend>\(text.tellMeAbout)</legend>
              <label class="check"><input type="checkbox" name="new" value="1" checked><span>\(text.newGiveaways)</span></label>
              <label class="check"><input type="checkbox" name="ending" value="1" checked><span>\(text.endingGiveaways)</span></label>
              <label class="check"><input type="checkbox" name="changed" value="1"><span>\(text.movedEndDates)</span></label>
              \(heartedChecks)
            </fieldset>
            """
    }

    /// Reminders before a hearted giveaway ends, and a hearted giveaway back in the feed.
    package var heartedChecks: HTML {
        """
        <label class="check"><input type="checkbox" name="reminder" value="1" checked><span>\(channelText.remindMe)</span></label>
        <label class="check"><input type="checkbox" name="back" value="1" checked><span>\(channelText.hearted)</span></label>
        """
    }

    package var channelForms: HTML {
        let action = SiteRoute.notifications.path
        return """
            <form class="settings-card" method="post" action="\(action)" aria-labelledby="telegram-title">
              <h2 id="telegram-title">\(channelText.telegramTitle)</h2>
              <p class="settings-card__lead">\(channelText.telegramIntro)</p>
              <input type="hidden" name="format" value="telegram">
              <label class="field"><span>\(channelText.botToken)</span>
                <input type="password" name="telegram_token" required maxlength="\(Self.maximumTokenLength)" autocomplete="off" aria-describedby="token-hint"></label>
              <p class="hint" id="token-hint">\(channelText.botTokenHint)</p>
              <label class="field"><span>\(channelText.chatID)</span>
                <input type="text" name="telegram_chat" required maxlength="\(Self.maximumChatLength)" autocomplete="off"></label>
              \(eventChecks)
              <div class="settings-card__actions"><button type="submit" class="button button--primary">\(channelText.addTelegram)</button></div>
            </form>
            <form class="settings-card" method="post" action="\(action)" aria-labelledby="apprise-title">
              <h2 id="apprise-title">\(channelText.appriseTitle)</h2>
              <p class="settings-card__lead">\(channelText.appriseIntro)</p>
              <input type="hidden" name="format" value="apprise">
              <label class="field"><span>\(channelText.appriseAddress)</span>
                <input type="url" name="url" required maxlength="\(Self.maximumURLLength)" placeholder="https://apprise.example.org/notify/my-key" autocomplete="off"></label>
              <label class="field"><span>\(channelText.appriseTargets)</span>
                <textarea name="apprise_targets" rows="2" maxlength="\(Self.maximumTargetsLength)" autocomplete="off" aria-describedby="targets-hint"></textarea></label>
              <p class="hint" id="targets-hint">\(channelText.appriseTargetsHint)</p>
              \(eventChecks)
              <div class="settings-card__actions"><button type="submit" class="button button--primary">\(channelText.addApprise)</button></div>
            </form>
            """
    }
}
