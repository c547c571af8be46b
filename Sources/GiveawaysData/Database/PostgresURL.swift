import Foundation

/// Where a PostgreSQL database is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=disable|require|…]`.
///
/// The password (from the URL, else the `PGPASSWORD` environment variable) is kept out of every description:
/// `description` is the redacted form, and parse errors never repeat the text they were given.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// libpq's `sslmode` values this store honours.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it (libpq's default).
        case prefer
        /// TLS or nothing; the certificate is not checked (as libpq's `require`).
        case require
        /// TLS with the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var tls: TLSMode
    /// Never printed; see `description`.
    public var password: String?

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgres(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Parses `text`; the password falls back to `environment["PGPASSWORD"]`.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw PostgresURLError.notAPostgresURL
        }
        guard let host = components.host, !host.isEmpty else { throw PostgresURLError.noHost }
        guard let user = components.user, !user.isEmpty else { throw PostgresURLError.noUser }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw PostgresURLError.noDatabase }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw PostgresURLError.unknownSSLMode
                }
                tls = mode
            default:
                throw PostgresURLError.unknownParameter(item.name)
            }
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 5432
        self.user = user
        self.database = database
        self.tls = tls
        let fromURL = components.password.flatMap { $0.isEmpty ? nil : $0 }
        password = fromURL ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The URL with the password left out: safe for logs, errors and `/healthz`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return
            "postgres://\(user)\(password == nil ? "" : ":***")@\(shownHost):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }
}

/// Why a `--database` value is not a usable PostgreSQL URL. The messages never repeat the URL (it may hold a
/// password).
public enum PostgresURLError: Error, Equatable, CustomStringConvertible {
    case notAPostgresURL
    case noHost
    case noUser
    case noDatabase
    case unknownSSLMode
    case unknownParameter(String)

    public var description: String {
        let shape = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-full]"
        switch self {
        case .notAPostgresURL: return "The PostgreSQL URL is not valid; expected \(shape)."
        case .noHost: return "The PostgreSQL URL names no host; expected \(shape)."
        case .noUser: return "The PostgreSQL URL names no user; expected \(shape)."
        case .noDatabase: return "The PostgreSQL URL names no database; expected \(shape)."
        case .unknownSSLMode: return "The PostgreSQL URL's sslmode must be disable, prefer, require or verify-full."
        case .unknownParameter(let name):
            // Only names made of plain characters are repeated: a value pasted in the wrong place is not.
            let safe = name.count <= 32 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
            return "The PostgreSQL URL has an unknown parameter\(safe ? " “\(name)”" : ""); only sslmode is read."
        }
    }
}
