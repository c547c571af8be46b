#ifndef GIVEAWAYS_CALLOCATOR_H
#define GIVEAWAYS_CALLOCATOR_H

// The C allocator's tuning, for the one knob Swift's Glibc module does not show: `mallopt` (see `ProcessMemory`).
#include <stdlib.h>  // defines __GLIBC__ where it is glibc
#ifdef __GLIBC__
#include <malloc.h>
#endif

/// Blocks up to `mmap_threshold` bytes come from the heap; free memory at the top of a heap is given back to the
/// system only past `trim_threshold` bytes. Returns 1 when both took effect; 0 elsewhere than glibc.
static inline int giveaways_allocator_keep_freed(int mmap_threshold, int trim_threshold) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}

#endif
