import Foundation
import Testing

/// `giveaways library import|show`, run as the real binary: a visitor's list from a file, refused files, bad ids.
@Suite struct LibraryCLITests {
    let cli: CLIRunner
    let visitor = String(repeating: "b", count: 32)

    init() throws {
        cli = try CLIRunner()
    }

    @Test func aListIsImportedForAVisitorAndShown() throws {
        let file = try cli.write("Name;Steam App ID\n\"Portal 2\";620\nStasis;\n", name: "owned.csv")
        let imported = try cli.run(["library", "import", file, "--visitor", visitor])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 2 games."))
        let shown = try cli.run(["library", "show", "--visitor", visitor])
        #expect(shown.stdout.contains("Imported list: 2 games"))
        #expect(shown.stdout.contains("list\t620\tPortal 2") && shown.stdout.contains("list\t-\tStasis"))
    }

    @Test func anEmptyListOrABadVisitorChangesNothing() throws {
        let empty = try cli.write("\n# nothing\n", name: "empty.txt")
        let refused = try cli.run(["library", "import", empty, "--visitor", visitor])
        #expect(refused.status == 65 && refused.stderr.contains("the list holds no game title"))
        let file = try cli.write("Stasis\n", name: "one.txt")
        let bad = try cli.run(["library", "import", file, "--visitor", "not-a-profile"])
        #expect(bad.status == 64 && bad.stderr.contains("--visitor must be a profile id"))
    }
}
