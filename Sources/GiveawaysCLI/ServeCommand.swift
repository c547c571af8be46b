import ArgumentParser

/// `giveaways serve`: the web app (built in the web issue).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the web app.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        Console.error("serve is not built yet")
        throw ExitCode.failure
    }
}
