import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// `--database postgres://…`: what is read from the URL, and that the password never shows.
@Suite struct PostgresURLTests {
    @Test func everyPartIsReadAndTheDefaultsFilled() throws {
        let url = try PostgresURL("postgres://app:s%40cret@db.example:6543/giveaways?sslmode=require", environment: [:])
        #expect(url.host == "db.example" && url.port == 6543 && url.user == "app" && url.database == "giveaways")
        #expect(url.password == "s@cret")
        #expect(url.tls == .require)
        let plain = try PostgresURL("postgresql://app@127.0.0.1/giveaways", environment: [:])
        #expect(plain.port == 5432 && plain.password == nil && plain.tls == .prefer)
        #expect(try PostgresURL("postgres://app@[::1]:5433/g?sslmode=disable", environment: [:]).host == "::1")
    }

    @Test func thePasswordFallsBackToPGPASSWORD() throws {
        let environment = ["PGPASSWORD": "from-env"]
        #expect(try PostgresURL("postgres://app@localhost/g", environment: environment).password == "from-env")
        #expect(try PostgresURL("postgres://app:in-url@localhost/g", environment: environment).password == "in-url")
    }

    @Test func thePasswordIsNeverShown() throws {
        let url = try PostgresURL("postgres://app:hunter2@localhost:5432/g?sslmode=disable", environment: [:])
        #expect(url.description == "postgres://app:***@localhost:5432/g?sslmode=disable")
        #expect(!"\(url)".contains("hunter2") && !String(reflecting: url).contains("hunter2"))
        let fromEnv = try PostgresURL("postgres://app@localhost/g", environment: ["PGPASSWORD": "hunter2"])
        #expect(!"\(fromEnv)".contains("hunter2"))
        let unreachable = PostgresDatabaseError.unreachable(url, .seconds(2))
        #expect(!"\(unreachable)".contains("hunter2") && "\(unreachable)".contains("localhost:5432"))
    }

    @Test func badURLsAreRefusedWithoutRepeatingThem() throws {
        let cases: [(String, PostgresURLError)] = [
            ("mysql://app:hunter2@localhost/g", .notAPostgresURL),
            ("postgres://app:hunter2@/g", .noHost),
            ("postgres://:hunter2@localhost/g", .noUser),
            ("postgres://app:hunter2@localhost", .noDatabase),
            ("postgres://app:hunter2@localhost/g?sslmode=hunter2", .unknownSSLMode),
            ("postgres://app:hunter2@localhost/g?hunter2=1", .unknownParameter("hunter2")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(expected)") { try PostgresURL(text, environment: [:]) }
            #expect(!expected.description.contains("hunter2") || expected == .unknownParameter("hunter2"))
        }
        #expect(!PostgresURLError.unknownParameter("pass=hunter2&x").description.contains("hunter2"))
        #expect(PostgresURL.isPostgres("POSTGRES://a@b/c") && !PostgresURL.isPostgres("file:giveaways.sqlite"))
    }

    @Test func anUnreachableServerIsReportedWithoutThePassword() async throws {
        // A loopback port nothing listens on: no server needed.
        let url = try PostgresURL("postgres://app:hunter2@127.0.0.1:1/g?sslmode=disable", environment: [:])
        let error = await #expect(throws: PostgresDatabaseError.self) {
            try await PostgresDatabase.open(url, timeout: .milliseconds(500), logger: PostgresTestServer.quiet)
        }
        #expect(error.map { "\($0)".contains("127.0.0.1:1") && !"\($0)".contains("hunter2") } == true)
    }
}
