import Foundation

extension HookEventPlanner {
    /// What the periodic tick reads, decided from the hooks alone: which hooks want `ending`, which want `reminder`
    /// (only a visitor's own hooks have hearts to remind of), whose marks and hearts to read, and how far ahead to
    /// look for end dates. The recorders read what it names and hand the rows to `endingSoon` and `reminders`.
    public struct Tick: Hashable, Sendable {
        /// The hooks that asked for `ending`.
        public var endingHooks: [Hook]
        /// The visitors' hooks that asked for `reminder`.
        public var reminderHooks: [Hook]
        /// The profiles whose hearts the reminders read.
        public var reminderProfiles: Set<ProfileID> { Tick.profiles(of: reminderHooks) }
        /// The tick's time.
        public var now: Date

        public init(hooks: [Hook], at now: Date) {
            endingHooks = hooks.filter { $0.events.contains(.ending) }
            reminderHooks = hooks.filter { $0.profileID != nil && $0.events.contains(.reminder) }
            self.now = now
        }

        /// The end of the ending-soon window: live giveaways ending after `now` and by this time are read.
        public var endingUntil: Date { now.addingTimeInterval(EndingSoon.window) }
        /// The end of the reminders' window: hearted giveaways ending within the longest lead are read, and the
        /// planner judges each against its visitor's own lead.
        public var remindersUntil: Date { now.addingTimeInterval(ReminderLead.longest) }

        /// The profiles that own some of `hooks`: whose marks the planner weighs.
        public static func profiles(of hooks: [Hook]) -> Set<ProfileID> { Set(hooks.compactMap(\.profileID)) }
    }
}

extension ReminderLead {
    /// The longest lead a visitor can choose.
    public static let longest = allCases.compactMap(\.interval).max() ?? 0
}
