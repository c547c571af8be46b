import Foundation
import GRDB
import GiveawaysTestSupport
import PostgresNIO
import Testing

@testable import GiveawaysData

/// The two schemas are kept in step by hand (`AppDatabase`'s migrations and `PostgresSchema`'s): a fresh SQLite
/// database and a fresh PostgreSQL one, each migrated to the end, must hold the same tables with the same columns
/// (name, type, nullability, default), primary keys, unique constraints, indexes and foreign keys, these compared by
/// their columns, not by their names. What exists on one side only, on purpose, is in `OneSided`, with its reason.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct PostgresSchemaParityTests {
    @Test func bothSchemasHoldTheSameTablesColumnsKeysAndIndexes() async throws {
        let sqlite = try await SchemaShape.of(try AppDatabase.inMemory())
        let postgres = try await PostgresTestServer.withFreshDatabase { database in
            try await SchemaShape.of(database)
        }
        // Guards against a broken introspection that would compare two empty schemas.
        for schema in [sqlite, postgres] {
            #expect(schema.tables["giveaway"]?.columns.count ?? 0 > 10)
            #expect(schema.tables["hook_event"]?.uniques.isEmpty == false)
            #expect(schema.tables["hook_event"]?.indexes.isEmpty == false)
            #expect(schema.tables["hook_event"]?.foreignKeys.isEmpty == false)
            #expect(schema.tables["mark"]?.primaryKey.count == 4)
        }
        let differences = SchemaShape.differences(sqlite: sqlite, postgres: postgres)
        for difference in differences {
            Issue.record(Comment(rawValue: difference))
        }
        #expect(differences.isEmpty, "the SQLite and PostgreSQL schemas differ")
    }
}

/// `giveaways db copy` moves a SQLite store into PostgreSQL column by column (`DatabaseCopy.tables`), each as one of
/// the kinds of value the code stores: it must know every column, as the kind its declared type holds. No
/// PostgreSQL needed: with the parity test above, this ties all three together.
@Suite struct DatabaseCopySchemaTests {
    @Test func theCopyKnowsEveryColumnOfTheSQLiteSchemaAsItsDeclaredKind() async throws {
        let sqlite = try await SchemaShape.of(try AppDatabase.inMemory())
        let copied = Dictionary(uniqueKeysWithValues: DatabaseCopy.tables.map { ($0.name, $0) })
        let tables = Set(sqlite.tables.keys).subtracting(OneSided.sqliteTables.keys)
        #expect(Set(copied.keys) == tables, "every table is copied, and only those")
        for name in tables.sorted() {
            guard let table = sqlite.tables[name], let copy = copied[name] else { continue }
            let kinds = Dictionary(uniqueKeysWithValues: copy.columns.map { ($0.name, $0.kind) })
            let expected = Set(table.columns.keys).union(
                OneSided.postgresColumns.keys.compactMap {
                    $0.hasPrefix(name + ".") ? String($0.dropFirst(name.count + 1)) : nil
                })
            #expect(Set(kinds.keys) == expected, "\(name): the copy's columns")
            for (column, shape) in table.columns {
                guard let kind = kinds[column] else { continue }
                #expect(
                    SchemaShape.storage[kind]?.postgres == shape.type,
                    "\(name).\(column) is declared \(shape.type) but copied as \(kind)")
            }
        }
    }
}

/// What exists in one store only, on purpose. Everything else must match; an entry that is no longer one-sided fails
/// the test, so the list cannot go stale.
enum OneSided {
    /// Tables only SQLite has (its own `sqlite_%` tables, such as `sqlite_sequence`, are never read).
    static let sqliteTables: [String: String] = [
        "grdb_migrations": "GRDB's record of the migrations applied; PostgreSQL keeps its own in schema_migration"
    ]

    /// Tables only PostgreSQL has.
    static let postgresTables: [String: String] = [
        "schema_migration": "PostgresSchema's record of the migrations applied; SQLite keeps GRDB's grdb_migrations",
        "sync_lease":
            "which instance may fetch a source until when (PostgresSyncLease): only several instances on one "
            + "PostgreSQL database take turns to sync; a SQLite store has one server",
    ]

