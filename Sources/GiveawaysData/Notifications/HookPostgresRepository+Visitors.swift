import Foundation
import GiveawaysDomain
import PostgresNIO

// Visitors' own hooks (Settings → Notifications): the limits are checked and the hook inserted in one transaction,
// under one advisory lock, so that parallel requests on any number of instances cannot slip past a limit together.
extension HookPostgresRepository {
    public func addVisitorHook(
        _ hook: Hook, from clientAddress: String, limits: VisitorHookLimits
    ) async throws -> Result<Hook, VisitorHookLimit> {
        guard let profile = hook.profileID else { preconditionFailure("a visitor's hook has a profile") }
        return try await database.write { sql in
            // The server-wide count is the one every adder shares: one lock for all visitors' hooks.
            try await sql.lock(.visitorHooks)
            if let age = limits.minimumProfileAge {
                let standing = try HookSQL.standing(
                    await sql.rows(HookSQL.standing, profile.rawValue), at: hook.createdAt, minimumAge: age)
                if standing.startsWaiting { try await sql.run(ProfileSQL.ensureRow, profile.rawValue, hook.createdAt) }
                if let refusal = standing.refusal { return .failure(refusal) }
            }
            let budget = try await sql.rows(HookSQL.budget, profile.rawValue, clientAddress, hook.format == .webpush)
            if let refusal = try HookSQL.budgetRefusal(budget, limits: limits) { return .failure(refusal) }
            // A profile that may add one at once is a profile from now on, with its row (only once it is in: a
            // refused try leaves nothing behind).
            try await sql.run(ProfileSQL.ensureRow, profile.rawValue, hook.createdAt)
            return .success(
                try HookSQL.inserted(hook, await sql.rows(HookSQL.insert(hook, clientAddress: clientAddress))))
        }
    }

    // MARK: - For the operator

    public func visitorHooks() async throws -> [VisitorHook] {
        try await database.read { sql in try HookSQL.visitorHooks(await sql.rows(HookSQL.visitors)) }
    }
}
