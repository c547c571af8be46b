import Foundation
import GiveawaysCLI
import NIOCore
import NIOPosix

/// Starts the `giveaways` command; everything else lives in GiveawaysCLI.
@main
enum Entry {
    static func main() async {
        // One event loop per CPU this process may run on: NIO counts the machine's CPUs, not the ones `taskset` or a
        // container's cpuset leaves it, and two loops sharing one CPU only take turns.
        if let cpus = allowedCPUs() { NIOSingletons.groupLoopCountSuggestion = cpus }
        // Swift concurrency's jobs run on those event loops, the threads that read and write the sockets: a page
        // rendered in a handler is written from the thread that rendered it, with no hop to another thread and no
        // wake-up of a sleeping loop (BENCHMARKS.md §8). Vapor's template makes the same switch; it must come before
        // any other work, and where the runtime does not allow it the default executor stays.
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await GiveawaysCommand.main()
    }

    /// How many CPUs the process may run on (the `Cpus_allowed` mask in /proc/self/status, which `taskset` and a
    /// cpuset set), on Linux; nil elsewhere or when it cannot be read.
    private static func allowedCPUs() -> Int? {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
            else { return nil }
            var count = 0
            for digit in line.dropFirst("Cpus_allowed:".count) where digit != "," && digit != " " && digit != "\t" {
                guard let value = digit.hexDigitValue else { return nil }
                count += value.nonzeroBitCount
            }
            return count > 0 ? count : nil
        #else
            return nil
        #endif
    }
}
