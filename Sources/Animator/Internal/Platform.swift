// The one file that knows which C library supplies the math functions. The
// core modules use the standard library for everything else.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Elementary functions for the engine's modules, routed to the platform's C library.
@usableFromInline
package enum Math {
    @inlinable package static func exp(_ x: Double) -> Double { _exp(x) }
    @inlinable package static func log(_ x: Double) -> Double { _log(x) }
    @inlinable package static func sqrt(_ x: Double) -> Double { x.squareRoot() }
    @inlinable package static func sin(_ x: Double) -> Double { _sin(x) }
    @inlinable package static func cos(_ x: Double) -> Double { _cos(x) }
    @inlinable package static func sinh(_ x: Double) -> Double { _sinh(x) }
    @inlinable package static func cosh(_ x: Double) -> Double { _cosh(x) }
    @inlinable package static func atan2(_ y: Double, _ x: Double) -> Double { _atan2(y, x) }
    @inlinable package static func pow(_ x: Double, _ y: Double) -> Double { _pow(x, y) }
    @inlinable package static func hypot(_ x: Double, _ y: Double) -> Double { _hypot(x, y) }
}

@usableFromInline func _exp(_ x: Double) -> Double { exp(x) }
@usableFromInline func _log(_ x: Double) -> Double { log(x) }
@usableFromInline func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func _sinh(_ x: Double) -> Double { sinh(x) }
@usableFromInline func _cosh(_ x: Double) -> Double { cosh(x) }
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func _hypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }

/// Reads an environment variable without Foundation (for `MotionPreference.system`).
package func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

/// Nanoseconds on a monotonic clock. Only opt-in instruments (the Director's
/// frame heat map) read it; the engine itself never reads a clock.
package func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}
