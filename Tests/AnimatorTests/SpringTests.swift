import Testing
@testable import Animator
import TestSupport

/// A reference solution of m·u'' + c·u' + k·u = 0 by classical Runge–Kutta with
/// small steps, written independently of the closed form under test.
private struct ReferenceSpring {
    var mass: Double, stiffness: Double, damping: Double

    /// (displacement, velocity) at each of `times` (ascending), starting from (u0, v0) at t = 0.
    func solve(u0: Double, v0: Double, at times: [Double], step: Double = 1e-5) -> [(u: Double, v: Double)] {
        func accel(_ u: Double, _ v: Double) -> Double { -(damping * v + stiffness * u) / mass }
        var u = u0, v = v0, t = 0.0
        var out: [(u: Double, v: Double)] = []
        for target in times {
            while t < target {
                let h = min(step, target - t)
                let k1u = v, k1v = accel(u, v)
                let k2u = v + h / 2 * k1v, k2v = accel(u + h / 2 * k1u, v + h / 2 * k1v)
                let k3u = v + h / 2 * k2v, k3v = accel(u + h / 2 * k2u, v + h / 2 * k2v)
                let k4u = v + h * k3v, k4v = accel(u + h * k3u, v + h * k3v)
                u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            out.append((u, v))
        }
        return out
    }
}

/// Spring parameters with the regime they should fall in.
struct SpringCase: CustomTestStringConvertible, Sendable {
    var mass: Double, stiffness: Double, damping: Double
    var label: String
    var testDescription: String { "\(label) m=\(mass) k=\(stiffness) c=\(damping)" }

    static let all: [SpringCase] = [
        SpringCase(mass: 1, stiffness: 300, damping: 22, label: "underdamped (bouncy)"),
        SpringCase(mass: 2.5, stiffness: 200, damping: 10, label: "underdamped, heavy"),
        SpringCase(mass: 1, stiffness: 100, damping: 20, label: "critically damped"),
        SpringCase(mass: 0.5, stiffness: 50, damping: 10, label: "critically damped, light"),
        SpringCase(mass: 1, stiffness: 100, damping: 50, label: "overdamped"),
        SpringCase(mass: 1, stiffness: 100, damping: 20.0001, label: "just overdamped"),
        SpringCase(mass: 1, stiffness: 100, damping: 19.9999, label: "just underdamped"),
    ]
}

@Suite struct SpringTests {
    // MARK: Closed form against numerical integration

    @Test(arguments: SpringCase.all, [(-1.0, 0.0), (-1.0, 7.0), (0.3, -12.0), (0.0, 5.0), (2.0, 40.0)])
    func closedFormMatchesIntegration(_ c: SpringCase, start: (u0: Double, v0: Double)) throws {
        let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
        let times = stride(from: 0.0, through: 1.5, by: 0.01).map { $0 }
        let reference = ReferenceSpring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
            .solve(u0: start.u0, v0: start.v0, at: times)
        for (t, r) in zip(times, reference) {
            // Displacement from a target at 0: value(from: u0, to: 0).
            let u = spring.value(at: t, from: start.u0, to: 0, velocity: start.v0)
            let v = spring.velocity(at: t, from: start.u0, to: 0, velocity: start.v0)
            #expect(isClose(u, r.u, 1e-6), "value at t=\(t): \(u) vs \(r.u)")
            #expect(isClose(v, r.v, 1e-6), "velocity at t=\(t): \(v) vs \(r.v)")
        }
    }

    @Test(arguments: SpringCase.all)
    func unitStepWithInitialVelocityMatchesIntegration(_ c: SpringCase) throws {
        let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: 4)
        let times = stride(from: 0.0, through: 1.0, by: 0.02).map { $0 }
        // The unit step 0 → 1 is a displacement of −1 from the target.
        let reference = ReferenceSpring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
            .solve(u0: -1, v0: 4, at: times)
        for (t, r) in zip(times, reference) {
            #expect(isClose(spring.value(at: t), 1 + r.u, 1e-6), "t=\(t)")
            #expect(isClose(spring.velocity(at: t), r.v, 1e-6), "t=\(t)")
        }
    }

