/// A damped harmonic spring, m·x'' + c·x' + k·(x − target) = 0, solved in closed form.
///
/// Every value and velocity is a direct function of time: no numerical stepping,
/// so frames can be sampled in any order and scrubbed back and forth.
///
/// ```swift
/// let spring = try Spring(mass: 1, stiffness: 300, damping: 22)
/// spring.value(at: 0.1)            // progress of a unit step 0 → 1 at t = 0.1 s
/// spring.settlingDuration()        // ≈ 0.596 s at precision 0.001
/// ```
public struct Spring: Hashable, Sendable {
    /// The moving mass (> 0).
    public let mass: Double
    /// The spring constant k (> 0).
    public let stiffness: Double
    /// The damping coefficient c (> 0).
    public let damping: Double
    /// The velocity at t = 0 of a unit step, in distances per second (0 = from rest).
    public let initialVelocity: Double

    /// Undamped angular frequency ω₀ = √(k/m), radians per second.
    public let naturalFrequency: Double
    /// ζ = c / (2√(k·m)): below 1 the spring overshoots, 1 is critical, above 1 it creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// Settling time of the unit step at precision 0.001, computed once at creation.
    public private(set) var settleTime: Double

    // The regime's two rates, which share their storage: every timing curve and
    // planned glyph carries a spring, so it is kept small to copy.
    @usableFromInline let rate1: Double
    @usableFromInline let rate2: Double
    @usableFromInline let regime: Regime

    /// ζω₀: the decay rate of the envelope (underdamped and critical).
    @inlinable var decay: Double { rate1 }
    /// ω_d, the damped frequency (underdamped), or ω₀ (critical).
    @inlinable var frequency: Double { rate2 }
    /// The slower real root (overdamped): r₂ < r₁ < 0.
    @inlinable var r1: Double { rate1 }
    /// The faster real root (overdamped).
    @inlinable var r2: Double { rate2 }

    @usableFromInline
    enum Regime: UInt8, Hashable, Sendable { case under, critical, over }

