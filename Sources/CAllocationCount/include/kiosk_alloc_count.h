// CAllocationCount: counts the calling thread's heap allocations, for `kiosk bench`'s
// "allocations per frame". See alloc_count.c for how the allocator is intercepted in each build.
#ifndef KIOSK_ALLOC_COUNT_H
#define KIOSK_ALLOC_COUNT_H
#include <stdint.h>

/// malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign calls made by the calling
/// thread since it started (0 forever when this build does not count).
uint64_t kiosk_thread_allocations(void);

/// 1 when allocations are counted in this build (a probe allocation was seen), else 0.
int kiosk_allocation_counting_active(void);

#endif
