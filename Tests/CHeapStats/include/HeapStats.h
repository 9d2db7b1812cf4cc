#ifndef KINETYPE_HEAP_STATS_H
#define KINETYPE_HEAP_STATS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not yet taken back: glibc's
/// mallinfo2() (uordblks + hblkhd). Unlike resident memory, this falls when
/// memory is freed, so it shows whether a long run holds on to more and more.
/// Returns (size_t)-1 where glibc's counters are not available.
size_t kinetype_heap_in_use(void);

/// The process's peak resident set size, in kilobytes (getrusage).
long kinetype_peak_resident_kilobytes(void);

#endif