    /// Creates a spring.
    ///
    /// ```swift
    /// try Spring(mass: 1, stiffness: 350, damping: 30)     // the snappy preset
    /// try Spring(stiffness: 350, damping: 1e-6)            // throws: never settles in an hour
    /// ```
    ///
    /// - Parameters:
    ///   - mass: the moving mass, in ``massRange`` (1e-9…1e9).
    ///   - stiffness: the spring constant, in ``stiffnessRange`` (1e-9…1e9).
    ///   - damping: the damping coefficient, in ``dampingRange`` (1e-9…1e9); an
    ///     undamped spring never settles.
    ///   - initialVelocity: the velocity of a unit step at t = 0, in distances per
    ///     second, in ``initialVelocityRange`` (−1e9…1e9).
    /// - Throws: `TimingError` naming the parameter at fault, its value and what
    ///   would be accepted: a number outside its range, or a combination whose unit
    ///   step would take longer than ``maximumSettlingDuration`` (an hour) to settle
    ///   (the error then says which number to change, and to about what).
    /// - Complexity: O(log n) in the number n of oscillations before the spring settles.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws(TimingError) {
        try Self.check(mass, in: Self.massRange, .invalidMass, "mass")
        try Self.check(stiffness, in: Self.stiffnessRange, .invalidStiffness, "stiffness")
        try Self.check(damping, in: Self.dampingRange, .invalidDamping, "damping")
        try Self.check(initialVelocity, in: Self.initialVelocityRange, .invalidVelocity, "initial velocity")
        self.init(unchecked: mass, stiffness, damping, initialVelocity)
        try checkSettlingDuration()
    }

    @usableFromInline
    init(unchecked mass: Double, _ stiffness: Double, _ damping: Double, _ initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        naturalFrequency = w0
        // Within 1e-8 of critical, the under- and over-damped formulas lose
        // precision to cancellation; the critical solution differs by O(ζ − 1).
        if abs(zeta - 1) < 1e-8 {
            regime = .critical
            rate1 = w0  // decay
            rate2 = w0  // frequency
        } else if zeta < 1 {
            regime = .under
            rate1 = zeta * w0  // decay
            rate2 = w0 * (1 - zeta * zeta).squareRoot()  // frequency
        } else {
            regime = .over
            let root = (zeta * zeta - 1).squareRoot()
            // ζ − √(ζ² − 1) written as 1 / (ζ + √(ζ² − 1)): the difference cancels to
            // nothing for a heavily overdamped spring, which would then never settle.
            rate1 = -w0 / (zeta + root)  // r1
            rate2 = -w0 * (zeta + root)  // r2
        }
        settleTime = 0
        // A spring so weak that its settling time overflows still gets a finite duration:
        // an infinite one would read as a curve that repeats forever.
        settleTime = min(settlingTime(displacement: -1, velocity: initialVelocity, tolerance: 0.001), .greatestFiniteMagnitude)
    }

    public static func == (a: Spring, b: Spring) -> Bool {
        a.mass == b.mass && a.stiffness == b.stiffness && a.damping == b.damping
            && a.initialVelocity == b.initialVelocity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass); hasher.combine(stiffness); hasher.combine(damping); hasher.combine(initialVelocity)
    }

    /// The spring with another initial velocity (distances per second of a unit step).
    ///
    /// Never fails: a velocity that is not finite counts as 0, and one outside
    /// ``initialVelocityRange`` is clamped into it, so values stay finite.
    public func withInitialVelocity(_ velocity: Double) -> Spring {
        let range = Self.initialVelocityRange
        let v = velocity.isFinite ? min(max(velocity, range.lowerBound), range.upperBound) : 0
        return Spring(unchecked: mass, stiffness, damping, v)
    }

    // MARK: Closed form

    /// The two solutions from which every motion of this spring is built, at time t ≥ 0:
    /// the displacement from the target is `u(t) = u₀·a + v₀·b` and its velocity
    /// `u₀·da + v₀·db`, for any starting displacement u₀ and velocity v₀.
    @frozen @usableFromInline
    package struct Basis: Hashable, Sendable {
        /// Response to a unit displacement released at rest.
        @usableFromInline package var a: Double
        /// Response to a unit velocity at the target.
        @usableFromInline package var b: Double
        /// Time derivative of `a`.
        @usableFromInline package var da: Double
        /// Time derivative of `b`.
        @usableFromInline package var db: Double

        @inlinable
        public init(a: Double, b: Double, da: Double, db: Double) {
            self.a = a
            self.b = b
            self.da = da
            self.db = db
        }
    }

    /// The basis solutions at time `t` (clamped to t ≥ 0).
    ///
    /// - Complexity: O(1): one exponential and, when underdamped, one sine and cosine.
    @inlinable
    package func basis(at t: Double) -> Basis {
        let t = t > 0 ? t : 0
        switch regime {
        case .under:
            let e = Math.exp(-decay * t)
            // Fully decayed: also keeps sin and cos away from overflowing arguments.
            if e == 0 { return Basis(a: 0, b: 0, da: 0, db: 0) }
            let wd = frequency
            let s = Math.sin(wd * t), c = Math.cos(wd * t)
            let k = decay / wd
            let w0sq = naturalFrequency * naturalFrequency
            return Basis(
                a: e * (c + k * s),
                b: e * s / wd,
                da: -e * (w0sq / wd) * s,
                db: e * (c - k * s))
        case .critical:
            let w = frequency
            let e = Math.exp(-w * t)
            return Basis(a: e * (1 + w * t), b: t * e, da: -w * w * t * e, db: e * (1 - w * t))
        case .over:
            let e1 = Math.exp(r1 * t), e2 = Math.exp(r2 * t)
            let d = r1 - r2
            return Basis(
                a: (r1 * e2 - r2 * e1) / d,
                b: (e1 - e2) / d,
                da: r1 * r2 * (e2 - e1) / d,
                db: (r1 * e1 - r2 * e2) / d)
        }
    }

    /// The position at time `t` of a motion from `from` to `to` starting with
    /// `velocity` (units per second).
    @inlinable
    public func value(at t: Double, from: Double, to: Double, velocity: Double) -> Double {
        let b = basis(at: t)
        return to + (from - to) * b.a + velocity * b.b
    }

    /// The velocity at time `t` of a motion from `from` to `to` starting with `velocity`.
    @inlinable
    public func velocity(at t: Double, from: Double, to: Double, velocity: Double) -> Double {
        let b = basis(at: t)
        return (from - to) * b.da + velocity * b.db
    }

    /// Progress of the unit step 0 → 1 (with this spring's initial velocity) at `t`.
    @inlinable
    public func value(at t: Double) -> Double {
        value(at: t, from: 0, to: 1, velocity: initialVelocity)
    }

    /// Velocity of the unit step 0 → 1 at `t`, in distances per second.
    @inlinable
    public func velocity(at t: Double) -> Double {
        velocity(at: t, from: 0, to: 1, velocity: initialVelocity)
    }

    // MARK: Derived numbers

    /// How far the unit step overshoots its target, as a fraction of the distance
    /// (0 when it never passes the target).
    public var overshoot: Double {
        // The largest excursion past the target is at one of the first two extrema
        // (the first may be the turn-around of a motion thrown backwards).
        var peak = 0.0
        for t in extremumTimes(displacement: -1, velocity: initialVelocity, until: .infinity, maxCount: 2) {
            peak = max(peak, value(at: t) - 1)
        }
        return peak
    }

    /// The time after which the unit step stays within `precision` of its target.
    ///
    /// - Parameter precision: the band, as a fraction of the distance (default 0.001).
    /// - Returns: seconds; exact to about 1e-9 s.
    public func settlingDuration(precision: Double = 0.001) -> Double {
        if precision == 0.001 { return settleTime }
        return settlingTime(displacement: -1, velocity: initialVelocity, tolerance: abs(precision))
    }

    /// The time after which a motion that starts `displacement` away from its target
    /// with `velocity` stays within `tolerance` of it.
    ///
    /// The exact last crossing of the band: the extrema of the displacement are
    /// found in closed form, and the crossing after the last one outside the band
    /// is bisected (the displacement is monotonic between extrema).
    ///
    /// - Complexity: O(log n) in the number n of oscillations above the band.
    public func settlingTime(displacement: Double, velocity: Double, tolerance: Double) -> Double {
        guard displacement.isFinite, velocity.isFinite else { return 0 }
        let (u0, v0, eps) = Self.normalized(displacement, velocity, tolerance)
        if abs(u0) <= eps && v0 == 0 { return 0 }
        func u(_ t: Double) -> Double { let b = basis(at: t); return u0 * b.a + v0 * b.b }
        let horizon = envelopeTime(displacement: u0, velocity: v0, tolerance: eps)
        // Candidate starts of the final excursion: t = 0 and each extremum.
        var lastOutside = abs(u0) > eps ? 0.0 : -1.0
        var nextAfter = Double.infinity
        if regime == .under {
            // Extrema come every π/ω_d and |u| shrinks by the same factor from one to
            // the next, so the last one outside the band is found by bisecting on its
            // index: a lightly damped spring can swing many thousands of times.
            // With the start normalized the first extremum always exists; without one
            // the envelope's bound is still a correct, if later, answer.
            guard let first = extremumTimes(displacement: u0, velocity: v0, until: .infinity, maxCount: 1).first else {
                return horizon
            }
            let period = .pi / frequency
            func extremum(_ k: Double) -> Double { first + k * period }
            var outside = -1.0  // the largest index known to be outside the band (−1: none)
            var inside = horizon >= first ? ((horizon - first) / period).rounded(.down) + 1 : 0
            while inside - outside > 1 {
                let mid = ((outside + inside) / 2).rounded(.down)
                guard mid > outside, mid < inside else { break }
                if abs(u(extremum(mid))) > eps { outside = mid } else { inside = mid }
            }
            if outside >= 0 { lastOutside = extremum(outside) }
            nextAfter = extremum(outside + 1)
        } else {
            let extrema = extremumTimes(displacement: u0, velocity: v0, until: horizon)
            for t in extrema where abs(u(t)) > eps { lastOutside = t }
            for t in extrema where t > lastOutside { nextAfter = t; break }
        }
        if lastOutside < 0 { return 0 }
        var lo = lastOutside
        var hi = min(nextAfter, horizon)
        let sign: Double = u(lo) > 0 ? 1 : -1
        let target = sign * eps
        // u moves monotonically from u(lo) (outside the band) towards u(hi) (inside it).
        if abs(u(hi)) > eps { hi = horizon }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (u(mid) - target) * sign > 0 { lo = mid } else { hi = mid }
            if hi - lo < 1e-10 { break }
        }
        return hi
    }

    /// Times t > 0 (up to `until`) at which the displacement has a local extremum.
    func extremumTimes(displacement u0: Double, velocity v0: Double, until limit: Double, maxCount: Int = 10_000) -> [Double] {
        var times: [Double] = []
        switch regime {
        case .under:
            // u'(t) = e^{-ζω₀t}·(v₀·cos ω_d t − ((ω₀²u₀ + ζω₀v₀)/ω_d)·sin ω_d t)
            let w0sq = naturalFrequency * naturalFrequency
            let p = v0, q = (w0sq * u0 + decay * v0) / frequency
            // Zero where tan(ω_d t) = p / q.
            var phase = Math.atan2(p, q)
            if phase <= 0 { phase += .pi }
            var t = phase / frequency
            while t <= limit && times.count < maxCount {
                times.append(t)
                t += .pi / frequency
            }
        case .critical:
            // u'(t) = e^{-ωt}·(v₀ − ω(v₀ + ωu₀)t)
            let w = frequency
            let denom = w * (v0 + w * u0)
            if denom != 0 {
                let t = v0 / denom
                if t > 0 && t <= limit { times.append(t) }
            }
        case .over:
            // u(t) = C₁e^{r₁t} + C₂e^{r₂t}; u'(t) = 0 where e^{(r₁−r₂)t} = −C₂r₂ / (C₁r₁).
            let c1 = (v0 - r2 * u0) / (r1 - r2)
            let c2 = u0 - c1
            if c1 != 0 {
                let ratio = -c2 * r2 / (c1 * r1)
                if ratio > 0 {
                    let t = Math.log(ratio) / (r1 - r2)
                    if t > 0 && t <= limit { times.append(t) }
                }
            }
        }
        return times
    }

    /// A time after which an upper bound of |displacement| stays below `tolerance`.
    func envelopeTime(displacement u0: Double, velocity v0: Double, tolerance eps: Double) -> Double {
        let amplitude: Double
        let rate: Double
        switch regime {
        case .under:
            let c = (v0 + decay * u0) / frequency
            amplitude = Math.hypot(u0, c)
            rate = decay
        case .critical:
            // e^{-ωt}(|u₀| + |v₀ + ωu₀|t) ≤ (|u₀| + |v₀ + ωu₀|/(ω/2)) e^{-ωt/2}, since t·e^{-ωt/2} ≤ 2/(eω).
            let w = frequency
            amplitude = abs(u0) + abs(v0 + w * u0) * 2 / (w * 2.718281828459045)
            rate = w / 2
        case .over:
            let c1 = (v0 - r2 * u0) / (r1 - r2)
            let c2 = u0 - c1
            amplitude = abs(c1) + abs(c2)
            rate = -r1
        }
        guard amplitude > eps else { return 0 }
        return Self.logRatio(amplitude, eps) / rate
    }

    /// A bound on the settling time of a motion, cheap enough to compute per glyph:
    /// after it, |displacement| ≤ tolerance for every starting displacement and
    /// velocity no larger in magnitude than the ones given.
    ///
    /// - Complexity: O(1).
    package func settleBound(displacement: Double, velocity: Double, tolerance: Double) -> Double {
        guard displacement.isFinite, velocity.isFinite else { return 0 }
        let (u, v, eps) = Self.normalized(abs(displacement), abs(velocity), tolerance)
        switch regime {
        case .under, .critical:
            // With both magnitudes positive the envelope's amplitude is its largest.
            return envelopeTime(displacement: u, velocity: v, tolerance: eps)
        case .over:
            // |C₁| is largest when the signs agree; |C₂| ≤ |u₀| + |C₁|.
            let c1 = (v - r2 * u) / (r1 - r2)
            let amplitude = u + 2 * c1
            return amplitude > eps ? Self.logRatio(amplitude, eps) / -r1 : 0
        }
    }

    /// ln(a / b) for positive a and b, also when the quotient overflows (a large
    /// amplitude over a tiny band); one logarithm in the usual case, which
    /// planning pays per glyph.
    @inline(__always)
    static func logRatio(_ a: Double, _ b: Double) -> Double {
        let ratio = a / b
        return ratio.isFinite ? Math.log(ratio) : Math.log(a) - Math.log(b)
    }

    /// A start and band scaled together so that every intermediate stays finite.
    ///
    /// A motion is linear in its start: u₀ and v₀ scaled by s settle into a band
    /// scaled by s at the same time. Starts beyond 1e100 (a glyph thrown by an
    /// absurd velocity) are brought down to 1, where ω₀²·u₀ and the envelope's
    /// amplitude cannot overflow; a tolerance that is not a positive number counts as 1e-9.
    static func normalized(_ u0: Double, _ v0: Double, _ tolerance: Double) -> (Double, Double, Double) {
        let eps = tolerance > 0 && tolerance.isFinite ? tolerance : 1e-9
        let scale = max(abs(u0), abs(v0))
        guard scale > 1e100 else { return (u0, v0, eps) }
        return (u0 / scale, v0 / scale, max(eps / scale, .leastNonzeroMagnitude))
    }
}
