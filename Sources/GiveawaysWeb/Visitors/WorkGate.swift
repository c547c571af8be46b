import GiveawaysDomain
import Synchronization

/// Bounds expensive work (imports and exports: a few megabytes decoded, thousands of rows written) to a few at a
/// time on the server and one at a time per profile. Work over the bound is refused at once rather than queued,
/// so a handful of senders can neither starve page views of CPU nor pile up waiting requests.
final class WorkGate: Sendable {
    /// How many may run at once, all profiles (and visitors without one) together.
    let limit: Int
    private let state = Mutex<(running: Int, profiles: Set<ProfileID>)>((0, []))

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `work` if there is room for it, else returns `nil` without running it.
    func run<T>(for profile: ProfileID?, _ work: () async throws -> T) async rethrows -> T? {
        let entered = state.withLock { state -> Bool in
            guard state.running < limit else { return false }
            if let profile {
                guard state.profiles.insert(profile).inserted else { return false }
            }
            state.running += 1
            return true
        }
        guard entered else { return nil }
        defer {
            state.withLock { state in
                state.running -= 1
                if let profile { state.profiles.remove(profile) }
            }
        }
        return try await work()
    }
}
