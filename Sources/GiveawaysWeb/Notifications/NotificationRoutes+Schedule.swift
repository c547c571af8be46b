import Foundation
import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysViews
import Hummingbird

// `POST /settings/notifications/schedule`: the visitor's reminder lead, daily summary, quiet hours and time zone.
// Every field is bounded and checked; a bad one shows the page again with the reason (400) and saves nothing.
extension NotificationRoutes {

    @Sendable func saveSchedule(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        let preferences: NotificationPreferences
        do {
            preferences = try Self.preferences(from: form, text: context.strings.channels)
        } catch let error as Refused {
            return try await render(request, context, error: error.description, status: .badRequest)
        }
        let profile = context.profile ?? .random()
        try await hooks.saveNotificationPreferences(preferences, for: profile, at: clock())
        var response = PageResponse.redirect(to: SiteRoute.notifications.path + "#schedule-title")
        if context.profile == nil { response.setCookie(context.profileCookie(profile, request: request)) }
        return response
    }

    /// The settings the form asks for, or why not.
    static func preferences(from form: FormBody, text: ChannelsText) throws -> NotificationPreferences {
        guard let minutes = form["reminder_lead"].flatMap({ Int($0) }), let lead = ReminderLead(rawValue: minutes)
        else { throw Refused(text.badLead) }
        var digest: DayTime?
        if form["delivery"] == "digest" {
            guard let time = form["digest_time"].flatMap({ DayTime(text: $0) }) else { throw Refused(text.badTime) }
            digest = time
        } else if form["delivery"] != "now" {
            throw Refused(text.badTime)
        }
        var quiet: NotificationSchedule.QuietHours?
        if form["quiet"] == "1" {
            guard let start = form["quiet_start"].flatMap({ DayTime(text: $0) }),
                let end = form["quiet_end"].flatMap({ DayTime(text: $0) })
            else { throw Refused(text.badTime) }
            guard let hours = NotificationSchedule.QuietHours(start: start, end: end) else {
                throw Refused(text.quietSame)
            }
            quiet = hours
        }
        let typed = (form["time_zone"] ?? "").trimmingCharacters(in: .whitespaces)
        let zone: TimeZone
        if typed.isEmpty {
            // The browser's guess, else the server's.
            zone = form["browser_zone"].flatMap(Self.timeZone(named:)) ?? .current
        } else {
            guard let named = Self.timeZone(named: typed) else { throw Refused(text.badZone) }
            zone = named
        }
        return NotificationPreferences(
            reminderLead: lead, schedule: NotificationSchedule(timeZone: zone, digestAt: digest, quietHours: quiet))
    }

    /// An IANA zone by its name (`Europe/Berlin`, `UTC`); abbreviations and offsets (`CET`, `GMT+5`) are not names.
    static func timeZone(named name: String) -> TimeZone? {
        guard name.count <= NotificationsPage.maximumZoneLength,
            name == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(name)
        else {
            return nil
        }
        return TimeZone(identifier: name)
    }
}
