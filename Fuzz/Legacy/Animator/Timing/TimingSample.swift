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

    @inlinable
    package init(progress: Double, velocity: Double, carry: Double, carryVelocity: Double) {
        self.progress = progress
        self.velocity = velocity
        self.carry = carry
        self.carryVelocity = carryVelocity
    }

    /// The sample of a curve that has not started: progress 0, initial velocity fully felt.
    package static let start = TimingSample(progress: 0, velocity: 0, carry: 0, carryVelocity: 1)
}

extension TimingCurve {
    /// Samples the curve at `t` seconds from its start (see `TimingSample`).
    ///
    /// - Complexity: O(1) (O(log k) for keyframes).
    package func sample(at t: Double) -> TimingSample {
        let t = t.isNaN ? 0 : t
        if t <= 0 {
            return TimingSample(progress: progress(at: t), velocity: 0, carry: 0, carryVelocity: duration > 0 ? 1 : 0)
        }
        if let spring {
            let b = spring.basis(at: t)
            // A hair early counts as done: (fence + delay + duration) − (fence + delay)
            // can round just below the duration. The carry goes on: a sprite thrown
            // with a velocity keeps moving on the spring's response until it settles
            // (see `MotionEvaluator`).
            if isFinished(at: t) { return TimingSample(progress: 1, velocity: 0, carry: b.b, carryVelocity: b.db) }
            let v = spring.initialVelocity
            return TimingSample(progress: 1 - b.a + v * b.b, velocity: -b.da + v * b.db, carry: b.b, carryVelocity: b.db)
        }
        let p = progress(at: t), dp = velocity(at: t)
        let d = duration
        guard d.isFinite, t < d else { return TimingSample(progress: p, velocity: dp, carry: 0, carryVelocity: 0) }
        let r = 1 - t / d
        return TimingSample(progress: p, velocity: dp, carry: t * r * r, carryVelocity: r * (1 - 3 * t / d))
    }
}
