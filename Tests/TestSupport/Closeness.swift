import Animator

// The one approximate equality of the tests. Tolerances are absolute: the
// values compared are coordinates, opacities and times, all of order 1 to 1,000,
// so a relative tolerance would only hide differences near zero.

/// Whether two numbers agree within `tolerance` (1e-9 by default: far below a
/// thousandth of a point on any layout the tests use, far above the rounding of
/// the sums the engine computes).
public func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree within `tolerance` in both coordinates.
public func isClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Whether every channel of two states agrees within `tolerance`.
public func isClose(_ a: GlyphState, _ b: GlyphState, _ tolerance: Double = 1e-9) -> Bool {
    GlyphChannel.allCases.allSatisfy { isClose(a[$0], b[$0], tolerance) }
}

/// The channels on which two states differ by more than `tolerance`, for failure messages.
public func differences(_ a: GlyphState, _ b: GlyphState, _ tolerance: Double = 1e-9) -> String {
    GlyphChannel.allCases.filter { !isClose(a[$0], b[$0], tolerance) }.map { "\($0): \(a[$0]) vs \(b[$0])" }
        .joined(separator: ", ")
}
