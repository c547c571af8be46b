import Foundation
import GiveawaysCLI
import NIOCore

/// Starts the `giveaways` command; everything else lives in GiveawaysCLI.
@main
enum Entry {
    static func main() async {
        keepFreedMemoryForReuse()
        // One event loop per CPU this process may run on: NIO counts the machine's CPUs, not the ones `taskset` or a
        // container's cpuset leaves it, and two loops sharing one CPU only take turns.
        if let cpus = allowedCPUs() { NIOSingletons.groupLoopCountSuggestion = cpus }
        await GiveawaysCommand.main()
    }

    /// glibc hands a freed block of more than 128 KiB back to the kernel (and serves one that large from a fresh
    /// mapping), so a personal page's body of 100–200 KB cost a mapping, page faults and zeroed pages on every
    /// request: 15 % of the server's CPU on Home with 50 marks (BENCHMARKS.md §8). Blocks up to 4 MiB now come from
    /// the heap, and up to 8 MiB of free heap stays for the next requests; memory a burst took is still returned.
    private static func keepFreedMemoryForReuse() {
        #if os(Linux) && canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which Swift's Glibc module leaves out: found by name instead.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
            _ = mallopt(mmapThreshold, 4 << 20)
            _ = mallopt(trimThreshold, 8 << 20)
        #endif
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
