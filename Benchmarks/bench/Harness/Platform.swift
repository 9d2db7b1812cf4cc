// The one file of the benchmark program that talks to the C library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Platform {
    /// Monotonic time in nanoseconds.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The process's peak resident set size in bytes, where the system reports it.
    static func peakResidentBytes() -> Double? {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if os(Linux)
        return Double(usage.ru_maxrss) * 1024
        #else
        return Double(usage.ru_maxrss)
        #endif
    }
}

extension Platform {
    /// Keeps glibc's heap from shrinking and growing again between samples.
    ///
    /// By default glibc hands the top of the heap back to the system when a
    /// large block is freed and faults it in again on the next allocation, so
    /// a loop that allocates and frees the same megabyte would mostly measure
    /// page faults, depending on what was allocated before. With trimming off
    /// and the mmap threshold raised (to glibc's 32 MiB maximum) every case
    /// runs against a warm heap. Returns a description for the report, or nil
    /// where there is nothing to tune.
    static func steadyAllocator() -> String? {
        #if canImport(Glibc)
        // mallopt is in <malloc.h>, which the Glibc module does not import.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        guard mallopt(trimThreshold, Int32.max) == 1, mallopt(mmapThreshold, 32 << 20) == 1 else { return nil }
        return "glibc malloc with heap trimming off and a 32 MiB mmap threshold (--system-malloc keeps the defaults)"
        #else
        return nil
        #endif
    }

    static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
