/// A unit easing curve: a cubic Bézier from (0, 0) to (1, 1) with two control
/// points, as in CSS `cubic-bezier(x1, y1, x2, y2)`.
///
/// ```swift
/// let curve = CubicBezier.easeOut
/// curve.value(at: 0.5)   // progress at half the time
/// ```
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients of x(s) and y(s) = ((a·s + b)·s + c)·s, derived on
    // use rather than stored: the curve stays four numbers wide, which keeps
    // timing curves and descriptors small to copy.
    @inlinable var cx: Double { 3 * x1 }
    @inlinable var bx: Double { 3 * (x2 - x1) - cx }
    @inlinable var ax: Double { 1 - cx - bx }
    @inlinable var cy: Double { 3 * y1 }
    @inlinable var by: Double { 3 * (y2 - y1) - cy }
    @inlinable var ay: Double { 1 - cy - by }

    /// The x coordinates a control point accepts: the curve must move forward in time.
    public static let xRange: ClosedRange<Double> = 0...1
    /// The y coordinates a control point accepts: y may overshoot 0…1 (a "back"
    /// easing), by up to a hundred times the distance; the bound keeps every
    /// progress value, and so every position, finite.
    public static let yRange: ClosedRange<Double> = -100...100

    /// A curve through the control points (x1, y1) and (x2, y2).
    ///
    /// - Parameters:
    ///   - x1: the first control point's time coordinate, in ``xRange`` (0…1).
    ///   - y1: the first control point's progress coordinate, in ``yRange`` (−100…100).
    ///   - x2: the second control point's time coordinate, in ``xRange`` (0…1).
    ///   - y2: the second control point's progress coordinate, in ``yRange`` (−100…100).
    /// - Throws: `TimingError` naming the first coordinate that is not a finite
    ///   number in its range, with its value and the range.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TimingError) {
        for (name, value, range) in [("x1", x1, Self.xRange), ("y1", y1, Self.yRange), ("x2", x2, Self.xRange), ("y2", y2, Self.yRange)]
        where !range.contains(value) {
            let why = range == Self.xRange ? "x values are times and must lie in" : "y values may overshoot, within"
            throw TimingError(
                value.isFinite ? .bezierOutOfRange : .nonFiniteBezier,
                "cubic Bézier \(name) \(NumberFormat.short(value)) is out of range: \(why) \(NumberFormat.short(range))")
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    @usableFromInline
    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1); hasher.combine(y1); hasher.combine(x2); hasher.combine(y2)
    }

    /// The straight line: progress equals time.
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    /// CSS `ease`: (0.25, 0.1, 0.25, 1).
    public static let ease = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    /// CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    /// CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// A long exponential-looking deceleration: (0.19, 1, 0.22, 1).
    public static let expoOut = CubicBezier(unchecked: 0.19, 1, 0.22, 1)

    @inlinable func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inlinable func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inlinable func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inlinable func slopeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s at which x(s) = x, to within about 1e-12.
    ///
    /// Newton's method from a good first guess, falling back to bisection where
    /// the slope vanishes or a step leaves 0…1; x(s) is monotonic because x1 and x2
    /// lie in 0…1. The tolerance is on s, not on x: near a vertical tangent a tiny
    /// error in x is a large one in progress.
    @inlinable
    func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if error == 0 { return s }
            let slope = slopeX(s)
            if abs(slope) < 1e-7 { break }
            let step = error / slope
            s -= step
            if !(s >= 0 && s <= 1) { break }
            if abs(step) < 1e-12 { return s }
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if sampleX(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Progress at a time fraction `x` in 0…1 (clamped outside it; NaN counts as 0).
    @inlinable
    public func value(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        return sampleY(parameter(forX: x))
    }

    /// The slope d(progress)/d(time fraction) at `x`.
    @inlinable
    public func derivative(at x: Double) -> Double {
        derivative(atParameter: parameter(forX: x > 0 ? Swift.min(x, 1) : 0))
    }

    /// `value(at:)` and `derivative(at:)` together, the curve parameter at `x` solved once
    /// for both (each alone solves it again).
    @inlinable
    package func valueAndDerivative(at x: Double) -> (value: Double, derivative: Double) {
        let s = parameter(forX: x > 0 ? Swift.min(x, 1) : 0)
        return (!(x > 0) ? 0 : x >= 1 ? 1 : sampleY(s), derivative(atParameter: s))
    }

    /// The slope d(progress)/d(time fraction) at curve parameter `s`.
    @inlinable
    func derivative(atParameter s: Double) -> Double {
        let dx = slopeX(s)
        let dy = slopeY(s)
        if abs(dx) < 1e-12 {
            // A vertical tangent only happens at the ends with x1 = 0 or x2 = 1; use the
            // control polygon's direction there.
            return dy == 0 ? 0 : (dy > 0 ? 1e6 : -1e6)
        }
        return dy / dx
    }
}