    @Test func motionBetweenArbitraryEndpoints() throws {
        let spring = try Spring(mass: 1.3, stiffness: 240, damping: 19)
        let times = [0.0, 0.05, 0.1, 0.3, 0.7]
        let reference = ReferenceSpring(mass: 1.3, stiffness: 240, damping: 19).solve(u0: 40 - 115, v0: -30, at: times)
        for (t, r) in zip(times, reference) {
            #expect(isClose(spring.value(at: t, from: 40, to: 115, velocity: -30), 115 + r.u, 1e-6))
            #expect(isClose(spring.velocity(at: t, from: 40, to: 115, velocity: -30), r.v, 1e-6))
        }
    }

    @Test(arguments: SpringCase.all)
    func basisStartsAsTheIdentity(_ c: SpringCase) throws {
        let b = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping).basis(at: 0)
        #expect(b.a == 1)
        #expect(b.b == 0)
        #expect(abs(b.da) < 1e-12)
        #expect(isClose(b.db, 1, 1e-12))
    }

    @Test func regimesFollowTheDampingRatio() throws {
        #expect(try Spring(stiffness: 100, damping: 20).dampingRatio == 1)
        #expect(try Spring(stiffness: 100, damping: 20).regime == .critical)
        #expect(try Spring(stiffness: 100, damping: 19).regime == .under)
        #expect(try Spring(stiffness: 100, damping: 21).regime == .over)
        let s = try Spring(mass: 4, stiffness: 100, damping: 10)
        #expect(isClose(s.naturalFrequency, 5, 1e-12))
        #expect(isClose(s.dampingRatio, 10 / (2 * 20), 1e-12))
    }

    // MARK: Presets

    struct PresetExpectation: Sendable, CustomTestStringConvertible {
        var style: MotionStyle
        var settle: Double
        var testDescription: String { style.name }
    }

    static let presetSettles = [
        PresetExpectation(style: .snappy, settle: 0.454),
        PresetExpectation(style: .smooth, settle: 0.702),
        PresetExpectation(style: .bouncy, settle: 0.596),
    ]

    @Test(arguments: presetSettles)
    func presetSettlingTimesMatchTheDesign(_ p: PresetExpectation) {
        let spring = p.style.spring
        #expect(abs(spring.settlingDuration() - p.settle) < 0.001, "\(p.style.name): \(spring.settlingDuration())")
        #expect(spring.settleTime == spring.settlingDuration())
    }

    @Test(arguments: presetSettles)
    func presetSettlingTimesHoldBySampling(_ p: PresetExpectation) {
        let spring = p.style.spring
        let settle = spring.settlingDuration()
        // From the settling time on, the unit step stays in the 0.001 band.
        var worst = 0.0
        var t = settle
        while t < settle + 3 {
            worst = max(worst, abs(spring.value(at: t) - 1))
            t += 1e-4
        }
        #expect(worst <= 0.001 + 1e-12, "\(p.style.name)")
        // Just before it, the value is still outside the band.
        #expect(abs(spring.value(at: settle - 1e-6) - 1) > 0.001)
        // And the last sample outside the band is within one step of the settling time.
        var lastOutside = 0.0
        t = 0
        while t < settle + 1 {
            if abs(spring.value(at: t) - 1) > 0.001 { lastOutside = t }
            t += 1e-5
        }
        #expect(settle >= lastOutside && settle <= lastOutside + 1e-5 + 1e-9)
    }

    @Test func presetsAreTheDesignedSprings() {
        for (style, k, c) in [(MotionStyle.snappy, 350.0, 30.0), (.smooth, 170, 26), (.bouncy, 300, 22)] {
            #expect(style.spring.mass == 1)
            #expect(style.spring.stiffness == k)
            #expect(style.spring.damping == c)
            #expect(style.spring.initialVelocity == 0)
        }
        #expect(MotionStyle.snappy.stagger == 0.035 && MotionStyle.snappy.fade == 0.15)
        #expect(MotionStyle.smooth.stagger == 0.05 && MotionStyle.smooth.fade == 0.2)
        #expect(MotionStyle.bouncy.stagger == 0.04 && MotionStyle.bouncy.fade == 0.18)
        #expect(MotionStyle.preset(named: "bouncy") == .bouncy)
        #expect(MotionStyle.preset(named: "wobbly") == nil)
    }

    /// The largest value of the unit step, by dense sampling.
    private func sampledPeak(_ spring: Spring, until end: Double = 2) -> Double {
        var peak = -Double.infinity
        var t = 0.0
        while t < end {
            peak = max(peak, spring.value(at: t))
            t += 1e-5
        }
        return peak
    }

    @Test func bouncyOvershootsAndSmoothDoesNot() {
        let bouncy = MotionStyle.bouncy.spring
        #expect(bouncy.overshoot > 0.01)
        // The textbook overshoot of an underdamped step: exp(−ζπ / √(1 − ζ²)).
        let z = bouncy.dampingRatio
        let textbook = Math.exp(-z * .pi / (1 - z * z).squareRoot())
        #expect(isClose(bouncy.overshoot, textbook, 1e-9))
        #expect(isClose(bouncy.overshoot, sampledPeak(bouncy) - 1, 1e-6))

        let smooth = MotionStyle.smooth.spring
        #expect(smooth.overshoot < 1e-6)
        #expect(sampledPeak(smooth) - 1 < 1e-6)
    }

    @Test func overshootOfAThrownSpringMatchesSampling() throws {
        for (k, c, v) in [(300.0, 22.0, 25.0), (300, 22, -25), (100, 20, 30), (100, 40, 60), (350, 30, 0)] {
            let spring = try Spring(stiffness: k, damping: c, initialVelocity: v)
            let sampled = max(sampledPeak(spring) - 1, 0)
            #expect(isClose(spring.overshoot, sampled, 1e-6), "k=\(k) c=\(c) v=\(v): \(spring.overshoot) vs \(sampled)")
        }
    }

    // MARK: Continuity

    @Test(arguments: SpringCase.all)
    func valueAndVelocityAreContinuous(_ c: SpringCase) throws {
        let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: -3)
        var random = SeededRandom(seed: 11)
        let dt = 1e-7
        for _ in 0..<200 {
            let t = random.uniform(0, 2)
            let dx = spring.value(at: t + dt) - spring.value(at: t)
            let dv = spring.velocity(at: t + dt) - spring.velocity(at: t)
            // Lipschitz bounds: |x'| and |x''| of a unit step stay well under these.
            #expect(abs(dx) < 100 * dt)
            #expect(abs(dv) < 1e4 * dt)
            // And the velocity is the derivative of the value.
            let h = 1e-6
            let numeric = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
            if t > h { #expect(isClose(numeric, spring.velocity(at: t), 1e-5)) }
        }
    }

    // MARK: Invalid parameters

    struct InvalidSpring: Sendable, CustomTestStringConvertible {
        var mass = 1.0, stiffness = 100.0, damping = 10.0, velocity = 0.0
        var error: TimingError
        var names: String
        var testDescription: String { "m=\(mass) k=\(stiffness) c=\(damping) v=\(velocity)" }
    }

    static let invalidSprings: [InvalidSpring] = [
        InvalidSpring(mass: 0, error: .invalidMass, names: "mass"),
        InvalidSpring(mass: -1, error: .invalidMass, names: "mass"),
        InvalidSpring(mass: .nan, error: .invalidMass, names: "mass"),
        InvalidSpring(mass: .infinity, error: .invalidMass, names: "mass"),
        InvalidSpring(stiffness: -5, error: .invalidStiffness, names: "stiffness"),
        InvalidSpring(stiffness: 0, error: .invalidStiffness, names: "stiffness"),
        InvalidSpring(stiffness: .nan, error: .invalidStiffness, names: "stiffness"),
        InvalidSpring(damping: -1, error: .invalidDamping, names: "damping"),
        InvalidSpring(damping: 0, error: .invalidDamping, names: "damping"),
        InvalidSpring(damping: .nan, error: .invalidDamping, names: "damping"),
        InvalidSpring(velocity: .infinity, error: TimingError(.invalidVelocity, ""), names: "velocity"),
        InvalidSpring(velocity: -.infinity, error: TimingError(.invalidVelocity, ""), names: "velocity"),
        InvalidSpring(velocity: .nan, error: TimingError(.invalidVelocity, ""), names: "velocity"),
        // Finite but outside the documented ranges: the numbers of issue 14.
        InvalidSpring(mass: 1e-308, error: .invalidMass, names: "mass 1e-308 is out of range; use a number in 1e-9…1e9"),
        InvalidSpring(mass: 1e300, error: .invalidMass, names: "mass 1e300 is out of range"),
        InvalidSpring(stiffness: 2e9, error: .invalidStiffness, names: "stiffness 2e9 is out of range"),
        InvalidSpring(damping: 1e-12, error: .invalidDamping, names: "damping 1e-12 is out of range"),
        InvalidSpring(velocity: -1e10, error: .invalidVelocity, names: "velocity -1e10 is out of range; use a number in -1e9…1e9"),
    ]

    @Test(arguments: invalidSprings)
    func invalidParametersThrowANamedError(_ p: InvalidSpring) {
        let error = #expect(throws: TimingError.self) {
            try Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity)
        }
        #expect(error == p.error)
        #expect(error?.message.contains(p.names) == true, "\(error?.message ?? "")")
        #expect(error?.description == error?.message)
    }

    // MARK: Settling

    /// The last time (on a grid of `step`) at which |u| exceeds `tolerance`, up to `end`.
    private func sampledSettle(_ s: Spring, u0: Double, v0: Double, tolerance: Double, end: Double, step: Double) -> Double {
        var last = 0.0
        var t = 0.0
        while t <= end {
            let b = s.basis(at: t)
            if abs(u0 * b.a + v0 * b.b) > tolerance { last = t }
            t += step
        }
        return last
    }

    @Test func settlingTimeIsExactForRandomMotions() throws {
        var random = SeededRandom(seed: 2024)
        for _ in 0..<40 {
            let mass = random.uniform(0.2, 4)
            let stiffness = random.uniform(20, 800)
            let zeta = random.uniform(0.15, 2.5)
            let damping = zeta * 2 * (stiffness * mass).squareRoot()
            let s = try Spring(mass: mass, stiffness: stiffness, damping: damping)
            let u0 = random.uniform(-3, 3), v0 = random.uniform(-60, 60)
            let tolerance = random.next() % 2 == 0 ? 1e-3 : 1e-2
            let exact = s.settlingTime(displacement: u0, velocity: v0, tolerance: tolerance)
            let step = min(1e-4, 0.002 / s.naturalFrequency)
            let bound = s.settleBound(displacement: u0, velocity: v0, tolerance: tolerance)
            let sampled = sampledSettle(s, u0: u0, v0: v0, tolerance: tolerance, end: bound + 0.1, step: step)
            #expect(exact >= sampled - 1e-9 && exact <= sampled + step + 1e-9,
                    "m=\(mass) k=\(stiffness) ζ=\(zeta) u0=\(u0) v0=\(v0): \(exact) vs sampled \(sampled)")
        }
    }

    @Test func settleBoundCoversEveryMotionWithin() throws {
        var random = SeededRandom(seed: 77)
        for _ in 0..<300 {
            let mass = random.uniform(0.2, 4)
            let stiffness = random.uniform(20, 800)
            let zeta = [0.3, 0.8, 1.0, 1.6, 3].randomElement(using: &random)! * random.uniform(0.9, 1.1)
            let s = try Spring(mass: mass, stiffness: stiffness, damping: zeta * 2 * (stiffness * mass).squareRoot())
            let u = random.uniform(0, 5), v = random.uniform(0, 200)
            let tolerance = random.uniform(1e-4, 1e-2)
            let bound = s.settleBound(displacement: u, velocity: v, tolerance: tolerance)
            #expect(bound.isFinite && bound >= 0)
            for (su, sv) in [(1.0, 1.0), (1, -1), (-1, 1), (-1, -1)] {
                let fu = random.uniform(0, 1), fv = random.uniform(0, 1)
                for (du, dv) in [(u, v), (u * fu, v * fv)] {
                    let exact = s.settlingTime(displacement: su * du, velocity: sv * dv, tolerance: tolerance)
                    #expect(bound >= exact - 1e-9, "bound \(bound) < exact \(exact)")
                    // The bound is a promise about every later time too.
                    let b = s.basis(at: bound)
                    #expect(abs(su * du * b.a + sv * dv * b.b) <= tolerance * (1 + 1e-9))
                }
            }
        }
    }

    @Test func aLightlyDampedSpringSettlesAtItsLastLargeSwing() throws {
        // Thousands of oscillations above the band before it settles.
        let s = try Spring(mass: 1, stiffness: 1000, damping: 0.01)
        let settle = s.settlingDuration()
        // For a unit step from rest, the extrema are at kπ/ω_d with |u| = e^{−σ t}.
        let sigma = 0.005, wd = (1000 - sigma * sigma).squareRoot()
        let lastLarge = (Math.log(1000) / sigma / (.pi / wd)).rounded(.down) * .pi / wd
        #expect(settle > lastLarge && settle < lastLarge + .pi / wd, "\(settle) vs last swing \(lastLarge)")
        #expect(abs(s.value(at: settle - 1e-6) - 1) > 0.001)
        var worst = 0.0
        var t = settle
        while t < lastLarge + 3 {
            worst = max(worst, abs(s.value(at: t) - 1))
            t += 1e-3
        }
        #expect(worst <= 0.001 + 1e-12)
    }

    @Test func extremeButValidParametersGiveFiniteNumbers() throws {
        for (m, k, c, v) in [
            (1e-6, 1e6, 1, 0.0), (1e3, 1, 100, 5), (1, 1e9, 1e5, -1e6), (1e-9, 1e9, 1e9, 1e9), (1e-9, 1e-9, 1e-9, 0),
        ] {
            let s = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
            #expect(s.settleTime.isFinite && s.settleTime <= Spring.maximumSettlingDuration, "m=\(m) k=\(k) c=\(c)")
            for t in [0, 1e-3, 0.1, 1, 100, s.settleTime, 1e9] {
                #expect(s.value(at: t).isFinite && s.velocity(at: t).isFinite, "m=\(m) k=\(k) c=\(c) t=\(t)")
            }
        }
    }

    /// Springs drawn log-uniformly across (and a little beyond) the accepted
    /// ranges: each is either rejected with a `TimingError` or settles within an
    /// hour and yields finite numbers at every time, with the unit step inside
    /// the 0.001 band from its settling time on.
    @Test func everySpringIsRejectedOrWellBehaved() {
        var random = SeededRandom(seed: 1414)
        func logUniform(_ lo: Double, _ hi: Double) -> Double { Math.exp(random.uniform(Math.log(lo), Math.log(hi))) }
        var accepted = 0
        for _ in 0..<3000 {
            let m = logUniform(1e-11, 1e11), k = logUniform(1e-11, 1e11), c = logUniform(1e-11, 1e11)
            let v = random.next() % 3 == 0 ? 0 : (random.next() % 2 == 0 ? 1 : -1) * logUniform(1e-3, 1e11)
            let spring: Spring
            do {
                spring = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
            } catch {
                #expect(!error.message.isEmpty)
                continue
            }
            accepted += 1
            let settle = spring.settleTime
            #expect(settle.isFinite && settle >= 0 && settle <= Spring.maximumSettlingDuration, "m=\(m) k=\(k) c=\(c) v=\(v)")
            #expect(spring.naturalFrequency.isFinite && spring.dampingRatio.isFinite && spring.overshoot.isFinite)
            for t in [0, settle * random.uniform(0, 1), settle, settle * 1.5 + 1, 1e6] {
                let x = spring.value(at: t), dx = spring.velocity(at: t)
                #expect(x.isFinite && dx.isFinite, "m=\(m) k=\(k) c=\(c) v=\(v) t=\(t)")
                if t >= settle { #expect(abs(x - 1) <= 0.001 * (1 + 1e-6), "m=\(m) k=\(k) c=\(c) v=\(v) t=\(t): \(x)") }
            }
        }
        // Both outcomes are exercised.
        #expect(accepted > 300 && accepted < 2700, "\(accepted) accepted")
    }

    /// The reproductions of issue 14: each used to trap, overflow or allocate
    /// gigabytes downstream; each is now an error naming the number at fault.
    @Test(arguments: [
        // m, k, c, v, the kind and what the message must say.
        (1e-308, 350.0, 30.0, 0.0, TimingError.invalidMass, "spring mass 1e-308 is out of range"),
        (1e300, 350, 30, 0, .invalidMass, "spring mass 1e300 is out of range"),
        (1, 350, 1e-6, 0, .invalidDamping, "spring damping 1e-6 is too small for a mass of 1"),
        (1e6, 350, 30, 0, .invalidDamping, "spring damping 30 is too small for a mass of 1e6"),
        (1, 350, 1e6, 0, .invalidDamping, "spring damping 1e6 is too large for a stiffness of 350"),
        (1, 1e-8, 30, 0, .invalidStiffness, "spring stiffness 1e-8 is too weak for a mass of 1"),
        (1, 5e-5, 0.0142, 1e9, .invalidVelocity, "spring initial velocity 1e9 is too large"),
    ])
    func slowOrImpossibleSpringsNameTheNumberAtFault(
        _ m: Double, _ k: Double, _ c: Double, _ v: Double, _ kind: TimingError, _ says: String
    ) {
        let error = #expect(throws: TimingError.self) { try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v) }
        #expect(error == kind)
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
    }

    /// The number a settling-time error suggests is one that works.
    @Test func theSuggestedNumberSettlesInTime() throws {
        /// The number after the last "least" or "about" ("at least about 0.0038", "at least 6.6e-6").
        func suggestion(_ message: String) -> Double? {
            let words = message.split(separator: " ")
            guard let i = words.lastIndex(where: { $0 == "about" || $0 == "least" }), i + 1 < words.count else { return nil }
            return Double(words[i + 1])
        }
        let tooLight = #expect(throws: TimingError.self) { try Spring(mass: 1, stiffness: 350, damping: 1e-6) }
        let damping = try #require(suggestion(tooLight?.message ?? ""))
        #expect(try Spring(mass: 1, stiffness: 350, damping: damping * 1.05).settleTime <= Spring.maximumSettlingDuration)

        let tooHeavy = #expect(throws: TimingError.self) { try Spring(mass: 1, stiffness: 350, damping: 1e6) }
        let lighter = try #require(suggestion(tooHeavy?.message ?? ""))
        #expect(try Spring(mass: 1, stiffness: 350, damping: lighter / 1.05).settleTime <= Spring.maximumSettlingDuration)

        let tooWeak = #expect(throws: TimingError.self) { try Spring(mass: 2, stiffness: 1e-7, damping: 1e-3) }
        let stiffness = try #require(suggestion(tooWeak?.message ?? ""))
        let critical = 2 * (stiffness * 1.001 * 2).squareRoot()
        #expect(try Spring(mass: 2, stiffness: stiffness * 1.001, damping: critical).settleTime <= Spring.maximumSettlingDuration)
    }

    /// Public settling functions take any finite start: huge ones used to reach
    /// an empty list of extrema (a trap) or an infinite envelope.
    @Test func settlingTimesOfHugeStartsAreFinite() throws {
        for spring in [MotionStyle.bouncy.spring, MotionStyle.snappy.spring, try Spring(stiffness: 100, damping: 20), try Spring(stiffness: 100, damping: 80)] {
            for (u, v) in [(1e308, -1e308), (-1e308, 1e308), (1e200, 0), (0, 1e250), (1, -1e300)] {
                let exact = spring.settlingTime(displacement: u, velocity: v, tolerance: 0.001)
                let bound = spring.settleBound(displacement: u, velocity: v, tolerance: 0.001)
                #expect(exact.isFinite && exact > 0, "u=\(u) v=\(v): \(exact)")
                #expect(bound.isFinite && bound >= exact - 1e-9, "u=\(u) v=\(v): bound \(bound) vs \(exact)")
            }
        }
    }

    @Test func withInitialVelocityKeepsTheSpring() throws {
        let s = MotionStyle.bouncy.spring.withInitialVelocity(3)
        #expect(s.stiffness == 300 && s.damping == 22 && s.initialVelocity == 3)
        #expect(isClose(s.velocity(at: 0), 3, 1e-12))
        #expect(MotionStyle.bouncy.spring.withInitialVelocity(.nan).initialVelocity == 0)
        #expect(s.settleTime == s.settlingTime(displacement: -1, velocity: 3, tolerance: 0.001))
    }

    @Test func aSpringThatWouldNeverSettleIsRejected() {
        let error = #expect(throws: TimingError.self) { try Spring(stiffness: 1, damping: Double.leastNormalMagnitude * 1e-8) }
        #expect(error == .invalidDamping)
        #expect(error?.message.contains("damping") == true)
        // A thrown velocity beyond the range is clamped into it: finite duration, finite values.
        let thrown = MotionStyle.snappy.spring.withInitialVelocity(1e308)
        #expect(thrown.initialVelocity == Spring.initialVelocityRange.upperBound)
        #expect(thrown.settleTime.isFinite && thrown.value(at: 0.01).isFinite)
        #expect(TimingCurve.spring(thrown).repeatsForever == false)
    }

    @Test func aHeavilyOverdampedSpringKeepsItsSlowRoot() throws {
        // ζ = 5e8: ζ − √(ζ² − 1) cancels to nothing in floating point; the slow
        // root must still be about −k/c, so the spring settles at about ln(1000)·c/k.
        let s = try Spring(mass: 1e-9, stiffness: 1e9, damping: 1e9)
        #expect(isClose(s.settleTime, Math.log(1000), 1e-3), "\(s.settleTime)")
    }
}
