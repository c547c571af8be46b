#ifndef GIVEAWAYS_CALLOCATOR_H
#define GIVEAWAYS_CALLOCATOR_H

// The C allocator's tuning, for the one knob Swift's Glibc module does not show: `mallopt` (see `ProcessMemory`).
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>

/// Blocks up to `mmap_threshold` bytes come from the heap; free memory at the top of a heap is given back to the
/// system only above `trim_threshold` bytes. Returns 1 when both took effect.
static inline int giveaways_allocator_keep_freed(int mmap_threshold, int trim_threshold) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}
#else
static inline int giveaways_allocator_keep_freed(int mmap_threshold, int trim_threshold) {
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
}
#endif

#endif
