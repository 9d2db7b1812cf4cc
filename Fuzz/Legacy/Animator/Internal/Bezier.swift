/// Points on and pieces of Bézier segments, for measuring and cutting paths.
enum Bezier {
    /// The point at parameter `t` of a quadratic from `a` through control `c` to `b`.
    @inline(__always)
    static func quadPoint(_ a: Point, _ c: Point, _ b: Point, _ t: Double) -> Point {
        let u = 1 - t
        return a * (u * u) + c * (2 * u * t) + b * (t * t)
    }

    /// The point at parameter `t` of a cubic.
    @inline(__always)
    static func cubicPoint(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, _ t: Double) -> Point {
        let u = 1 - t
        return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
    }

    /// The part of a quadratic from its start to parameter `t` (de Casteljau):
    /// its control point and end.
    static func quadHead(_ a: Point, _ c: Point, _ b: Point, _ t: Double) -> (control: Point, end: Point) {
        let ac = a.interpolated(to: c, t), cb = c.interpolated(to: b, t)
        return (ac, ac.interpolated(to: cb, t))
    }

    /// The part of a cubic from its start to parameter `t` (de Casteljau): its
    /// control points and end.
    static func cubicHead(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, _ t: Double) -> (Point, Point, Point) {
        let p01 = a.interpolated(to: c1, t), p12 = c1.interpolated(to: c2, t), p23 = c2.interpolated(to: b, t)
        let p012 = p01.interpolated(to: p12, t), p123 = p12.interpolated(to: p23, t)
        return (p01, p012, p012.interpolated(to: p123, t))
    }

    /// A quadratic raised to the cubic that draws the same curve with the same parameter.
    @inline(__always)
    static func raised(_ a: Point, _ c: Point, _ b: Point) -> (Point, Point) {
        (a + (c - a) * (2.0 / 3), b + (c - b) * (2.0 / 3))
    }

    /// The distance between two points.
    @inline(__always)
    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
