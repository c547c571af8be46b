import Foundation
import GiveawaysDomain

// Visitors' own hooks (Settings → Notifications): the limits are checked and the hook inserted in one transaction.
extension HookSQLRepository {
    /// Adds a visitor's hook (its `profileID` set) if the profile may add one and every limit of the hook's budget
    /// (push devices or webhooks, `VisitorHookLimits`) has room: checked and inserted in one transaction, so parallel
    /// requests cannot slip past a limit together. The server-wide limit keeps anyone who makes up profile after
    /// profile from turning the server into a request amplifier; the age, activity and per-address limits keep one
    /// client from using up that budget for everyone.
    public func addVisitorHook(
        _ hook: Hook, from clientAddress: String, limits: VisitorHookLimits
    ) async throws -> Result<Hook, VisitorHookLimit> {
        guard let profile = hook.profileID else { preconditionFailure("a visitor's hook has a profile") }
        return try await database.transaction { db in
            // The server-wide count is the one every adder shares: one lock for all visitors' hooks, on any number of
            // instances.
            try db.lock(.visitorHooks)
            if let age = limits.minimumProfileAge {
                let standing = try HookSQL.standing(
                    db.rows(HookSQL.standing, profile.rawValue), at: hook.createdAt, minimumAge: age)
                if standing.startsWaiting { try db.execute(ProfileSQL.ensureRow, profile.rawValue, hook.createdAt) }
                if let refusal = standing.refusal { return .failure(refusal) }
            }
            let budget = try db.rows(HookSQL.budget, profile.rawValue, clientAddress, hook.format == .webpush)
            if let refusal = try HookSQL.budgetRefusal(budget, limits: limits) { return .failure(refusal) }
            // A profile that may add one at once is a profile from now on, with its row (only once it is in: a
            // refused try leaves nothing behind).
            try db.execute(ProfileSQL.ensureRow, profile.rawValue, hook.createdAt)
            return .success(try HookSQL.inserted(hook, db.rows(HookSQL.insert(hook, clientAddress: clientAddress))))
        }
    }

    /// Every visitor's hook, oldest first (for the operator).
    public func visitorHooks() async throws -> [VisitorHook] {
        try HookSQL.visitorHooks(await database.rows(HookSQL.visitors))
    }
}