    /// Columns only PostgreSQL has, as `table.column`; their keys and indexes go with them.
    static let postgresColumns: [String: String] = [
        "mark.seq":
            "the insertion order SQLite's rowid gives marks (the tie-break between marks set in the same instant); "
            + "an identity column, UNIQUE, that `db copy` fills from the rowid"
    ]
}

/// A schema read back from the database, in terms both stores share: PostgreSQL's type names, nullability as the
/// database enforces it, and keys and indexes by their columns.
struct SchemaShape: Sendable {
    struct Column: Hashable, Sendable, CustomStringConvertible {
        var type: String
        var nullable: Bool
        /// The DEFAULT expression, without PostgreSQL's casts and with booleans as SQLite's 0 and 1.
        var defaultValue: String?

        init(type: String, nullable: Bool, defaultSQL: String?) {
            self.type = type
            self.nullable = nullable
            guard var sql = defaultSQL else { return }
            if let cast = sql.range(of: "::[a-z ]+$", options: .regularExpression) { sql.removeSubrange(cast) }
            defaultValue = ["false": "0", "true": "1"][sql] ?? sql
        }

        var description: String {
            type + (nullable ? " NULL" : " NOT NULL") + (defaultValue.map { " DEFAULT \($0)" } ?? "")
        }
    }

    struct ForeignKey: Hashable, Sendable, CustomStringConvertible {
        var columns: [String]
        var parent: String
        var parentColumns: [String]
        var onDelete: String
        var description: String {
            "(\(columns.joined(separator: ", "))) → \(parent) (\(parentColumns.joined(separator: ", "))) ON DELETE \(onDelete)"
        }
    }

    struct Table: Sendable {
        var columns: [String: Column] = [:]
        var primaryKey: [String] = []
        /// UNIQUE constraints and unique indexes (the primary key's aside).
        var uniques: Set<[String]> = []
        /// Plain indexes.
        var indexes: Set<[String]> = []
        var foreignKeys: Set<ForeignKey> = []
        /// Indexes on an expression or a part of the table: not comparable by columns, so reported as differences.
        var unsupported: [String] = []
    }

    var tables: [String: Table] = [:]

    /// How the code stores each kind of value (the kinds `DatabaseCopy` moves a store with), as each side declares
    /// it. SQLite's declared types are GRDB's: a `Date` is written as UTC text ("2026-03-01 12:00:00.000") in a
    /// DATETIME column, a `Bool` as 0 or 1 in a BOOLEAN one, a `Double` as a REAL in a DOUBLE one; an `Int` is 64
    /// bits, which PostgresNIO binds as int8 (bigint), and a `Date` as timestamptz.
    static let storage: [DatabaseCopy.Kind: (sqlite: String, postgres: String)] = [
        .int: ("INTEGER", "bigint"),
        .double: ("DOUBLE", "double precision"),
        .text: ("TEXT", "text"),
        .date: ("DATETIME", "timestamp with time zone"),
        .bool: ("BOOLEAN", "boolean"),
        .blob: ("BLOB", "bytea"),
    ]

    /// A SQLite declared type in PostgreSQL's words (an unknown one stays as it is, and so differs).
    static func postgresType(ofSQLite declared: String) -> String {
        storage.values.first { $0.sqlite == declared.uppercased() }?.postgres ?? "SQLite \(declared)"
    }

    // MARK: - Reading SQLite

