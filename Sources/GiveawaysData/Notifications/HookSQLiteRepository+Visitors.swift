import Foundation
import GRDB
import GiveawaysDomain

// Visitors' own hooks (Settings → Notifications): the limits are checked and the hook inserted in one transaction.
extension HookSQLiteRepository {
    /// Adds a visitor's hook (its `profileID` set) if the profile may add one and every limit of the hook's budget
    /// (push devices or webhooks, `VisitorHookLimits`) has room: checked and inserted in one transaction, so parallel
    /// requests cannot slip past a limit together. The server-wide limit keeps anyone who makes up profile after
    /// profile from turning the server into a request amplifier; the age, activity and per-address limits keep one
    /// client from using up that budget for everyone.
    public func addVisitorHook(
        _ hook: Hook, from clientAddress: String, limits: VisitorHookLimits
    ) async throws -> Result<Hook, VisitorHookLimit> {
        guard let profile = hook.profileID else { preconditionFailure("a visitor's hook has a profile") }
        return try await writer.write { db in
            if let age = limits.minimumProfileAge,
                let refusal = try Self.establishedRefusal(db, profile, at: hook.createdAt, minimumAge: age)
            {
                return .failure(refusal)
            }
            // The hooks of the new one's budget: push devices, or webhooks.
            let budget = "profile_id IS NOT NULL AND (format = 'webpush') = \(hook.format == .webpush ? 1 : 0)"
            let own = try Self.count(db, budget + " AND profile_id = ?", [profile.rawValue])
            guard own < limits.perProfile else { return .failure(.profileFull) }
            let fromAddress = try Self.count(db, budget + " AND client_address = ?", [clientAddress])
            guard fromAddress < limits.perAddress else { return .failure(.addressFull) }
            let all = try Self.count(db, budget, [])
            guard all < limits.total else { return .failure(.serverFull) }
            // A profile that may add one at once is a profile from now on, with its row (only once it is in: a
            // refused try leaves nothing behind).
            try db.execute(
                sql: "INSERT INTO profile (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
                arguments: [profile.rawValue, hook.createdAt])
            return .success(try Self.insert(db, hook, clientAddress: clientAddress))
        }
    }

    /// Why the profile may not add a webhook yet, or `nil` when it may. A profile that holds marks but has no row
    /// yet (no page view since its first mark) gets one now, so that its waiting time starts.
    private static func establishedRefusal(
        _ db: Database, _ profile: ProfileID, at now: Date, minimumAge: TimeInterval
    ) throws -> VisitorHookLimit? {
        let hasMarks =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = ?)", arguments: [profile.rawValue])
            ?? false
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT created_at, rules_json FROM profile WHERE id = ?", arguments: [profile.rawValue])
        else {
            guard hasMarks else { return .profileEmpty }
            try db.execute(
                sql: "INSERT INTO profile (id, created_at) VALUES (?, ?)", arguments: [profile.rawValue, now])
            return .profileTooNew(readyAt: now.addingTimeInterval(minimumAge))
        }
        guard hasMarks || !RulesJSON.decode(row["rules_json"]).isEmpty else { return .profileEmpty }
        let readyAt = (row["created_at"] as Date).addingTimeInterval(minimumAge)
        return readyAt > now ? .profileTooNew(readyAt: readyAt) : nil
    }

    private static func count(_ db: Database, _ condition: String, _ arguments: StatementArguments) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM hook WHERE " + condition, arguments: arguments) ?? 0
    }

    // MARK: - For the operator

    /// Every visitor's hook, oldest first.
    public func visitorHooks() async throws -> [VisitorHook] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT hook.id, hook.client_address, profile.created_at FROM hook
                    LEFT JOIN profile ON profile.id = hook.profile_id
                    WHERE hook.profile_id IS NOT NULL ORDER BY hook.id
                    """)
            return try rows.compactMap { row in
                guard let hook = try Self.hooks(db, id: row["id"]).first else { return nil }
                return VisitorHook(hook: hook, clientAddress: row["client_address"], profileCreatedAt: row[2])
            }
        }
    }
}
