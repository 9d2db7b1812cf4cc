extension CubicBezier {
    /// The slope d(progress)/d(time fraction) just after the start, taken from the
    /// control polygon; very steep starts are capped at 1000.
    public var initialSlope: Double {
        let slope: Double
        if x1 > 0 {
            slope = y1 / x1
        } else if y1 != 0 {
            slope = y1 > 0 ? .infinity : -.infinity
        } else if x2 > 0 {
            // Both first-order terms vanish: the curve leaves the origin along the second control point.
            slope = y2 / x2
        } else {
            slope = y2 == 0 ? 1 : (y2 > 0 ? .infinity : -.infinity)
        }
        return min(max(slope, -1000), 1000)
    }
}

extension TimingCurve {
    /// The rate of progress (per second) just after the start: what an interruption
    /// must subtract from a glyph's velocity so that handing it to this curve
    /// keeps the motion smooth.
    public var initialVelocity: Double {
        switch kind {
        case .instant:
            return 0
        case .bezier(let curve, let d):
            return curve.initialSlope / d
        case .spring(let s):
            return s.initialVelocity
        case .dualPhase(let first, _, let st, let sp, let d):
            return st > 0 ? sp * first.initialSlope / (st * d) : 0
        case .keyframes(let frames):
            guard frames.count > 1, frames[0].time <= 0 else { return 0 }
            let span = frames[1].time - frames[0].time
            return span >= TimingCurve.minimumDuration
                ? (frames[1].value - frames[0].value) * frames[1].curve.initialSlope / span : 0
        case .repeating(let base, _, _):
            return base.initialVelocity
        }
    }
}

extension TimingCurve: CustomStringConvertible {
    /// A short description for inspectors and logs, e.g. `spring(m 1, k 350, c 30)`.
    public var description: String {
        func n(_ x: Double) -> String {
            let r = (x * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        switch kind {
        case .instant:
            return "instant"
        case .bezier(let c, let d):
            return c == .linear ? "linear(\(n(d)) s)" : "bezier(\(n(c.x1)), \(n(c.y1)), \(n(c.x2)), \(n(c.y2)); \(n(d)) s)"
        case .spring(let s):
            return "spring(m \(n(s.mass)), k \(n(s.stiffness)), c \(n(s.damping)))"
        case .dualPhase(_, _, let st, let sp, let d):
            return "dual-phase(split \(n(st)) → \(n(sp)); \(n(d)) s)"
        case .keyframes(let frames):
            return "keyframes(\(frames.count) stops; \(n(duration)) s)"
        case .repeating(let base, let count, let autoreverse):
            let times: String
            switch count {
            case .forever: times = "forever"
            case .times(let k): times = "×\(k)"
            }
            return "\(base) \(times)\(autoreverse ? " autoreverse" : "")"
        }
    }
}