    static func of(_ database: AppDatabase) async throws -> SchemaShape {
        try await database.writer.read { db in
            var schema = SchemaShape()
            let names = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
            for name in names {
                var table = Table()
                var primaryKey: [(position: Int, name: String)] = []
                for row in try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_info(?)", arguments: [name]) {
                    let column: String = row["name"]
                    let declared: String = row["type"]
                    let position: Int = row["pk"]
                    let notNull: Bool = row["notnull"]
                    let defaultSQL: String? = row["dflt_value"]
                    if position > 0 { primaryKey.append((position, column)) }
                    table.columns[column] = Column(
                        type: postgresType(ofSQLite: declared), nullable: !notNull, defaultSQL: defaultSQL)
                }
                table.primaryKey = primaryKey.sorted { $0.position < $1.position }.map(\.name)
                // An INTEGER PRIMARY KEY is the rowid: SQLite never stores NULL in it (a NULL makes a new id), as
                // PostgreSQL never does in a primary key. Other primary key columns are NOT NULL only if declared so.
                if table.primaryKey.count == 1, let id = table.primaryKey.first,
                    try String.fetchOne(
                        db, sql: "SELECT type FROM pragma_table_info(?) WHERE name = ?", arguments: [name, id]
                    )?.uppercased() == "INTEGER"
                {
                    table.columns[id]?.nullable = false
                }
                let indexes = try Row.fetchAll(db, sql: "SELECT * FROM pragma_index_list(?)", arguments: [name])
                for index in indexes {
                    let indexName: String = index["name"]
                    let origin: String = index["origin"]
                    let unique: Bool = index["unique"]
                    let partial: Bool = index["partial"]
                    guard origin != "pk" else { continue }
                    let columns = try String?.fetchAll(
                        db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [indexName])
                    if partial || columns.contains(nil) {
                        table.unsupported.append(indexName)
                    } else if unique {
                        table.uniques.insert(columns.compactMap { $0 })
                    } else {
                        table.indexes.insert(columns.compactMap { $0 })
                    }
                }
                let references = try Row.fetchAll(
                    db, sql: "SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [name])
                for (_, rows) in Dictionary(grouping: references, by: { $0["id"] as Int }) {
                    guard let first = rows.first else { continue }
                    let parent: String = first["table"]
                    let onDelete: String = first["on_delete"]
                    // A reference without columns is to the parent's primary key (filled in below).
                    let parentColumns = rows.compactMap { $0["to"] as String? }
                    table.foreignKeys.insert(
                        ForeignKey(
                            columns: rows.map { $0["from"] as String }, parent: parent,
                            parentColumns: parentColumns, onDelete: onDelete))
                }
                schema.tables[name] = table
            }
            let primaryKeys = schema.tables.mapValues(\.primaryKey)
            for (name, table) in schema.tables {
                schema.tables[name]?.foreignKeys = Set(
                    table.foreignKeys.map { key in
                        var key = key
                        if key.parentColumns.isEmpty { key.parentColumns = primaryKeys[key.parent] ?? [] }
                        return key
                    })
            }
            return schema
        }
    }

    // MARK: - Reading PostgreSQL

    static func of(_ database: GiveawaysData.PostgresDatabase) async throws -> SchemaShape {
        var schema = SchemaShape()
        let columns = try await database.rows(
            """
            SELECT c.relname::text, a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                pg_get_expr(d.adbin, d.adrelid)
            FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            """)
        for row in columns {
            let (table, column, type, notNull, defaultSQL) = try row.decode(
                (String, String, String, Bool, String?).self)
            schema.tables[table, default: Table()].columns[column] = Column(
                type: type, nullable: !notNull, defaultSQL: defaultSQL)
        }
        let indexes = try await database.rows(
            """
            SELECT t.relname::text, i.relname::text, ix.indisprimary, ix.indisunique,
                ix.indpred IS NOT NULL OR ix.indexprs IS NOT NULL,
                ARRAY(
                    SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k (attnum, n)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)
            FROM pg_index ix
            JOIN pg_class t ON t.oid = ix.indrelid
            JOIN pg_class i ON i.oid = ix.indexrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = 'public' AND t.relkind = 'r'
            """)
        for row in indexes {
            let (table, index, primary, unique, partial, columns) = try row.decode(
                (String, String, Bool, Bool, Bool, [String]).self)
            if partial {
                schema.tables[table]?.unsupported.append(index)
            } else if primary {
                schema.tables[table]?.primaryKey = columns
            } else if unique {
                schema.tables[table]?.uniques.insert(columns)
            } else {
                schema.tables[table]?.indexes.insert(columns)
            }
        }
        let references = try await database.rows(
            """
            SELECT c.conrelid::regclass::text, c.confrelid::regclass::text, c.confdeltype::text,
                ARRAY(
                    SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k (attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n),
                ARRAY(
                    SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k (attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)
            FROM pg_constraint c
            JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE n.nspname = 'public' AND c.contype = 'f'
            """)
        let actions = ["a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"]
        for row in references {
            let (table, parent, onDelete, columns, parentColumns) = try row.decode(
                (String, String, String, [String], [String]).self)
            schema.tables[table]?.foreignKeys.insert(
                ForeignKey(
                    columns: columns, parent: parent, parentColumns: parentColumns,
                    onDelete: actions[onDelete] ?? onDelete))
        }
        return schema
    }

