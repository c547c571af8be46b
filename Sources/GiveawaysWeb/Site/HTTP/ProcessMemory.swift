import CAllocator
import Foundation

/// How the server's process asks the C allocator to treat memory it frees.
public enum ProcessMemory {
    /// Keeps freed page buffers for the next request instead of handing them back to the system at once.
    ///
    /// A personal page is written into a fresh buffer (128 KiB for Home, 256 KiB for More), freed once sent. With
    /// glibc's defaults the top of a heap is given back to the system (`madvise`) once 128 KiB of it are free, and
    /// the next page faults those pages in again, zeroed: a tenth of a personal Home's cost in a profile
    /// (`perf record -g` during `scripts/bench-personal`). Blocks up to 512 KiB now come from the heap, and a heap's
    /// free top is given back only past 8 MiB. The cost: up to 8 MiB of freed memory per allocator arena stays with
    /// the process (glibc keeps up to 8 arenas per core), where it is used again by the next requests. An operator's
    /// own tuning (`MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`, `GLIBC_TUNABLES`) is left as it is; other C
    /// libraries (macOS) keep their own policies. Returns whether the settings took effect.
    @discardableResult
    public static func keepFreedMemoryForReuse(
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> Bool
    {
        let operatorsOwn = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "GLIBC_TUNABLES"]
        guard !operatorsOwn.contains(where: { environment[$0] != nil }) else { return false }
        return giveaways_allocator_keep_freed(512 << 10, 8 << 20) == 1
    }
}
