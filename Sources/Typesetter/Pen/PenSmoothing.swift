import Animator

/// Turns a pen's polyline into cubic Béziers: a centripetal Catmull-Rom spline
/// through its points, so the line stays smooth at any size and never loops or
/// overshoots between close points.
///
/// A point where the line turns back sharply (more than 95°) is a
/// corner: the spline stops there and starts again, as a pen does at the top of
/// an "i". A stroke's ends take a given direction when one is given (so that
/// joined letters meet with the same tangent), else their end segment's.
enum PenSmoothing {
    /// The cosine of the sharpest turn still smoothed (95°): turns sharper are corners.
    static let cornerCosine = -0.087

    /// Appends one stroke through `points` to `path` (a move, then cubics).
    ///
    /// - Parameters:
    ///   - start: the unit direction the pen leaves the first point in, or nil.
    ///   - end: the unit direction the pen reaches the last point in, or nil.
    /// - Complexity: O(n) in the points.
    static func append(_ points: [Point], start: Vector?, end: Vector?, to path: inout [ShapePath.Element]) {
        var pts: [Point] = []
        pts.reserveCapacity(points.count)
        for p in points where pts.last.map({ ($0 - p).length > 1e-9 }) ?? true { pts.append(p) }
        guard let first = pts.first else { return }
        path.append(.move(to: first))
        guard pts.count > 1 else {
            // A dot: a zero-length stroke that round caps draw as a disc.
            path.append(.line(to: first))
            return
        }
        var runStart = 0
        for i in 1..<pts.count {
            let isCorner = i < pts.count - 1 && turnCosine(pts[i - 1], pts[i], pts[i + 1]) < cornerCosine
            guard isCorner || i == pts.count - 1 else { continue }
            appendRun(
                pts[runStart...i], start: runStart == 0 ? start : nil, end: i == pts.count - 1 ? end : nil, to: &path)
            runStart = i
        }
    }

    /// The cosine of the angle the line turns through at `b`: 1 straight on, −1 straight back.
    static func turnCosine(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let u = b - a, v = c - b
        let lu = u.length, lv = v.length
        guard lu > 0, lv > 0 else { return 1 }
        return (u.x * v.x + u.y * v.y) / (lu * lv)
    }

    /// One smooth run: a cubic per segment, the run's ends taking `start` and `end`.
    private static func appendRun(
        _ run: ArraySlice<Point>, start: Vector?, end: Vector?, to path: inout [ShapePath.Element]
    ) {
        let p = Array(run)
        let n = p.count
        for i in 0..<(n - 1) {
            let p1 = p[i], p2 = p[i + 1]
            let span = (p2 - p1).length
            // Phantom neighbours at the ends: along the given direction, or the segment continued.
            let p0 = i > 0 ? p[i - 1] : start.map { p1 - $0 * span } ?? p1 - (p2 - p1)
            let p3 = i + 2 < n ? p[i + 2] : end.map { p2 + $0 * span } ?? p2 + (p2 - p1)
            let (c1, c2) = controls(p0, p1, p2, p3)
            path.append(.cubic(control1: c1, control2: c2, to: p2))
        }
    }

    /// The Bézier controls of the centripetal Catmull-Rom segment from `p1` to `p2`.
    private static func controls(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> (Point, Point) {
        // Distances to the power ½ (centripetal); a zero distance is nudged so nothing divides by 0.
        let d1 = max((p1 - p0).length, 1e-9), d2 = max((p2 - p1).length, 1e-9), d3 = max((p3 - p2).length, 1e-9)
        let r1 = d1.squareRoot(), r2 = d2.squareRoot(), r3 = d3.squareRoot()
        let a = 2 * d1 + 3 * r1 * r2 + d2
        let b = 3 * r1 * (r1 + r2)
        let c1 = Point(x: (d1 * p2.x - d2 * p0.x + a * p1.x) / b, y: (d1 * p2.y - d2 * p0.y + a * p1.y) / b)
        let e = 2 * d3 + 3 * r3 * r2 + d2
        let f = 3 * r3 * (r3 + r2)
        let c2 = Point(x: (d3 * p1.x - d2 * p3.x + e * p2.x) / f, y: (d3 * p1.y - d2 * p3.y + e * p2.y) / f)
        return (c1, c2)
    }
}
