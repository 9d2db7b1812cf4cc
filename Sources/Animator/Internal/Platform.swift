// The one file of the core modules that knows which C library supplies the
// environment, the clock and system calls: one shim per concern for every
// module of the package (`package`), Render, Typesetter, the command line and
// the benchmark included. The maths are not the C library's: they are the
// engine's own (`Math`), so that every platform computes the same frames.
//
// Built as Embedded Swift (for WebAssembly and the like) there is no C module
// to import: there is no environment, the clock is the host's
// (`kinetype_monotonic_ns`, which the host links in), and file descriptors are
// not the engine's business.
#if hasFeature(Embedded)
@_extern(c, "kinetype_monotonic_ns") @usableFromInline func hostMonotonicNanoseconds() -> UInt64
@_extern(c, "memcmp") @usableFromInline func memcmp(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ count: Int) -> Int32
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Whether `count` bytes at `a` and at `b` are the same (the C library's
/// `memcmp`, which compares many bytes an instruction).
@inlinable
package func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    count <= 0 || memcmp(a, b, count) == 0
}

/// Reads an environment variable without Foundation (for `MotionPreference.system`);
/// nil where there is no environment (Embedded Swift).
package func environmentValue(_ name: String) -> String? {
    #if hasFeature(Embedded)
    return nil
    #else
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
    #endif
}

/// Nanoseconds on a monotonic clock. Only opt-in instruments (the Director's
/// frame heat map), the terminal player and the benchmark read it; the engine
/// itself never reads a clock.
@inlinable
package func monotonicNanoseconds() -> UInt64 {
    #if hasFeature(Embedded)
    return hostMonotonicNanoseconds()
    #else
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    #endif
}

#if !hasFeature(Embedded)

/// Reading and writing file descriptors, for the modules that do (the core
/// modules never do): the one place that retries a system call interrupted by
/// a signal (`EINTR`) and finishes partial writes.
package enum SystemIO {
    /// Calls `operation` again for as long as it fails with `EINTR`; its result otherwise.
    @inlinable
    package static func retrying<Result: SignedInteger>(_ operation: () -> Result) -> Result {
        while true {
            let result = operation()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// Writes all of `bytes` to `descriptor`; nil, or the error number of the
    /// failure (`EIO` when the descriptor took nothing).
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var address = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = retrying { systemWrite(descriptor, address, remaining) }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            address += written
            remaining -= written
        }
        return nil
    }

    /// Reads what is there into `buffer`: the byte count, 0 at the end, -1 on failure (`errno` says why).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        retrying { systemRead(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// The C library's words for an error number.
    package static func description(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemWrite = Musl.write
private let systemRead = Musl.read
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
private let systemRead = Darwin.read
#elseif canImport(ucrt)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Int(ucrt._write(descriptor, bytes, UInt32(min(count, Int(Int32.max)))))
}
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Int(ucrt._read(descriptor, bytes, UInt32(min(count, Int(Int32.max)))))
}
#endif
#endif
