import Foundation
import GRDB
import PostgresNIO

/// A row either store answers to a `SharedSQL` query, read by position, so the code that turns rows into values is
/// written once.
protocol SharedRow {
    /// The value at `index`; a NULL there is an error.
    func value<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T
    /// The value at `index`, or `nil` for NULL.
    func optional<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T?
}

/// A column type both stores read alike.
protocol SharedColumn: DatabaseValueConvertible, PostgresDecodable {}

extension Int: SharedColumn {}
extension String: SharedColumn {}
extension Date: SharedColumn {}
extension Bool: SharedColumn {}
extension Double: SharedColumn {}

extension Row: SharedRow {
    func value<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T {
        guard let value = self[index] as T? else { throw SharedRowError.null(column: index) }
        return value
    }
    func optional<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T? { self[index] as T? }
}

extension PostgresRow: SharedRow {
    func value<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T {
        try makeRandomAccess()[index].decode(T.self)
    }
    func optional<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T? {
        let cell = makeRandomAccess()[index]
        return cell.bytes == nil ? nil : try cell.decode(T.self)
    }
}

extension Array where Element: SharedRow {
    /// The first column of the first row: the answer of a query that answers one value (`COUNT`, `EXISTS`, an id),
    /// or `nil` when it answered no row or NULL.
    func scalar<T: SharedColumn>(_ type: T.Type) throws -> T? { try first?.optional(0, as: type) }
}

/// A row that did not hold what its query promised.
enum SharedRowError: Error {
    case null(column: Int)
}

extension Data: SharedColumn {}

extension Data: SharedSQLValue {
    var sqliteValue: (any DatabaseValueConvertible)? { self }
    func bind(to bindings: inout PostgresBindings) { bindings.append(ByteBuffer(bytes: self)) }
}
