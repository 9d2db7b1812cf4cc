#ifndef KINETYPE_ALLOCATION_COUNTER_H
#define KINETYPE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by this process so far. Counting works on Linux with glibc,
/// where the benchmark program's own definitions of these functions take
/// precedence over the C library's; elsewhere it returns UINT64_MAX.
uint64_t kinetype_allocation_count(void);

/// Whether allocations are really being counted on this platform.
int kinetype_allocation_counting_available(void);

#endif
