#include "HeapStats.h"

#include <sys/resource.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t kinetype_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return (size_t)-1;
#endif
}

long kinetype_peak_resident_kilobytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return usage.ru_maxrss;
}
