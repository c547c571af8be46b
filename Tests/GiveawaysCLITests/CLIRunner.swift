import Foundation

/// Runs the built `giveaways` executable as a separate process, the way a user or a script does.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let database: String
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("store.sqlite").path
    }

    /// The executable beside the test bundle in the build folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("giveaways")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("giveaways")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("giveaways executable not found near \(CommandLine.arguments[0])")
    }()

    /// Runs `giveaways ARGS --database <temp>`, without the caller's GIVEAWAYS_* environment.
    func run(_ arguments: [String], database: Bool = true, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments + (database ? ["--database", self.database] : [])
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIVEAWAYS_") }
        // Only GamerPower (pointed at a fake by each test), unless a test asks for the stores: the stores' real
        // fronts are never asked from a test.
        env["GIVEAWAYS_SOURCES"] = "gamerpower"
        env.merge(environment) { _, new in new }
        process.environment = env
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `run` on a thread of its own: for tests that serve a fake upstream from this process, whose answers need the
    /// concurrency pool that a blocking wait would hold.
    func runDetached(
        _ arguments: [String], database: Bool = true, environment: [String: String] = [:]
    ) async throws
        -> Result
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result { try self.run(arguments, database: database, environment: environment) })
            }
        }
    }

    /// Writes a capture file into the temporary folder and returns its path.
    func write(_ text: String, name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
