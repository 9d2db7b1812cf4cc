#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import TestSupport
@testable import Typesetter

/// Absolute tolerance for comparing layout coordinates, in points: positions
/// are sums of a few dozen advances, each exact in binary (font units times
/// size / 2048), so anything beyond rounding noise is a real difference.
let coordinateTolerance = 1e-9

/// The default font of the tests, opened once per use (cheap after the first).
func dejaVu(
    size: Double = 32, wrapWidth: Double? = nil, alignment: TextAlignment = .leading, lineHeight: Double? = nil
) throws -> FontLayout {
    try FontLayout(font: .family("DejaVu Sans"), size: size, wrapWidth: wrapWidth, alignment: alignment, lineHeight: lineHeight)
}
