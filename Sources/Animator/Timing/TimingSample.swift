/// One timing curve evaluated at one instant: everything needed to move any
/// number of channels that share the curve.
///
/// A channel going from `from` to `to` with an initial velocity `v` is at
/// `from + (to − from)·progress + v·carry` and moves at
/// `(to − from)·velocity + v·carryVelocity`. `carry` is how an initial velocity
/// (from an interrupted transition) fades out: the spring's own response for
/// spring curves, and `t·(1 − t/D)²` for the others, which starts at slope 1 and
/// is back to 0, with zero slope, at the curve's end D. A spring's carry goes on
/// past its settling time, decaying as the spring does.
@frozen @usableFromInline
package struct TimingSample: Hashable, Sendable {
    @usableFromInline package var progress: Double
    @usableFromInline package var velocity: Double
    @usableFromInline package var carry: Double
    @usableFromInline package var carryVelocity: Double

    /// The sample of a curve that has not started: progress 0, initial velocity fully felt.
    package static let start = TimingSample(progress: 0, velocity: 0, carry: 0, carryVelocity: 1)
}

extension TimingCurve {
    /// Samples the curve at `t` seconds from its start (see `TimingSample`).
    ///
    /// - Complexity: O(1) (O(log k) for keyframes).
    package func sample(at t: Double) -> TimingSample {
        let t = t.isNaN ? 0 : t
        switch kind {
        case .spring(let spring): return Self.sample(spring, duration: duration, at: t)
        case .bezier(let curve, let d): return Self.sample(curve, d, duration: duration, at: t)
        default: return withUnsafePointer(to: self) { Self.otherKindSample($0, at: t, velocity: true) }
        }
    }

    /// `sample(at:)` of the curve at `curve`, read where it lies: a spring's or
    /// a Bézier's numbers are read out of it, and the curve (whose other kinds
    /// hold references) is not copied. A frame samples every live curve so,
    /// without `velocity`: it reads a sample's progress and carry alone, so a
    /// curve of another kind (keyframes, two phases, repeating) is evaluated once,
    /// for its progress, and the sample's `velocity` is left 0. Progress and carry
    /// are the same either way, to the bit.
    @inline(__always)
    package static func sample(_ curve: UnsafePointer<TimingCurve>, at t: Double, velocity: Bool = true) -> TimingSample {
        let t = t.isNaN ? 0 : t
        switch curve.pointee.kind {
        case .spring(let spring): return sample(spring, duration: curve.pointee.duration, at: t)
        case .bezier(let bezier, let d): return sample(bezier, d, duration: curve.pointee.duration, at: t)
        default: return otherKindSample(curve, at: t, velocity: velocity)
        }
    }

    /// The sample of a curve of another kind (`t` not NaN), with its velocity or (for a frame)
    /// without it (see `progressAndVelocity`).
    private static func otherKindSample(
        _ curve: UnsafePointer<TimingCurve>, at t: Double, velocity: Bool
    ) -> TimingSample {
        let (p, dp) = progressAndVelocity(curve, at: t, velocity: velocity)
        let duration = curve.pointee.duration
        if t <= 0 { return TimingSample(progress: p, velocity: 0, carry: 0, carryVelocity: duration > 0 ? 1 : 0) }
        return carried(progress: p, velocity: velocity ? dp : 0, duration: duration, at: t)
    }

    /// `progress(at: t)` and (when `velocity`, else 0) `velocity(at: t)` of the curve at `curve`
    /// (`t` not NaN), to the bit, read where it lies: calling the two copies the curve, and a
    /// repeating curve's base twice more. Each curve is evaluated once for both: a keyframe's
    /// segment and a Bézier's parameter are found once, and a repeating curve's pass is
    /// worked out once for its base.
    static func progressAndVelocity(
        _ curve: UnsafePointer<TimingCurve>, at t: Double, velocity: Bool
    ) -> (progress: Double, velocity: Double) {
        switch curve.pointee.kind {
        case .instant:
            return (instantProgress(at: t), 0)
        case .keyframes(let frames):
            let k = keyframeValue(frames, at: t)
            return (k.value, velocity ? k.slope : 0)
        case .bezier(let bezier, let d):
            let x = t / d
            guard velocity, !(x <= 0 || x >= 1) else { return (bezier.value(at: x), 0) }
            let eased = bezier.valueAndDerivative(at: x)
            return (eased.value, eased.derivative / d)
        case .repeating(let base, let count, let autoreverse):
            let (local, direction) = repeatLocalTime(
                duration: base.duration, count: count, autoreverse: autoreverse, t: t)
            let (p, dp) = withUnsafePointer(to: base) { progressAndVelocity($0, at: local, velocity: velocity) }
            return (p, direction * dp)
        case .spring, .dualPhase:
            let other = curve.pointee
            return (other.progress(at: t), velocity ? other.velocity(at: t) : 0)
        }
    }

    /// A spring curve's sample (`t` not NaN).
    @inline(__always)
    private static func sample(_ spring: Spring, duration: Double, at t: Double) -> TimingSample {
        if t <= 0 { return TimingSample(progress: 0, velocity: 0, carry: 0, carryVelocity: duration > 0 ? 1 : 0) }
        let b = spring.basis(at: t)
        // A hair early counts as done: (fence + delay + duration) − (fence + delay)
        // can round just below the duration (`isFinished(at:)`). The carry goes
        // on: a sprite thrown with a velocity keeps moving on the spring's
        // response until it settles (see `MotionEvaluator`).
        if t >= duration - 1e-9 { return TimingSample(progress: 1, velocity: 0, carry: b.b, carryVelocity: b.db) }
        let v = spring.initialVelocity
        return TimingSample(progress: 1 - b.a + v * b.b, velocity: -b.da + v * b.db, carry: b.b, carryVelocity: b.db)
    }

    /// A Bézier curve's sample (`t` not NaN), as `progress(at:)` and `velocity(at:)` give it.
    @inline(__always)
    private static func sample(_ curve: CubicBezier, _ d: Double, duration: Double, at t: Double) -> TimingSample {
        let x = t / d
        if t <= 0 {
            return TimingSample(progress: curve.value(at: x), velocity: 0, carry: 0, carryVelocity: duration > 0 ? 1 : 0)
        }
        if x <= 0 || x >= 1 { return carried(progress: curve.value(at: x), velocity: 0, duration: duration, at: t) }
        let eased = curve.valueAndDerivative(at: x)
        return carried(progress: eased.value, velocity: eased.derivative / d, duration: duration, at: t)
    }

    /// A sample with progress `p` and velocity `dp` at `t` (> 0), carrying an
    /// initial velocity as `t·(1 − t/D)²` until the curve's end D.
    @inline(__always)
    private static func carried(progress p: Double, velocity dp: Double, duration d: Double, at t: Double) -> TimingSample {
        guard d.isFinite, t < d else { return TimingSample(progress: p, velocity: dp, carry: 0, carryVelocity: 0) }
        let r = 1 - t / d
        return TimingSample(progress: p, velocity: dp, carry: t * r * r, carryVelocity: r * (1 - 3 * t / d))
    }
}
