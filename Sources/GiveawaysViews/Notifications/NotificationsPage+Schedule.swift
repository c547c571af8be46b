import Foundation
import GiveawaysDomain
import GiveawaysHTML

// The schedule form of Settings → Notifications: the reminder's lead, every giveaway at once or a daily summary,
// quiet hours, and the time zone they are read in.
extension NotificationsPage {
    private var schedule: NotificationSchedule { preferences.schedule }

    /// A boolean attribute (` checked`, ` selected`) when `on`.
    private func flag(_ on: Bool, _ name: StaticString) -> HTML {
        on ? HTML(trusted: " \(name)") : ""
    }

    package var scheduleForm: HTML {
        let text = strings.channels
        let leads = ReminderLead.allCases.map { lead -> HTML in
            let label = lead == .off ? text.leadOff : text.leadHours(lead.rawValue / 60)
            return
                "<option value=\"\(lead.rawValue)\"\(flag(lead == preferences.reminderLead, "selected"))>\(label)</option>"
        }
        let digest = schedule.digestAt
        let quiet = schedule.quietHours
        // A visitor who never chose sees an empty zone: the browser's guess (filled in by the script) is used.
        let zone = preferences == .standard ? "" : schedule.timeZone.identifier
        return """
            <form class="settings-card" method="post" action="\(SiteRoute.notificationSchedule.path)" aria-labelledby="schedule-title">
              <h2 id="schedule-title">\(text.scheduleTitle)</h2>
              <label class="field"><span>\(text.reminderLead)</span>
                <select name="reminder_lead">\(leads)</select></label>
              <fieldset>
                <legend>\(text.howNewsComes)</legend>
                <label class="check"><input type="radio" name="delivery" value="now"\(flag(digest == nil, "checked"))><span>\(text.atOnce)</span></label>
                <label class="check"><input type="radio" name="delivery" value="digest"\(flag(digest != nil, "checked"))><span>\(text.dailySummary)</span></label>
                <input type="time" name="digest_time" value="\(digest?.text ?? "09:00")" aria-label="\(text.dailySummary)">
              </fieldset>
              <fieldset>
                <legend>\(text.quietHours)</legend>
                <label class="check"><input type="checkbox" name="quiet" value="1"\(flag(quiet != nil, "checked"))><span>\(text.quietHours)</span></label>
                <input type="time" name="quiet_start" value="\(quiet?.start.text ?? "22:00")" aria-label="\(text.quietHours)">
                <span>\(text.quietTo)</span>
                <input type="time" name="quiet_end" value="\(quiet?.end.text ?? "08:00")" aria-label="\(text.quietTo)">
                <p class="hint">\(text.urgentHint)</p>
              </fieldset>
              <label class="field"><span>\(text.timeZone)</span>
                <input type="text" name="time_zone" value="\(zone)" maxlength="\(Self.maximumZoneLength)" autocomplete="off" aria-describedby="zone-hint"></label>
              <p class="hint" id="zone-hint">\(text.timeZoneHint(TimeZone.current.identifier))</p>
              <input type="hidden" name="browser_zone" value="" data-browser-zone>
              <div class="settings-card__actions"><button type="submit" class="button button--primary">\(text.saveSchedule)</button></div>
            </form>
            """
    }
}
