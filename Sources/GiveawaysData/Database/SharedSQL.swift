import Foundation
import GRDB
import GiveawaysDomain
import PostgresNIO

/// A statement written once for both stores, in PostgreSQL's words: `$1`, `$2`… for its parameters and
/// `= ANY($n)` for "is in this list of ids". SQLite reads the same text with three small rewrites, made once: `?n`
/// for `$n` (SQLite binds `?n` by number, as PostgreSQL binds `$n`), `IN (SELECT value FROM json_each(?n))` for
/// `= ANY($n)` (a list is bound as one JSON array there), and no `::type` casts (PostgreSQL needs them where a NULL
/// is bound without a type; SQLite neither reads them nor needs them, and its `CAST(… AS timestamptz)` would turn a
/// date into a number). Everything else (`ON CONFLICT`, `RETURNING`, `TRUE`, `NOT is_demo`) both dialects speak
/// alike (`RETURNING` since SQLite 3.35).
struct SharedSQL: Sendable {
    /// The PostgreSQL text.
    let postgres: String
    /// The SQLite text.
    let sqlite: String

    /// A statement whose dialects differ beyond the rewrites: each text as its store reads it.
    init(postgres: String, sqlite: String) {
        self.postgres = postgres
        self.sqlite = sqlite
    }

    init(_ text: String) {
        postgres = text
        var sqlite = text.replacingOccurrences(
            of: #"= ANY\(\$([0-9]+)\)"#, with: "IN (SELECT value FROM json_each(?$1))", options: .regularExpression)
        sqlite = sqlite.replacingOccurrences(of: #"\$([0-9]+)"#, with: "?$1", options: .regularExpression)
        sqlite = sqlite.replacingOccurrences(of: #"::[a-z][a-z0-9]*(\[\])?"#, with: "", options: .regularExpression)
        self.sqlite = sqlite
    }
}

/// A value a `SharedSQL` statement binds, in either store.
protocol SharedSQLValue: Sendable {
    var sqliteValue: (any DatabaseValueConvertible)? { get }
    func bind(to bindings: inout PostgresBindings)
}

extension Int: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension String: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Bool: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Double: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Date: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Optional: SharedSQLValue where Wrapped: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self?.sqliteValue }
    func bind(to bindings: inout PostgresBindings) {
        if let self { self.bind(to: &bindings) } else { bindings.appendNull() }
    }
}

/// A list of ids for `= ANY($n)`: an array over PostgreSQL, one JSON array over SQLite.
struct IDList: SharedSQLValue {
    var ids: [Int]

    init(_ ids: some Sequence<Int>) { self.ids = Array(ids) }

    var sqliteValue: (any DatabaseValueConvertible)? { "[" + ids.map(String.init).joined(separator: ",") + "]" }
    func bind(to bindings: inout PostgresBindings) { bindings.append(ids) }
}

extension PostgresQuery {
    init(shared statement: SharedSQL, _ values: [any SharedSQLValue]) {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.bind(to: &bindings) }
        self.init(unsafeSQL: statement.postgres, binds: bindings)
    }
}

// MARK: - Statements as values

/// One statement with its parameters, as a shared algorithm answers it; each store runs a list of them in order.
struct SQLStatement: Sendable {
    let sql: SharedSQL
    let values: [any SharedSQLValue]

    init(_ sql: SharedSQL, _ values: [any SharedSQLValue]) {
        self.sql = sql
        self.values = values
    }

    init(_ sql: SharedSQL, _ values: any SharedSQLValue...) { self.init(sql, values) }
}

// MARK: - Lists of pairs

/// A giveaway's platforms for `FeedSQL.insertPlatforms`: slugs and names as two arrays over PostgreSQL (it binds
/// two parameters), one JSON array of `[slug, name]` pairs over SQLite.
struct PlatformList: SharedSQLValue {
    var platforms: [Platform]

    init(_ platforms: [Platform]) { self.platforms = platforms }

    var sqliteValue: (any DatabaseValueConvertible)? {
        let pairs = platforms.map { [$0.slug, $0.displayName] }
        return String(decoding: (try? JSONEncoder().encode(pairs)) ?? Data("[]".utf8), as: UTF8.self)
    }
    func bind(to bindings: inout PostgresBindings) {
        bindings.append(platforms.map(\.slug))
        bindings.append(platforms.map(\.displayName))
    }
}

/// Claim counters for `FeedSQL.claimCounters`: ids and counts as two arrays over PostgreSQL (it binds two
/// parameters), one JSON array of `[id, users]` pairs over SQLite.
struct ClaimCounterList: SharedSQLValue {
    var counters: [FeedDiff.ClaimCounter]

    init(_ counters: [FeedDiff.ClaimCounter]) { self.counters = counters }

    var sqliteValue: (any DatabaseValueConvertible)? {
        "[" + counters.map { "[\($0.id),\($0.users)]" }.joined(separator: ",") + "]"
    }
    func bind(to bindings: inout PostgresBindings) {
        bindings.append(counters.map(\.id))
        bindings.append(counters.map(\.users))
    }
}
