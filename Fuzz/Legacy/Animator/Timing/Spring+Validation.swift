extension Spring {
    /// The masses a spring accepts.
    ///
    /// Wide enough for any animation, narrow enough that the natural frequency,
    /// the damping ratio and the closed form's rates stay finite and precise for
    /// every combination of the three ranges.
    public static let massRange: ClosedRange<Double> = 1e-9...1e9
    /// The stiffnesses a spring accepts (see ``massRange``).
    public static let stiffnessRange: ClosedRange<Double> = 1e-9...1e9
    /// The damping coefficients a spring accepts (see ``massRange``).
    public static let dampingRange: ClosedRange<Double> = 1e-9...1e9
    /// The initial velocities a spring accepts, in distances per second of a unit step.
    public static let initialVelocityRange: ClosedRange<Double> = -1e9...1e9
    /// The longest a spring's unit step may take to settle (at precision 0.001),
    /// in seconds: an hour. Longer springs are rejected when they are made, so a
    /// caller never samples, loops or allocates over a settling time that is
    /// finite but absurd (a damping of 1e-6 takes 160 days).
    public static let maximumSettlingDuration = 3600.0

    /// Throws unless `value` is a number in `range`, naming the parameter.
    static func check(
        _ value: Double, in range: ClosedRange<Double>, _ code: TimingError.Code, _ name: String
    ) throws(TimingError) {
        guard !range.contains(value) else { return }
        let hint = name == "damping" && value == 0 ? " (an undamped spring never settles)" : ""
        throw TimingError(
            code, "spring \(name) \(NumberFormat.short(value)) is out of range; use a number in \(NumberFormat.short(range))\(hint)")
    }

    /// Throws when the unit step settles later than ``maximumSettlingDuration``,
    /// blaming the number that makes it slow and saying roughly what would do.
    ///
    /// A spring is slow for one of four reasons, told apart by its physics:
    /// - even critically damped it is slow: ω₀ = √(k/m) is too low, so the
    ///   stiffness is too weak for the mass (the settling time of a critically
    ///   damped spring from rest scales exactly as 1/ω₀, so the stiffness that
    ///   would do is exact);
    /// - from rest it would settle in time: the initial velocity is too large;
    /// - underdamped (ζ < 1): the envelope decays at c/(2m), so the damping is too
    ///   small, and the settling time scales about as 1/c;
    /// - overdamped (ζ > 1): the slow root approaches −k/c, so the damping is too
    ///   large, and the settling time scales about as c.
    func checkSettlingDuration() throws(TimingError) {
        let limit = Self.maximumSettlingDuration
        guard settleTime > limit else { return }
        let settle = NumberFormat.short(settleTime)
        let allowed = "more than the \(NumberFormat.short(limit)) s allowed"
        let critical = Self.criticalUnitSettle / naturalFrequency
        if critical > limit {
            let needed = mass * (Self.criticalUnitSettle / limit) * (Self.criticalUnitSettle / limit)
            throw TimingError(
                .invalidStiffness,
                "spring stiffness \(NumberFormat.short(stiffness)) is too weak for a mass of \(NumberFormat.short(mass)): "
                    + "even critically damped it would take \(NumberFormat.short(critical)) s to settle, \(allowed); "
                    + "use a stiffness of at least \(NumberFormat.short(needed)) or a smaller mass")
        }
        if initialVelocity != 0, settlingTime(displacement: -1, velocity: 0, tolerance: 0.001) <= limit {
            throw TimingError(
                .invalidVelocity,
                "spring initial velocity \(NumberFormat.short(initialVelocity)) is too large: the spring would take "
                    + "\(settle) s to settle, \(allowed); use a smaller velocity or a stiffer spring")
        }
        let criticalDamping = 2 * (stiffness * mass).squareRoot()
        if dampingRatio < 1 {
            let needed = min(damping * settleTime / limit, criticalDamping)
            throw TimingError(
                .invalidDamping,
                "spring damping \(NumberFormat.short(damping)) is too small for a mass of \(NumberFormat.short(mass)): "
                    + "it would swing for \(settle) s before settling, \(allowed); use a damping of at least about "
                    + NumberFormat.short(needed))
        }
        let needed = max(damping * limit / settleTime, criticalDamping)
        throw TimingError(
            .invalidDamping,
            "spring damping \(NumberFormat.short(damping)) is too large for a stiffness of \(NumberFormat.short(stiffness)): "
                + "it would creep towards its target for \(settle) s, \(allowed); use a damping of at most about "
                + "\(NumberFormat.short(needed)) or a larger stiffness")
    }

    /// The settling time (precision 0.001) of a critically damped unit step from
    /// rest with ω₀ = 1: the root of e^{−x}(1 + x) = 0.001, about 9.2335 s.
    static let criticalUnitSettle = Spring(unchecked: 1, 1, 2, 0).settleTime
}
