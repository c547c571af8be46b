import Foundation
import GiveawaysDomain

/// The hooks' statements and row reading, and the decisions both stores make alike, written once (`SharedSQL`).
/// A hook's events, devices and log go with it (ON DELETE CASCADE in both schemas).
enum HookSQL {
    /// A visitor's hook follows the visitor's rules in Settings (read here, at every use, so a change of rules
    /// applies at once); the operator's hooks carry their own. The columns `hook(_:)` reads, then who added a
    /// visitor's hook and when its profile was made (`visitorHooks(_:)`).
    private static let select = """
        SELECT hook.id, hook.url, hook.format, hook.secret, hook.events, hook.created_at, hook.baseline_at,
            hook.profile_id, CASE WHEN hook.profile_id IS NULL THEN hook.rules_json ELSE profile.rules_json END,
            hook.client_address, profile.created_at
        FROM hook LEFT JOIN profile ON profile.id = hook.profile_id
        """
    /// Every hook, oldest first.
    static let all = SharedSQL(select + " ORDER BY hook.id")
    /// $1 hook.
    static let byID = SharedSQL(select + " WHERE hook.id = $1")
    /// A profile's own hooks, oldest first. $1 profile.
    static let ofProfile = SharedSQL(select + " WHERE hook.profile_id = $1 ORDER BY hook.id")
    /// Every visitor's hook, oldest first.
    static let visitors = SharedSQL(select + " WHERE hook.profile_id IS NOT NULL ORDER BY hook.id")
    /// A new hook, answering its id and whether it has a baseline: its creation time when the store already holds a
    /// real feed (GamerPower's, or a store's own offers); otherwise the first sync after it sets one (and raises no
    /// `new` events). $1 URL, $2 format,
    /// $3 secret, $4 rules, $5 events, $6 time, $7 profile, $8 client address.
    static let insert = SharedSQL(
        """
        INSERT INTO hook (url, format, secret, rules_json, events, created_at, baseline_at, profile_id, client_address)
        VALUES ($1, $2, $3, $4, $5, $6,
            CASE WHEN EXISTS (SELECT 1 FROM giveaway WHERE left_at IS NULL AND NOT is_demo)
                OR EXISTS (SELECT 1 FROM store_offer WHERE left_at IS NULL) THEN $6 END, $7, $8)
        RETURNING id, baseline_at IS NOT NULL
        """)
    /// $1 hook.
    static let remove = SharedSQL("DELETE FROM hook WHERE id = $1 RETURNING id")
    /// Another profile's hook (or the operator's) is left alone. $1 hook, $2 profile.
    static let removeOfProfile = SharedSQL("DELETE FROM hook WHERE id = $1 AND profile_id = $2 RETURNING id")
    static let exists = SharedSQL("SELECT EXISTS (SELECT 1 FROM hook)")

    /// The statement that inserts `hook`; `clientAddress` is who added a visitor's hook.
    static func insert(_ hook: Hook, clientAddress: String?) throws -> SQLStatement {
        SQLStatement(
            insert, hook.url.absoluteString, hook.format.rawValue, hook.secret, try RulesJSON.encode(hook.rules),
            hook.events.sorted().map(\.rawValue).joined(separator: ","), hook.createdAt, hook.profileID?.rawValue,
            clientAddress)
    }

    /// `hook` as the rows of `insert` answer it: with its id and baseline.
    static func inserted(_ hook: Hook, _ rows: [some SharedRow]) throws -> Hook {
        var hook = hook
        hook.id = try rows.first?.value(0, as: Int.self) ?? 0
        hook.baselineAt = try rows.first?.value(1, as: Bool.self) == true ? hook.createdAt : nil
        return hook
    }

    /// The hook of a row of `all`, `byID`, `ofProfile` or `visitors`, or `nil` when this release cannot read its
    /// URL or format.
    static func hook(_ row: some SharedRow) throws -> Hook? {
        guard let url = URL(string: try row.value(1, as: String.self)),
            let format = HookFormat(rawValue: try row.value(2, as: String.self))
        else { return nil }
        return Hook(
            id: try row.value(0, as: Int.self), url: url, format: format, secret: try row.optional(3, as: String.self),
            rules: RulesJSON.decode(try row.optional(8, as: String.self)),
            events: Set(
                try row.value(4, as: String.self).split(separator: ",").compactMap { HookEvent(rawValue: String($0)) }),
            createdAt: try row.value(5, as: Date.self), baselineAt: try row.optional(6, as: Date.self),
            profileID: try row.optional(7, as: String.self).flatMap(ProfileID.init(rawValue:)))
    }

    static func hooks(_ rows: [some SharedRow]) throws -> [Hook] { try rows.compactMap(hook) }

    static func hooksByID(_ rows: [some SharedRow]) throws -> [Int: Hook] {
        Dictionary(uniqueKeysWithValues: try hooks(rows).map { ($0.id, $0) })
    }

    static func visitorHooks(_ rows: [some SharedRow]) throws -> [VisitorHook] {
        try rows.compactMap { row in
            try hook(row).map {
                VisitorHook(
                    hook: $0, clientAddress: try row.optional(9, as: String.self),
                    profileCreatedAt: try row.optional(10, as: Date.self))
            }
        }
    }

    // MARK: - Visitors' hooks

