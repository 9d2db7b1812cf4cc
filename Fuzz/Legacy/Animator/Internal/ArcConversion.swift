/// SVG elliptical arcs as cubic Béziers (SVG 1.1 appendix F.6).
enum ArcConversion {
    /// The cubics (control 1, control 2, end) drawing the arc from `from` to
    /// `to`, one per quarter turn or less; empty when a radius is zero (the arc
    /// is then a straight line). Radii too small to reach are scaled up (F.6.6).
    ///
    /// Each quarter-turn cubic uses the control distance 4/3·tan(θ/4), which
    /// strays from the true ellipse by at most 0.03 % of the radius.
    static func cubics(
        from: Point, to: Point, rx: Double, ry: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
    ) -> [(Point, Point, Point)] {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, from != to else { return [] }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = Math.cos(phi), sinPhi = Math.sin(phi)
        // F.6.5.1: the start point in the ellipse's axes, relative to the chord's midpoint.
        let dx = (from.x - to.x) / 2, dy = (from.y - to.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6.2: radii too small to span the chord grow until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let k = lambda.squareRoot()
            rx *= k
            ry *= k
        }
        // F.6.5.2: the centre in the ellipse's axes.
        let rx2 = rx * rx, ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        guard denominator > 0 else { return [] }
        var coefficient = (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (from.x + to.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (from.y + to.y) / 2
        // F.6.5.5–6: the start angle and the sweep.
        let start = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        let end = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
        var delta = end - start
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        guard delta.isFinite, delta != 0 else { return [] }
        let count = max(Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)), 1)
        let step = delta / Double(count)
        let k = 4.0 / 3 * Math.sin(step / 4) / Math.cos(step / 4)
        func place(_ ux: Double, _ uy: Double) -> Point {
            Point(x: cx + rx * cosPhi * ux - ry * sinPhi * uy, y: cy + rx * sinPhi * ux + ry * cosPhi * uy)
        }
        var out: [(Point, Point, Point)] = []
        out.reserveCapacity(count)
        var a = start
        for _ in 0..<count {
            let b = a + step
            let cosA = Math.cos(a), sinA = Math.sin(a), cosB = Math.cos(b), sinB = Math.sin(b)
            out.append((
                place(cosA - k * sinA, sinA + k * cosA), place(cosB + k * sinB, sinB - k * cosB), place(cosB, sinB)
            ))
            a = b
        }
        return out
    }
}
