/// How far a curve carries a move past its end, and the same curve carrying it less far.
extension TimingCurve {
    /// How far the curve overshoots its final value, as a fraction of the
    /// distance: a spring's (`Spring.overshoot`), 0 for every other curve (a
    /// Bézier easing "back" past its end is drawn as the effect chose it).
    package var springOvershoot: Double {
        guard case .spring(let spring) = kind else { return 0 }
        return spring.overshoot
    }

    /// This curve's spring with its damping raised so that, from rest, it
    /// overshoots by `fraction` of the distance (0 or less: critically damped,
    /// not at all); the same stiffness and mass, so it moves as quickly out of
    /// the blocks. Every other curve, or a spring that already overshoots no
    /// more than that, is returned as it is.
    ///
    /// From rest an underdamped spring overshoots by exp(−ζπ / √(1 − ζ²)), so
    /// the damping ratio for an overshoot `o` is −ln o / √(π² + ln² o).
    package func damped(toOvershoot fraction: Double) -> TimingCurve {
        guard case .spring(let spring) = kind, spring.dampingRatio < 1 else { return self }
        var ratio = 1.0
        if fraction > 0 {
            let l = Math.log(min(fraction, 1))
            ratio = min(-l / (Double.pi * Double.pi + l * l).squareRoot(), 1)
        }
        guard ratio > spring.dampingRatio else { return self }
        let damping = 2 * ratio * (spring.stiffness * spring.mass).squareRoot()
        return .spring(Spring(unchecked: spring.mass, spring.stiffness, damping, spring.initialVelocity))
    }
}
