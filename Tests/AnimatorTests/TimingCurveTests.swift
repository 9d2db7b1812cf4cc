import Testing
@testable import Animator
import TestSupport

/// A curve with a name, for argument tables.
struct NamedCurve: Sendable, CustomTestStringConvertible {
    var name: String
    var curve: TimingCurve
    var testDescription: String { name }
}

@Suite struct TimingCurveTests {
    static let keyed = try! TimingCurve.keyframes([
        Keyframe(time: 0, value: 0), Keyframe(time: 0.1, value: 1, curve: .easeOut),
        Keyframe(time: 0.25, value: 0.4, curve: .easeInOut), Keyframe(time: 0.4, value: 1, curve: .easeIn),
    ])

    /// Curves that go from 0 to 1 and then hold.
    static let finishingCurves: [NamedCurve] = [
        NamedCurve(name: "linear 0.3 s", curve: .linear(duration: 0.3)),
        NamedCurve(name: "easeOut 0.2 s", curve: .bezier(.easeOut, duration: 0.2)),
        NamedCurve(name: "expoOut 1 s", curve: .bezier(.expoOut, duration: 1)),
        NamedCurve(name: "snappy spring", curve: .spring(MotionStyle.snappy.spring)),
        NamedCurve(name: "bouncy spring", curve: .spring(MotionStyle.bouncy.spring)),
        NamedCurve(name: "overdamped spring", curve: .spring(try! Spring(stiffness: 100, damping: 50))),
        NamedCurve(
            name: "dual phase",
            curve: .dualPhase(first: .easeIn, second: .expoOut, split: (time: 0.3, progress: 0.7), duration: 0.5)),
        NamedCurve(name: "keyframes", curve: keyed),
    ]

