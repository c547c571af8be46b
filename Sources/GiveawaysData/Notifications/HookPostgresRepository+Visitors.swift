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
            if let age = limits.minimumProfileAge,
                let refusal = try await Self.establishedRefusal(sql, profile, at: hook.createdAt, minimumAge: age)
            {
                return .failure(refusal)
            }
            // The hooks of the new one's budget: push devices, or webhooks.
            let push = hook.format == .webpush
            let counts = try await sql.rows(
                """
                SELECT COUNT(*) FILTER (WHERE profile_id = \(profile.rawValue)) AS own,
                    COUNT(*) FILTER (WHERE client_address = \(clientAddress)) AS from_address,
                    COUNT(*) AS visitors
                FROM hook WHERE profile_id IS NOT NULL AND (format = 'webpush') = \(push)
                """
            ).first
            let (own, fromAddress, all) = try counts?.decode((Int, Int, Int).self) ?? (0, 0, 0)
            guard own < limits.perProfile else { return .failure(.profileFull) }
            guard fromAddress < limits.perAddress else { return .failure(.addressFull) }
            guard all < limits.total else { return .failure(.serverFull) }
            // A profile that may add one at once is a profile from now on, with its row (only once it is in: a
            // refused try leaves nothing behind).
            try await sql.run(
                """
                INSERT INTO profile (id, created_at) VALUES (\(profile.rawValue), \(hook.createdAt))
                ON CONFLICT (id) DO NOTHING
                """)
            return .success(try await Self.insert(sql, hook, clientAddress: clientAddress))
        }
    }

    /// Why the profile may not add a webhook yet, or `nil` when it may. A profile that holds marks but has no row
    /// yet (no page view since its first mark) gets one now, so that its waiting time starts.
    private static func establishedRefusal(
        _ sql: PostgresTransaction, _ profile: ProfileID, at now: Date, minimumAge: TimeInterval
    ) async throws -> VisitorHookLimit? {
        let hasMarks =
            try await sql.rows("SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = \(profile.rawValue)) AS marks")
            .first?.get("marks", as: Bool.self) ?? false
        guard
            let row = try await sql.rows(
                "SELECT created_at, rules_json FROM profile WHERE id = \(profile.rawValue)"
            ).first
        else {
            guard hasMarks else { return .profileEmpty }
            try await sql.run(
                "INSERT INTO profile (id, created_at) VALUES (\(profile.rawValue), \(now)) ON CONFLICT (id) DO NOTHING")
            return .profileTooNew(readyAt: now.addingTimeInterval(minimumAge))
        }
        let (createdAt, rules) = try row.decode((Date, String?).self)
        guard hasMarks || !RulesJSON.decode(rules).isEmpty else { return .profileEmpty }
        let readyAt = createdAt.addingTimeInterval(minimumAge)
        return readyAt > now ? .profileTooNew(readyAt: readyAt) : nil
    }

    // MARK: - For the operator

    public func visitorHooks() async throws -> [VisitorHook] {
        try await database.read { sql in
            let owners = try await sql.rows(
                """
                SELECT hook.id, hook.client_address, profile.created_at FROM hook
                LEFT JOIN profile ON profile.id = hook.profile_id
                WHERE hook.profile_id IS NOT NULL ORDER BY hook.id
                """
            ).map { try $0.decode((Int, String?, Date?).self) }
            let hooks = Dictionary(uniqueKeysWithValues: try await Self.hooks(sql).map { ($0.id, $0) })
            return owners.compactMap { id, clientAddress, profileCreatedAt in
                hooks[id].map {
                    VisitorHook(hook: $0, clientAddress: clientAddress, profileCreatedAt: profileCreatedAt)
                }
            }
        }
    }
}
