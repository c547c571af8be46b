import CAllocator

/// How the server's process asks the C allocator to treat memory it frees.
public enum ProcessMemory {
    /// Keeps freed memory for the next request instead of handing it back to the system at once.
    ///
    /// A personal page is written into a fresh buffer of about 128 KiB, freed once sent. With glibc's defaults a
    /// block that size is given back to the system when freed (`madvise`, or a `mmap` of its own), and the next page
    /// faults it in again, zeroed, page by page: a tenth of a personal page's cost in a profile (`perf record -g`
    /// during `scripts/bench-personal`). Blocks up to 4 MiB now come from the heap, and free memory at the top of a
    /// heap is given back only above 32 MiB. The peak (what the memory goals measure) does not grow; memory already
    /// used is kept for reuse. Other C libraries (macOS) keep their own policies.
    @discardableResult
    public static func keepFreedMemoryForReuse() -> Bool {
        giveaways_allocator_keep_freed(4 << 20, 32 << 20) == 1
    }
}