    // MARK: - Comparing

    /// Every difference between the two schemas that `OneSided` does not allow, one readable line each.
    static func differences(sqlite: SchemaShape, postgres: SchemaShape) -> [String] {
        var differences: [String] = []
        for (name, reason) in OneSided.sqliteTables where sqlite.tables[name] == nil || postgres.tables[name] != nil {
            differences.append("\(name) is allowed on SQLite only (\(reason)), but is not one-sided any more")
        }
        for (name, reason) in OneSided.postgresTables where postgres.tables[name] == nil || sqlite.tables[name] != nil {
            differences.append("\(name) is allowed on PostgreSQL only (\(reason)), but is not one-sided any more")
        }
        for (qualified, reason) in OneSided.postgresColumns {
            let parts = qualified.split(separator: ".").map(String.init)
            if postgres.tables[parts[0]]?.columns[parts[1]] == nil || sqlite.tables[parts[0]]?.columns[parts[1]] != nil
            {
                differences.append(
                    "\(qualified) is allowed on PostgreSQL only (\(reason)), but is not one-sided any more")
            }
        }

        let names = Set(sqlite.tables.keys).union(postgres.tables.keys)
            .subtracting(OneSided.sqliteTables.keys).subtracting(OneSided.postgresTables.keys)
        for name in names.sorted() {
            guard let lite = sqlite.tables[name] else {
                differences.append("table \(name): only on PostgreSQL")
                continue
            }
            guard var post = postgres.tables[name] else {
                differences.append("table \(name): only on SQLite")
                continue
            }
            // PostgreSQL's own columns, and every key or index that involves one, are left out.
            let ownColumns = Set(
                OneSided.postgresColumns.keys.compactMap {
                    $0.hasPrefix(name + ".") ? String($0.dropFirst(name.count + 1)) : nil
                })
            for column in ownColumns { post.columns[column] = nil }
            post.uniques = post.uniques.filter { ownColumns.isDisjoint(with: $0) }
            post.indexes = post.indexes.filter { ownColumns.isDisjoint(with: $0) }
            post.foreignKeys = post.foreignKeys.filter { ownColumns.isDisjoint(with: $0.columns) }

            for column in Set(lite.columns.keys).union(post.columns.keys).sorted() {
                switch (lite.columns[column], post.columns[column]) {
                case (let l?, let p?) where l != p:
                    differences.append("\(name).\(column): SQLite \(l), PostgreSQL \(p)")
                case (_?, nil): differences.append("\(name).\(column): only on SQLite")
                case (nil, _?): differences.append("\(name).\(column): only on PostgreSQL")
                default: break
                }
            }
            if lite.primaryKey != post.primaryKey {
                differences.append(
                    "\(name) primary key: SQLite (\(lite.primaryKey.joined(separator: ", "))), "
                        + "PostgreSQL (\(post.primaryKey.joined(separator: ", ")))")
            }
            differences += compare("\(name) unique", lite.uniques, post.uniques) { $0.joined(separator: ", ") }
            differences += compare("\(name) index", lite.indexes, post.indexes) { $0.joined(separator: ", ") }
            differences += compare("\(name) foreign key", lite.foreignKeys, post.foreignKeys) { $0.description }
            for index in lite.unsupported {
                differences.append("\(name): SQLite index \(index) is partial or on an expression")
            }
            for index in post.unsupported {
                differences.append("\(name): PostgreSQL index \(index) is partial or on an expression")
            }
        }
        return differences
    }

    private static func compare<T: Hashable>(
        _ what: String, _ sqlite: Set<T>, _ postgres: Set<T>, _ describe: (T) -> String
    ) -> [String] {
        sqlite.subtracting(postgres).map { "\(what) (\(describe($0))): only on SQLite" }.sorted()
            + postgres.subtracting(sqlite).map { "\(what) (\(describe($0))): only on PostgreSQL" }.sorted()
    }
}
