// What the Embedded Swift objects need from the host that neither wasi-libc
// nor the embedded standard library supplies. Compiled by scripts/wasm into
// kinetype.wasm; nothing else uses it.
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

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
