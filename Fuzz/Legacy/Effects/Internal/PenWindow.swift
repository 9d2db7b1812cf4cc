import LegacyAnimator

/// The part of one ease-in-out pen journey that falls on one glyph, as a
/// curve of its own: the pen travels over all the ink on `easing` in
/// `duration` seconds, and the glyph holds the ink from `from` to `to` (as
/// shares of the journey, 0…1).
///
/// The piece of a cubic Bézier easing between two of its parameters is again
/// a cubic Bézier (its control points are the blossoms of the original's), so
/// the glyph's curve is exact: one Bézier from the moment the pen reaches the
/// glyph (`start`) to the moment it leaves it (`end`), the pen at the same
/// speed on both sides of every junction.
struct PenWindow {
    /// Seconds from the journey's start at which the pen reaches and leaves the glyph.
    var start: Double
    var end: Double
    /// The glyph's share of the journey as an easing from `start` to `end`.
    var easing: CubicBezier

    init(easing: CubicBezier, duration: Double, from a: Double, to b: Double) {
        let ua = Self.parameter(easing, reaching: min(max(a, 0), 1))
        let ub = Self.parameter(easing, reaching: min(max(b, ua), 1))
        let q0 = Self.blossom(easing, ua, ua, ua), q1 = Self.blossom(easing, ua, ua, ub)
        let q2 = Self.blossom(easing, ua, ub, ub), q3 = Self.blossom(easing, ub, ub, ub)
        start = duration * q0.x
        end = duration * q3.x
        let w = q3.x - q0.x, h = q3.y - q0.y
        if w > 1e-12, h > 1e-12 {
            self.easing = bezier(
                (q1.x - q0.x) / w, (q1.y - q0.y) / h, (q2.x - q0.x) / w, (q2.y - q0.y) / h, fallback: .linear)
        } else {
            self.easing = .linear
        }
    }

    /// The curve of the glyph's share on a clock that starts when the pen reaches it:
    /// 0, then up to 1 along the easing, over `end − start` seconds.
    var curve: TimingCurve {
        let span = end - start
        guard span > 1e-9 else { return .instant }
        return TimingCurve.keyframesOrInstant([Keyframe(time: 0, value: 0), Keyframe(time: span, value: 1, curve: easing)])
    }

    /// The Bézier parameter at which the easing's progress (y) reaches `y`
    /// (y rises monotonically from 0 to 1 for the pen's easings).
    private static func parameter(_ b: CubicBezier, reaching y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if blossom(b, mid, mid, mid).y < y { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The blossom of the easing's curve (control points (0, 0), (x1, y1),
    /// (x2, y2), (1, 1)) at three parameters: de Casteljau with one parameter
    /// per level. Equal parameters give the curve's point.
    private static func blossom(_ b: CubicBezier, _ s: Double, _ t: Double, _ u: Double) -> Point {
        func mix(_ p: Point, _ q: Point, _ k: Double) -> Point { Point(x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k) }
        let p0 = Point.zero, p1 = Point(x: b.x1, y: b.y1), p2 = Point(x: b.x2, y: b.y2), p3 = Point(x: 1, y: 1)
        let a0 = mix(p0, p1, s), a1 = mix(p1, p2, s), a2 = mix(p2, p3, s)
        let b0 = mix(a0, a1, t), b1 = mix(a1, a2, t)
        return mix(b0, b1, u)
    }
}
