// What the Embedded Swift objects need from the host that neither wasi-libc
// nor the embedded standard library supplies. Compiled by scripts/wasm into
// kinetype.wasm; nothing else uses it.
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <wasi/api.h>

// Double(String) and Float(String) in the embedded standard library parse
// through these (the full runtime has them in its stubs). wasi-libc's strtod
// reads the C locale, which is what they must read: a point for the decimal
// separator, whatever the page's language.
const char *_swift_stdlib_strtod_clocale(const char *nptr, double *result) {
    char *end;
    *result = strtod(nptr, &end);
    return end;
}

const char *_swift_stdlib_strtof_clocale(const char *nptr, float *result) {
    char *end;
    *result = strtof(nptr, &end);
    return end;
}

// The seed of the standard library's hashing (dictionaries and sets), read
// once. wasi-libc's arc4random_buf runs a ChaCha20 generator seeded from the
// host, some 1.5 KB of code for a few bytes read once: the host gives them
// directly (kinetype.js answers random_get with crypto.getRandomValues).
void arc4random_buf(void *buffer, size_t count) {
    if (__wasi_random_get(buffer, count) != 0) __builtin_trap();
}

// The clock the Animator's platform file declares under Embedded Swift. Only
// opt-in instruments read it (the Director's frame heat map); the engine
// never does, and the exports never turn them on, so the linker usually drops it.
uint64_t kinetype_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// The Swift compiler guards stack buffers by default (scripts/embedded-check
// builds the core that way). In WebAssembly the buffers live on a stack in
// linear memory, where an overrun can still clobber its neighbours, so the
// guard stays: a fixed canary (the module has no entropy at load time without
// importing it, and the check is against accidents, not attackers) and a trap
// when it is found overwritten.
uintptr_t __stack_chk_guard = 0x6b7479e5u;

_Noreturn void __stack_chk_fail(void) { __builtin_trap(); }

// wasi-libc's own assert() reports through fprintf, which would link the
// whole of printf and stdio (some 20 KB) for messages nothing reads: a failed
// assertion inside the C library traps instead, as a Swift one does.
_Noreturn void __assert_fail(const char *expression, const char *file, int line, const char *function) {
    (void)expression;
    (void)file;
    (void)line;
    (void)function;
    __builtin_trap();
}

// The allocator. wasi-libc's dlmalloc (splitting, coalescing, trimming: some
// 10 KB of code) is more than the engine needs: its allocations are Swift's
// arrays, strings and class instances, which recur at the same sizes frame
// after frame and transition after transition. This one keeps a free list per
// size class and never splits or merges blocks: classes are the multiples of
// 16 bytes up to 128, then four a power of two (2^k times 1, 1.25, 1.5, 1.75),
// so a block is at most a quarter larger than asked (plus its 16-byte header).
// A freed block waits for the next request of its class; memory only grows,
// as WebAssembly memory does anyway. Memory comes from the end of the static
// data (__heap_base) upwards.
//
// A block starts with its header (its class and where the caller's bytes
// start, 16 bytes further on unless posix_memalign aligned them further);
// a free block holds the next free block of its class instead.
extern unsigned char __heap_base;

enum { header = 16, classes = 8 + 25 * 4 };

struct block_header {
    uint32_t size_class;
    uint32_t offset;  // from the block's start to the caller's bytes
};

static void *free_blocks[classes];
static uint64_t heap_top, heap_end;  // 64 bits, so that 4 GiB of memory does not wrap

// The class of a block of `total` bytes (header included) and its size.
static unsigned size_class(size_t total, size_t *size) {
    if (total <= 128) {
        unsigned c = (unsigned)((total + 15) >> 4);
        if (c == 0) c = 1;
        *size = (size_t)c << 4;
        return c - 1;
    }
    size_t m = total - 1;
    unsigned k = 31u - (unsigned)__builtin_clz((unsigned)m);  // 2^k <= m < 2^(k+1), k >= 7
    unsigned j = (unsigned)(m >> (k - 2)) & 3u;
    *size = ((size_t)(5 + j)) << (k - 2);
    return 8 + (k - 7) * 4 + j;
}

// A block of the class for `count` + `extra` bytes: a freed one, or new memory.
// `count` and `extra` are at most 2^31 each, so their sum does not wrap.
static char *take_block(size_t count, size_t extra, unsigned *class_out) {
    if (count > ((size_t)1 << 31) || extra > ((size_t)1 << 31)) return NULL;
    size_t total = count + extra;
    size_t size;
    unsigned c = size_class(total, &size);
    *class_out = c;
    void *free_block = free_blocks[c];
    if (free_block) {
        free_blocks[c] = *(void **)free_block;
        return free_block;
    }
    if (heap_top == 0) {
        heap_top = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
        heap_end = (uint64_t)__builtin_wasm_memory_size(0) << 16;
    }
    if (heap_top + size > heap_end) {
        uint64_t pages = (heap_top + size - heap_end + 0xFFFF) >> 16;
        if (__builtin_wasm_memory_grow(0, (size_t)pages) == (size_t)-1) return NULL;
        heap_end += pages << 16;
    }
    char *block = (char *)(uintptr_t)heap_top;
    heap_top += size;
    return block;
}

void *malloc(size_t count) {
    unsigned c;
    char *block = take_block(count, header, &c);
    if (!block) return NULL;
    struct block_header *h = (struct block_header *)block;
    h->size_class = c;
    h->offset = header;
    return block + header;
}

int posix_memalign(void **result, size_t alignment, size_t count) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
    if (alignment <= header) {
        void *p = malloc(count);
        if (!p) return 12;  // ENOMEM
        *result = p;
        return 0;
    }
    unsigned c;
    char *block = take_block(count, alignment + header, &c);
    if (!block) return 12;
    uintptr_t start = ((uintptr_t)block + header + alignment - 1) & ~(uintptr_t)(alignment - 1);
    struct block_header *h = (struct block_header *)(start - header);
    h->size_class = c;
    h->offset = (uint32_t)(start - (uintptr_t)block);
    *result = (void *)start;
    return 0;
}

void free(void *pointer) {
    if (!pointer) return;
    struct block_header *h = (struct block_header *)((char *)pointer - header);
    unsigned c = h->size_class;
    char *block = (char *)pointer - h->offset;
    *(void **)block = free_blocks[c];
    free_blocks[c] = block;
}
