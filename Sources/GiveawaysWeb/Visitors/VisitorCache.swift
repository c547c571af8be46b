import Foundation
import GiveawaysDomain
import GiveawaysRendering
import Synchronization

/// The visitors' marks and settings kept in memory between their page views, in front of the stores: a personal
/// page then costs no database read. Every write of a profile goes through here and drops what was kept of it, so a
/// heart shows on the very next page. Only for a store that this one process writes (SQLite); several instances on
/// one shared database would each keep their own copy, and need another way to hear of each other's writes.
final class VisitorCache: MarkRepository, ProfileRepository {
    private struct Entry {
        var marks: VisitorMarks?
        var settings: ProfileSettings?
        /// When a page view was last passed on to the store (it writes at most one a minute).
        var visitPassedOnAt: Date?
        /// Bumped by every write, so that a read that began before it does not keep what it read.
        var version = 0
        var weight: Int { 1 + (marks?.all.count ?? 0) }
    }

    private let marksStore: any MarkRepository
    private let profilesStore: any ProfileRepository
    /// Kept marks (and profiles) in all; past it, everything is dropped and read again as needed. Not a `BoundedCache`:
    /// an entry carries the version a racing read is checked against, kept and compared under one lock, and pushing
    /// out one entry would lose its version (the `epoch` stands for all of them only when everything goes).
    private let budget: Int
    /// `epoch` counts the times everything was dropped, so a read that began before cannot keep what it read.
    private let state = Mutex<(entries: [ProfileID: Entry], weight: Int, epoch: Int)>(([:], 0, 0))

    /// Page views closer together than this are one visit's: the store writes nothing for them.
    static let visitWriteInterval: TimeInterval = 60

    init(marks: any MarkRepository, profiles: any ProfileRepository, budget: Int = 500_000) {
        marksStore = marks
        profilesStore = profiles
        self.budget = budget
    }

    // MARK: Reads, kept

    func marks(of profile: ProfileID) async throws -> VisitorMarks {
        let (kept, version) = state.withLock { ($0.entries[profile]?.marks, Self.version(of: profile, in: $0)) }
        if let kept { return kept }
        let marks = try await marksStore.marks(of: profile)
        keep(profile, since: version) { $0.marks = marks }
        return marks
    }

    func settings(of profile: ProfileID) async throws -> ProfileSettings {
        let (kept, version) = state.withLock { ($0.entries[profile]?.settings, Self.version(of: profile, in: $0)) }
        if let kept { return kept }
        let settings = try await profilesStore.settings(of: profile)
        keep(profile, since: version) { $0.settings = settings }
        return settings
    }

    func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
        let (kept, passedOn, version) = state.withLock { state in
            let entry = state.entries[profile]
            return (entry?.settings, entry?.visitPassedOnAt, Self.version(of: profile, in: state))
        }
        if let kept, let passedOn, (0..<Self.visitWriteInterval).contains(time.timeIntervalSince(passedOn)) {
            return kept
        }
        let settings = try await profilesStore.recordVisit(of: profile, at: time)
        keep(profile, since: version) {
            $0.settings = settings
            $0.visitPassedOnAt = time
        }
        return settings
    }

    // MARK: Writes, passed on; each drops what was kept of its profile

    func setMark(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
    )
        async throws
    {
        defer { drop(profile) }
        try await marksStore.setMark(kind, on: subject, profile: profile, text: text, at: time)
    }

    func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        defer { drop(profile) }
        try await marksStore.removeMark(kind, on: subject, profile: profile)
    }

    func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
        defer { drop(profile) }
        try await profilesStore.saveRules(rules, for: profile, at: time)
    }

    func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
        defer { drop(profile) }
        return try await profilesStore.renewFeedToken(for: profile, at: time)
    }

    func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
        defer { drop(profile) }
        try await profilesStore.importProfile(export, into: profile, at: time)
    }

    func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
        defer { drop(profile) }
        try await profilesStore.saveNearbyArea(area, for: profile, at: time)
    }

    func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
        defer { drop(profile) }
        return try await profilesStore.createLinkCode(for: profile, at: time)
    }

    // MARK: Passed on as they are

    func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
        try await profilesStore.profile(forFeedToken: token)
    }

    func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
        try await profilesStore.redeemLinkCode(code, at: time)
    }

    func holdsData(_ profile: ProfileID) async throws -> Bool {
        try await profilesStore.holdsData(profile)
    }

    // MARK: -

    /// Keeps what a read brought, unless a write of the profile came after the read began.
    private typealias Version = (epoch: Int, version: Int)

    private static func version(
        of profile: ProfileID, in state: (entries: [ProfileID: Entry], weight: Int, epoch: Int)
    ) -> Version {
        (state.epoch, state.entries[profile]?.version ?? 0)
    }

    private func keep(_ profile: ProfileID, since version: Version, _ change: (inout Entry) -> Void) {
        state.withLock { state in
            var entry = state.entries[profile] ?? Entry()
            guard state.epoch == version.epoch, entry.version == version.version else { return }
            let before = state.entries[profile]?.weight ?? 0
            change(&entry)
            if state.weight - before + entry.weight > budget {
                state.entries.removeAll(keepingCapacity: true)
                state.weight = 0
                state.epoch += 1
                entry.version = 0
            } else {
                state.weight -= before
            }
            state.entries[profile] = entry
            state.weight += entry.weight
        }
    }

    /// Forgets what was kept of `profile` and makes any read of it still under way keep nothing.
    private func drop(_ profile: ProfileID) {
        state.withLock { state in
            let weight = state.entries[profile]?.weight ?? 0
            let version = (state.entries[profile]?.version ?? 0) + 1
            state.entries[profile] = Entry(version: version)
            state.weight += 1 - weight
        }
    }
}
