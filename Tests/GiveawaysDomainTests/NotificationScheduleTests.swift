import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The daily summary and quiet hours in local time — Berlin and Los Angeles across their DST changes, Tokyo
/// without any — and reminders, which are never held.
@Suite struct NotificationScheduleTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    private func schedule(
        _ zone: TimeZone, digest: String? = nil, quiet: (String, String)? = nil
    )
        -> NotificationSchedule
    {
        NotificationSchedule(
            timeZone: zone, digestAt: digest.flatMap(DayTime.init(text:)),
            quietHours: quiet.flatMap {
                NotificationSchedule.QuietHours(start: DayTime(text: $0.0)!, end: DayTime(text: $0.1)!)
            })
    }

    @Test func theSummaryGoesAtTheNextLocalTimeAcrossTheSpringDSTChange() {
        // Berlin moves from CET (+1) to CEST (+2) on 29 March 2026: 09:00 is 08:00Z before, 07:00Z after.
        let berlin = schedule(Self.berlin, digest: "09:00")
        let raised = utc("2026-03-28T10:00:00Z")
        #expect(berlin.heldUntil(raisedAt: raised, now: raised, urgent: false) == utc("2026-03-29T07:00:00Z"))
        #expect(berlin.heldUntil(raisedAt: raised, now: utc("2026-03-29T06:59:00Z"), urgent: false) != nil)
        #expect(berlin.heldUntil(raisedAt: raised, now: utc("2026-03-29T07:00:00Z"), urgent: false) == nil)
        // Raised before the day's summary time: the same day's summary.
        #expect(
            berlin.heldUntil(raisedAt: utc("2026-03-28T07:59:00Z"), now: utc("2026-03-28T07:59:00Z"), urgent: false)
                == utc("2026-03-28T08:00:00Z"))
        // Los Angeles moves from PST (-8) to PDT (-7) on 8 March 2026.
        let losAngeles = schedule(Self.losAngeles, digest: "09:00")
        let evening = utc("2026-03-07T20:00:00Z")
        #expect(losAngeles.heldUntil(raisedAt: evening, now: evening, urgent: false) == utc("2026-03-08T16:00:00Z"))
        let tokyo = schedule(Self.tokyo, digest: "08:30")
        let morning = utc("2026-03-01T00:00:00Z")
        #expect(tokyo.heldUntil(raisedAt: morning, now: morning, urgent: false) == utc("2026-03-01T23:30:00Z"))
    }

    @Test func aSummaryTimeInTheSpringGapGoesAtTheFirstMomentAfterIt() {
        // 02:30 does not exist in Berlin on 29 March 2026; the clock jumps from 02:00 to 03:00 (01:00Z).
        let berlin = schedule(Self.berlin, digest: "02:30")
        let raised = utc("2026-03-28T23:00:00Z")
        #expect(berlin.heldUntil(raisedAt: raised, now: raised, urgent: false) == utc("2026-03-29T01:00:00Z"))
    }

    @Test func quietHoursHoldUntilTheyEndAcrossTheAutumnDSTChange() {
        // Berlin goes back from CEST to CET on 25 October 2026: 08:00 that morning is 07:00Z.
        let berlin = schedule(Self.berlin, quiet: ("22:00", "08:00"))
        let late = utc("2026-10-24T21:30:00Z")
        #expect(berlin.heldUntil(raisedAt: late, now: late, urgent: false) == utc("2026-10-25T07:00:00Z"))
        #expect(berlin.heldUntil(raisedAt: late, now: utc("2026-10-25T07:00:00Z"), urgent: false) == nil)
        #expect(berlin.heldUntil(raisedAt: late, now: utc("2026-10-24T19:59:00Z"), urgent: false) == nil)
        #expect(berlin.heldUntil(raisedAt: late, now: utc("2026-10-24T20:00:00Z"), urgent: false) != nil)
        // Los Angeles goes back on 1 November 2026: 23:00 PDT on 31 October, 08:00 PST (16:00Z) the next morning.
        let losAngeles = schedule(Self.losAngeles, quiet: ("22:00", "08:00"))
        let night = utc("2026-11-01T06:00:00Z")
        #expect(losAngeles.heldUntil(raisedAt: night, now: night, urgent: false) == utc("2026-11-01T16:00:00Z"))
        // Quiet hours that do not wrap midnight, in Tokyo (+9, no DST).
        let tokyo = schedule(Self.tokyo, quiet: ("13:00", "14:00"))
        let lunch = utc("2026-07-01T04:30:00Z")
        #expect(tokyo.heldUntil(raisedAt: lunch, now: lunch, urgent: false) == utc("2026-07-01T05:00:00Z"))
        #expect(tokyo.heldUntil(raisedAt: lunch, now: utc("2026-07-01T05:00:00Z"), urgent: false) == nil)
    }

    @Test func aReminderIsUrgentAndNeverHeld() {
        let both = schedule(Self.tokyo, digest: "09:00", quiet: ("00:00", "23:59"))
        let now = utc("2026-07-01T04:30:00Z")
        #expect(both.heldUntil(raisedAt: now, now: now, urgent: true) == nil)
        #expect(both.heldUntil(raisedAt: now, now: now, urgent: false) != nil)
        #expect(NotificationSchedule(timeZone: Self.tokyo).heldUntil(raisedAt: now, now: now, urgent: false) == nil)
    }

    @Test func dayTimesAreTwoDigitHoursAndMinutes() {
        #expect(DayTime(text: "08:05")?.minutes == 485)
        #expect(DayTime(text: "23:59")?.text == "23:59")
        for bad in ["24:00", "8:00", "08:60", "08-00", "", "0800", "aa:bb", "08:00:00"] {
            #expect(DayTime(text: bad) == nil, "\(bad)")
        }
        #expect(NotificationSchedule.QuietHours(start: DayTime(text: "08:00")!, end: DayTime(text: "08:00")!) == nil)
    }
}