    /// Whether a profile holds marks, when its row was made (NULL: it has none) and its rules. $1 profile.
    static let standing = SharedSQL(
        """
        SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = $1), (SELECT created_at FROM profile WHERE id = $1),
            (SELECT rules_json FROM profile WHERE id = $1)
        """)
    /// The hooks of a new one's budget (push devices, or webhooks): the profile's own, the client address's, and
    /// every visitor's. $1 profile, $2 client address, $3 whether it is a push device.
    static let budget = SharedSQL(
        """
        SELECT COUNT(*) FILTER (WHERE profile_id = $1), COUNT(*) FILTER (WHERE client_address = $2), COUNT(*)
        FROM hook WHERE profile_id IS NOT NULL AND (format = 'webpush') = $3
        """)

    /// Why the profile may not add a hook yet (`nil`: it may), from the row of `standing`: it must hold something
    /// (marks or rules) and be `minimumAge` old. A profile that holds marks but has no row yet (no page view since its
    /// first mark) gets one now (`startsWaiting`), so that its waiting time starts.
    static func standing(
        _ rows: [some SharedRow], at now: Date, minimumAge: TimeInterval
    ) throws -> (refusal: VisitorHookLimit?, startsWaiting: Bool) {
        let hasMarks = try rows.first?.value(0, as: Bool.self) ?? false
        guard let createdAt = try rows.first?.optional(1, as: Date.self) else {
            return hasMarks
                ? (.profileTooNew(readyAt: now.addingTimeInterval(minimumAge)), true) : (.profileEmpty, false)
        }
        let rules = RulesJSON.decode(try rows.first?.optional(2, as: String.self))
        guard hasMarks || !rules.isEmpty else { return (.profileEmpty, false) }
        let readyAt = createdAt.addingTimeInterval(minimumAge)
        return (readyAt > now ? .profileTooNew(readyAt: readyAt) : nil, false)
    }

    /// Which of `limits` the counts of `budget` reach, or `nil` when the hook fits.
    static func budgetRefusal(_ rows: [some SharedRow], limits: VisitorHookLimits) throws -> VisitorHookLimit? {
        guard let row = rows.first else { return nil }
        if try row.value(0, as: Int.self) >= limits.perProfile { return .profileFull }
        if try row.value(1, as: Int.self) >= limits.perAddress { return .addressFull }
        return try row.value(2, as: Int.self) >= limits.total ? .serverFull : nil
    }

    // MARK: - Notification settings

    /// The settings columns of profiles that have a row. $1 the profiles.
    static let preferences = SharedSQL(
        """
        SELECT id, reminder_lead_minutes, digest_minute, quiet_start_minute, quiet_end_minute, time_zone
        FROM profile WHERE id = ANY($1)
        """)

    static func preferences(of profiles: some Sequence<ProfileID>) -> SQLStatement {
        SQLStatement(preferences, TextList(profiles.map(\.rawValue)))
    }

    /// The settings columns by profile, from the rows of `preferences`.
    static func preferences(_ rows: [some SharedRow]) throws -> [ProfileID: NotificationPreferenceColumns] {
        var byProfile: [ProfileID: NotificationPreferenceColumns] = [:]
        for row in rows {
            guard let profile = ProfileID(rawValue: try row.value(0, as: String.self)) else { continue }
            byProfile[profile] = NotificationPreferenceColumns(
                reminderLeadMinutes: try row.value(1, as: Int.self), digestMinute: try row.optional(2, as: Int.self),
                quietStartMinute: try row.optional(3, as: Int.self), quietEndMinute: try row.optional(4, as: Int.self),
                timeZone: try row.optional(5, as: String.self))
        }
        return byProfile
    }

    static func savePreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) -> SQLStatement {
        let columns = NotificationPreferenceColumns(preferences)
        return SQLStatement(
            ProfileSQL.saveNotificationPreferences, profile.rawValue, time, columns.reminderLeadMinutes,
            columns.digestMinute, columns.quietStartMinute, columns.quietEndMinute, columns.timeZone)
    }

    // MARK: - Push devices

    /// $1 hook, $2 label, $3 language.
    static let saveDevice = SharedSQL(
        """
        INSERT INTO push_device (hook_id, label, language) VALUES ($1, $2, $3)
        ON CONFLICT (hook_id) DO UPDATE SET label = excluded.label, language = excluded.language
        """)
    /// $1 hook.
    static let device = SharedSQL("SELECT label, language FROM push_device WHERE hook_id = $1")
    static let removePush = SharedSQL("DELETE FROM hook WHERE format = 'webpush' RETURNING id")
    /// Visitors' push devices made before $1 whose visitor has not been seen since.
    static let removeSilentPush = SharedSQL(
        """
        DELETE FROM hook WHERE format = 'webpush' AND profile_id IS NOT NULL AND created_at < $1
            AND NOT EXISTS (SELECT 1 FROM profile WHERE profile.id = hook.profile_id AND profile.last_seen_at >= $1)
        RETURNING id
        """)

    static func saveDevice(_ device: PushDevice) -> SQLStatement {
        SQLStatement(saveDevice, device.hookID, device.label, device.language)
    }

    /// The device of the rows of `device`.
    static func device(_ rows: [some SharedRow], hookID: Int) throws -> PushDevice? {
        try rows.first.map {
            PushDevice(
                hookID: hookID, label: try $0.value(0, as: String.self), language: try $0.value(1, as: String.self))
        }
    }
}