    @Test(arguments: finishingCurves)
    func progressRunsFromZeroToOne(_ c: NamedCurve) {
        let curve = c.curve
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: -1) == 0)
        #expect(curve.duration > 0 && curve.duration.isFinite)
        #expect(curve.progress(at: curve.duration) == 1)
        #expect(curve.progress(at: curve.duration + 5) == 1)
        #expect(curve.finalProgress == 1)
        #expect(!curve.repeatsForever)
    }

    @Test func durationsAreSanitised() {
        #expect(TimingCurve.linear(duration: -1) == .instant)
        #expect(TimingCurve.linear(duration: .nan) == .instant)
        #expect(TimingCurve.bezier(.ease, duration: .infinity) == .instant)
        #expect(TimingCurve.instant.progress(at: 0) == 1)
        #expect(TimingCurve.instant.progress(at: -0.001) == 0)
        #expect(TimingCurve.spring(MotionStyle.bouncy.spring).duration == MotionStyle.bouncy.spring.settlingDuration())
        #expect(TimingCurve.spring(MotionStyle.bouncy.spring).spring == MotionStyle.bouncy.spring)
        #expect(TimingCurve.linear(duration: 1).spring == nil)
    }

    @Test func bezierCurveScalesTime() {
        let curve = TimingCurve.bezier(.easeInOut, duration: 0.4)
        for x in [0.1, 0.25, 0.5, 0.8] {
            #expect(isClose(curve.progress(at: 0.4 * x), CubicBezier.easeInOut.value(at: x), 1e-12))
        }
        #expect(isClose(TimingCurve.linear(duration: 2).progress(at: 0.5), 0.25, 1e-12))
    }

    @Test func durationsAreBoundedBothWays() {
        // Below a microsecond a curve is instant: its slope would not fit a velocity.
        #expect(TimingCurve.linear(duration: Double.leastNormalMagnitude / 1e4) == .instant)
        #expect(TimingCurve.linear(duration: TimingCurve.minimumDuration).duration == TimingCurve.minimumDuration)
        // Above an hour it is clamped to an hour.
        #expect(TimingCurve.linear(duration: 1e300).duration == TimingCurve.maximumDuration)
        #expect(TimingCurve.dualPhase(first: .easeIn, second: .easeOut, split: (0.5, 0.5), duration: 1e300).duration
            == TimingCurve.maximumDuration)
        // A count of passes is clamped too, so a long repeat never reads as "forever".
        let many = TimingCurve.linear(duration: 3600).repeating(.times(.max))
        #expect(!many.repeatsForever && many.duration == 3600 * Double(TimingCurve.maximumRepeatCount))
        #expect(TimingCurve.linear(duration: 1).repeating(.times(.min)).duration == 1)
    }

    /// Curves made from any numbers at all, sampled at any time, give finite
    /// progress, velocity and carry: the factories clamp what they cannot use.
    @Test func curvesFromAnyNumbersAreFinite() throws {
        var random = SeededRandom(seed: 303)
        let extremes: [Double] = [
            0, -0.0, Double.leastNormalMagnitude / 1e4, 1e-300, 1e-7, 1e-6, 0.3, 1, 3599.9, 1e9, 1e300, .greatestFiniteMagnitude, .infinity,
            -.infinity, .nan, -1, -1e-300,
        ]
        func any() -> Double { random.next() % 2 == 0 ? extremes[random.int(0...extremes.count - 1)] : random.uniform(-2, 2) }
        func bezier() -> CubicBezier {
            (try? CubicBezier(x1: any(), y1: any(), x2: any(), y2: any()))
                ?? [.linear, .ease, .easeIn, .easeOut, .easeInOut, .expoOut][random.int(0...5)]
        }
        var curves: [TimingCurve] = []
        for _ in 0..<400 {
            curves.append(.bezier(bezier(), duration: any()))
            curves.append(.dualPhase(first: bezier(), second: bezier(), split: (any(), any()), duration: any()))
            if let keyed = try? TimingCurve.keyframes([Keyframe(time: 0, value: any()), Keyframe(time: abs(any()), value: any(), curve: bezier())]) {
                curves.append(keyed)
            }
            let count: RepeatCount = random.next() % 4 == 0 ? .forever : .times(Int(truncatingIfNeeded: random.next()))
            curves.append(curves[curves.count - 1 - random.int(0...1)].repeating(count, autoreverse: random.next() % 2 == 0))
        }
        for curve in curves {
            #expect(curve.duration >= 0 && !curve.duration.isNaN, "\(curve)")
            #expect(curve.initialVelocity.isFinite, "\(curve)")
            for t in extremes + [curve.duration, curve.duration.isFinite ? curve.duration * random.uniform(0, 1) : 1] {
                let s = curve.sample(at: t)
                #expect(
                    s.progress.isFinite && s.velocity.isFinite && s.carry.isFinite && s.carryVelocity.isFinite,
                    "\(curve) at \(t): \(s)")
            }
        }
    }

    // MARK: Dual phase

    @Test(arguments: [(0.3, 0.7), (0.5, 0.5), (0.8, 0.1), (0.1, 0.9)])
    func dualPhasePassesThroughItsSplitContinuously(_ st: Double, _ sp: Double) {
        let d = 0.6
        let curve = TimingCurve.dualPhase(first: .easeIn, second: .easeOut, split: (time: st, progress: sp), duration: d)
        let join = st * d
        #expect(isClose(curve.progress(at: join), sp, 1e-12))
        #expect(isClose(curve.progress(at: join - 1e-9), sp, 1e-6))
        #expect(isClose(curve.progress(at: join + 1e-9), sp, 1e-6))
        // The first phase is the first easing squeezed into the split.
        #expect(isClose(curve.progress(at: join / 2), sp * CubicBezier.easeIn.value(at: 0.5), 1e-12))
    }

    @Test func dualPhaseClampsItsSplit() {
        let curve = TimingCurve.dualPhase(first: .linear, second: .linear, split: (time: 3, progress: -2), duration: 1)
        #expect(curve.progress(at: 0.5) == 0)
        #expect(curve.progress(at: 1) == 1)
        let nanSplit = TimingCurve.dualPhase(first: .linear, second: .linear, split: (time: .nan, progress: .nan), duration: 1)
        #expect(isClose(nanSplit.progress(at: 0.5), 0.5, 1e-12))
    }

    // MARK: Keyframes

    @Test func keyframesPassThroughTheirStops() throws {
        let frames = [
            Keyframe(time: 0, value: 0.2), Keyframe(time: 0.3, value: 1, curve: .easeOut),
            Keyframe(time: 0.5, value: -0.4, curve: .ease), Keyframe(time: 0.5, value: 0.6), Keyframe(time: 1.2, value: 0),
        ]
        let curve = try TimingCurve.keyframes(frames)
        #expect(curve.duration == 1.2)
        #expect(curve.progress(at: 0) == 0.2)
        #expect(curve.progress(at: -1) == 0.2)
        #expect(curve.progress(at: 0.3) == 1)
        #expect(curve.progress(at: 1.2) == 0)
        #expect(curve.finalProgress == 0)
        // Continuity at the joins that are not jumps.
        for join in [0.3, 1.2] {
            #expect(isClose(curve.progress(at: join - 1e-9), curve.progress(at: join + 1e-9), 1e-6), "join \(join)")
        }
        // Within a segment, the segment's own easing.
        #expect(isClose(curve.progress(at: 0.15), 0.2 + 0.8 * CubicBezier.easeOut.value(at: 0.5), 1e-12))
        // Two keyframes at one time make a jump; afterwards the later one holds.
        #expect(isClose(curve.progress(at: 0.5 + 1e-9), 0.6, 1e-6))
        let single = try TimingCurve.keyframes([Keyframe(time: 0.2, value: 0.7)])
        #expect(single.progress(at: 0) == 0.7 && single.progress(at: 5) == 0.7 && single.duration == 0.2)
    }

    @Test(arguments: [
        [Keyframe](),
        [Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 1), Keyframe(time: 0.4, value: 0)],
        [Keyframe(time: .nan, value: 0)],
        [Keyframe(time: 0, value: 0), Keyframe(time: .nan, value: 1)],
        [Keyframe(time: 0, value: .nan)],
        [Keyframe(time: 0, value: 0), Keyframe(time: .infinity, value: 1)],
        [Keyframe(time: -1, value: 0)],
    ])
    func invalidKeyframesThrow(_ frames: [Keyframe]) {
        let error = #expect(throws: TimingError.self) { try TimingCurve.keyframes(frames) }
        #expect(error == .invalidKeyframes)
        #expect(error?.message.contains("keyframe") == true)
    }

    @Test(arguments: [
        ([Keyframe(time: 0, value: 0), Keyframe(time: 1e300, value: 1)], "keyframe 1 time 1e300 is out of range; use seconds in 0…3600"),
        ([Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1e12)], "keyframe 1 value 1e12 is out of range; use a number in -1e9…1e9"),
        ([Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 1), Keyframe(time: 0.4, value: 0)],
         "keyframe 2 time 0.4 comes before keyframe 1's 0.5"),
        ([Keyframe(time: -1, value: 0)], "keyframe 0 time -1 is out of range"),
        ([Keyframe(time: 0, value: .nan)], "keyframe 0 value nan is out of range"),
    ])
    func keyframeErrorsNameTheKeyframeTheNumberAndTheRange(_ frames: [Keyframe], _ says: String) {
        let error = #expect(throws: TimingError.self) { try TimingCurve.keyframes(frames) }
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
    }

    // MARK: Repeats

    @Test func repeatingPlaysTheBaseCurveAgain() {
        let base = TimingCurve.bezier(.easeOut, duration: 0.5)
        let thrice = base.repeating(.times(3))
        #expect(thrice.duration == 1.5)
        #expect(!thrice.repeatsForever)
        for t in [0.1, 0.2, 0.45] {
            #expect(isClose(thrice.progress(at: t + 0.5), base.progress(at: t), 1e-12))
            #expect(isClose(thrice.progress(at: t + 1.0), base.progress(at: t), 1e-12))
        }
        #expect(thrice.progress(at: 1.5) == 1)
        #expect(thrice.progress(at: 9) == 1)
        #expect(thrice.finalProgress == 1)
        #expect(base.repeating(.times(0)).duration == 0.5)
        #expect(base.repeating(.times(-4)).duration == 0.5)
        #expect(TimingCurve.instant.repeating(.forever) == .instant)
    }

    @Test func repeatingForeverNeverEnds() {
        let forever = TimingCurve.linear(duration: 0.4).repeating(.forever)
        #expect(forever.duration == .infinity)
        #expect(forever.repeatsForever)
        #expect(isClose(forever.progress(at: 1000.1), 0.25, 1e-6))
        #expect(forever.finalProgress.isFinite)
    }

    @Test func autoreverseGoesBack() {
        let base = TimingCurve.bezier(.easeIn, duration: 1)
        let rock = base.repeating(.times(2), autoreverse: true)
        #expect(rock.duration == 2)
        for x in [0.1, 0.25, 0.5, 0.9] {
            // The second pass mirrors the first.
            #expect(isClose(rock.progress(at: 1 + x), base.progress(at: 1 - x), 1e-12), "x=\(x)")
        }
        #expect(isClose(rock.progress(at: 1.5), base.progress(at: 0.5), 1e-12))
        #expect(rock.progress(at: 2) == 0)
        #expect(rock.finalProgress == 0)
        #expect(rock.velocity(at: 1.5) < 0)
        let three = base.repeating(.times(3), autoreverse: true)
        #expect(three.finalProgress == 1)
        let forever = base.repeating(.forever, autoreverse: true)
        #expect(isClose(forever.progress(at: 7.25), base.progress(at: 0.75), 1e-9))
        #expect(isClose(forever.progress(at: 8.25), base.progress(at: 0.25), 1e-9))
    }

    // MARK: Velocity

    static let velocityCurves: [NamedCurve] = finishingCurves + [
        NamedCurve(name: "thrown spring", curve: .spring(MotionStyle.smooth.spring.withInitialVelocity(-6))),
        NamedCurve(name: "repeat ×3", curve: TimingCurve.bezier(.easeInOut, duration: 0.3).repeating(.times(3))),
        NamedCurve(
            name: "autoreverse forever",
            curve: TimingCurve.bezier(.ease, duration: 0.35).repeating(.forever, autoreverse: true)),
    ]

    /// Curves searched for their crossings: the above, one with no duration and one that overshoots.
    static let crossingCurves: [NamedCurve] = velocityCurves + [
        NamedCurve(name: "instant", curve: .instant),
        NamedCurve(name: "overshooting spring", curve: .spring(try! Spring(stiffness: 300, damping: 8))),
    ]

    @Test(arguments: velocityCurves)
    func velocityIsTheDerivativeOfProgress(_ c: NamedCurve) {
        let curve = c.curve
        let end = curve.duration.isFinite ? curve.duration : 2
        var random = SeededRandom(seed: 3)
        let h = 1e-6
        var checked = 0
        for _ in 0..<200 {
            let t = random.uniform(0, end)
            let numeric = (curve.progress(at: t + h) - curve.progress(at: t - h)) / (2 * h)
            // Skip the kinks (joins, turnarounds) a central difference straddles.
            let left = (curve.progress(at: t) - curve.progress(at: t - h)) / h
            let right = (curve.progress(at: t + h) - curve.progress(at: t)) / h
            guard abs(left - right) < 1e-3 * max(1, abs(numeric)) else { continue }
            checked += 1
            #expect(
                abs(curve.velocity(at: t) - numeric) <= 1e-4 * max(1, abs(numeric)),
                "\(c.name) at \(t): \(curve.velocity(at: t)) vs \(numeric)")
        }
        #expect(checked > 150)
        #expect(curve.velocity(at: -1) == 0)
        if curve.duration.isFinite { #expect(curve.velocity(at: curve.duration + 1) == 0) }
    }

    // MARK: Samples

    @Test(arguments: finishingCurves)
    func sampleAgreesWithProgressAndVelocity(_ c: NamedCurve) {
        let curve = c.curve
        for t in stride(from: 0.01, to: curve.duration, by: curve.duration / 37) {
            let s = curve.sample(at: t)
            #expect(isClose(s.progress, curve.progress(at: t), 1e-12))
            #expect(isClose(s.velocity, curve.velocity(at: t), 1e-9 * max(1, abs(s.velocity))))
        }
    }

    /// A curve sampled where it lies (what the planner and the frame do with every curve
    /// they keep) gives `progress(at:)` and `velocity(at:)` to the bit: every kind, and each
    /// repeated (a number of times or forever, reversing or not, and a repeat repeated), at
    /// times across its passes, their seams and far past its end included.
    @Test(arguments: finishingCurves)
    func samplingInPlaceIsTheCurvesOwnProgressAndVelocity(_ c: NamedCurve) {
        let d = c.curve.duration
        let curves = [
            c.curve, c.curve.repeating(.times(3)), c.curve.repeating(.times(4), autoreverse: true),
            c.curve.repeating(.forever), c.curve.repeating(.forever, autoreverse: true),
            c.curve.repeating(.times(2), autoreverse: true).repeating(.times(3), autoreverse: true),
        ]
        var times = stride(from: -0.05, through: 5.3 * d, by: d / 29).map { $0 }
        times += (0...5).flatMap { k in [Double(k) * d, Double(k) * d.nextDown, Double(k) * d.nextUp] }
        times += [0, 1e9, 0x1p60, .infinity, -.infinity]
        for curve in curves {
            for t in times {
                let (p, v) = withUnsafePointer(to: curve) { TimingCurve.progressAndVelocity($0, at: t, velocity: true) }
                let (q, w) = withUnsafePointer(to: curve) { TimingCurve.progressAndVelocity($0, at: t, velocity: false) }
                #expect(p.bitPattern == curve.progress(at: t).bitPattern, "\(c.name), \(curve.duration) s, at \(t)")
                #expect(v.bitPattern == curve.velocity(at: t).bitPattern, "\(c.name), \(curve.duration) s, at \(t)")
                #expect(q.bitPattern == p.bitPattern && w == 0)
            }
        }
    }

    /// A curve's crossing of a level is the first time its progress reaches the level: there
    /// progress is at the level or past it, and just before it, below (levels never reached,
    /// and the ends, included); found with the curve's scan, it is the same. (Known: a Bézier's crossing is found up to a Newton step late
    /// when the steps come at it from below, past the curve's inflection: 1.5 ms on a linear
    /// 0.3 s curve at 0.51.)
    @Test(arguments: crossingCurves)
    func aCrossingIsTheFirstTimeProgressReachesTheLevel(_ c: NamedCurve) {
        let curve = c.curve, scan = curve.crossingScan()
        var levels = stride(from: -0.1, through: 1.3, by: 0.01).map { $0 }
        levels += [0, 1, 1.nextDown, 1.nextUp, 0.5.nextUp, .infinity, -.infinity]
        var crossed = 0
        for level in levels {
            // Searched with the curve's scan made beforehand (a fade many sprites cross): the same, to the bit.
            #expect(
                curve.firstTime(reaching: level, scan: scan)?.bitPattern == curve.firstTime(reaching: level)?.bitPattern,
                "\(c.name) at \(level)")
            guard let found = curve.firstTime(reaching: level) else {
                // Never reached: nowhere on the curve (sampled finely) is progress at the level.
                let end = curve.duration.isFinite && curve.duration > 0 ? curve.duration : 10
                #expect(stride(from: 0, through: end, by: end / 500).allSatisfy { curve.progress(at: $0) < level })
                continue
            }
            guard found > 1e-6 else { continue }
            crossed += 1
            #expect(curve.progress(at: found) >= level, "\(c.name) at \(level)")
            // (Not at the very top: an ease out is 1 in floating point before it is 1 on paper.)
            guard level < 1 - 1e-9 else { continue }
            // A moment before, it had not: the first crossing, not a later time past it.
            #expect(curve.progress(at: found - 2e-6) < level, "\(c.name) at \(level)")
        }
        if curve.duration > 0 { #expect(crossed > 20, "\(c.name)") }
    }

    /// The crossing searched a step at a time (what the holds do, stopping once the answer no
    /// longer matters): at every step the answer the whole search gives lies within the bounds,
    /// which shrink, and at the end the bounds are that answer (or the fallback for a level the
    /// curve never reaches).
    @Test(arguments: crossingCurves)
    func aCrossingSearchedStepByStepKeepsTheAnswerInItsBounds(_ c: NamedCurve) {
        let curve = c.curve, scan = curve.crossingScan()
        var levels = stride(from: -0.05, through: 1.2, by: 0.0137).map { $0 }
        levels += [0, 1, 1.nextDown, 0.5.nextUp]
        var narrowed = 0
        for level in levels {
            let answer = curve.firstTime(reaching: level)
            var search = curve.crossingSearch(reaching: level, scan: scan)
            var before = search.bounds(otherwise: -1)
            var steps = 0
            while true {
                let bounds = search.bounds(otherwise: -1)
                let expected = answer ?? -1
                #expect(bounds.low <= expected && expected <= bounds.high, "\(c.name) at \(level), step \(steps)")
                #expect(bounds.low >= before.low && bounds.high <= before.high, "\(c.name) at \(level), step \(steps)")
                before = bounds
                if search.isDone { break }
                search.narrow(on: curve)
                steps += 1
            }
            #expect(search.answer?.bitPattern == answer?.bitPattern, "\(c.name) at \(level)")
            #expect(search.bounds(otherwise: -1) == (answer ?? -1, answer ?? -1), "\(c.name) at \(level)")
            #expect(steps <= 40)
            if steps > 0 { narrowed += 1 }
        }
        // (Every curve but a Bézier, whose crossing is solved outright, and the instant one is bisected.)
        if case .spring = curve.kind { #expect(narrowed > 20, "\(c.name)") }
    }

    @Test(arguments: finishingCurves)
    func carryStartsWithSlopeOneAndEndsAtRest(_ c: NamedCurve) {
        let curve = c.curve
        let start = curve.sample(at: 0)
        #expect(start.carry == 0)
        #expect(start.carryVelocity == 1)
        let h = 1e-7
        #expect(isClose(curve.sample(at: h).carry / h, 1, 1e-4))
        let end = curve.sample(at: curve.duration)
        if curve.spring != nil {
            // A spring's carry goes on decaying past its settling time (a thrown
            // glyph keeps moving until its own settle): within the spring's
            // precision at the end, and ever smaller.
            #expect(abs(end.carry) <= 0.001)
            #expect(abs(curve.sample(at: curve.duration + 1).carry) < abs(end.carry))
        } else {
            #expect(end.carry == 0)
            #expect(end.carryVelocity == 0)
            #expect(curve.sample(at: curve.duration + 1).carry == 0)
        }
        // carryVelocity is the derivative of carry.
        var random = SeededRandom(seed: 8)
        for _ in 0..<50 {
            let t = random.uniform(0.001, curve.duration - 0.001)
            let numeric = (curve.sample(at: t + 1e-6).carry - curve.sample(at: t - 1e-6).carry) / 2e-6
            #expect(isClose(curve.sample(at: t).carryVelocity, numeric, 1e-5), "\(c.name) at \(t)")
        }
    }

    @Test func carryOfNonSpringCurvesFadesSmoothly() {
        // t·(1 − t/D)² near the end: value and slope both go to zero.
        let curve = TimingCurve.linear(duration: 0.5)
        let s = curve.sample(at: 0.5 - 1e-4)
        #expect(s.carry < 1e-7 && s.carry > 0)
        #expect(abs(s.carryVelocity) < 1e-3)
        #expect(isClose(curve.sample(at: 0.25).carry, 0.25 * 0.25, 1e-12))
    }

    @Test func sampleNeverProducesNaN() {
        for c in Self.velocityCurves + [NamedCurve(name: "instant", curve: .instant)] {
            for t in [-Double.infinity, -1, 0, .nan, 1e-300, 1e300, .greatestFiniteMagnitude, .infinity] {
                let s = c.curve.sample(at: t)
                #expect(
                    s.progress.isFinite && s.velocity.isFinite && s.carry.isFinite && s.carryVelocity.isFinite,
                    "\(c.name) at \(t): \(s)")
                #expect(!c.curve.progress(at: t).isNaN, "\(c.name) progress at \(t)")
                #expect(!c.curve.velocity(at: t).isNaN, "\(c.name) velocity at \(t)")
            }
        }
    }
}
