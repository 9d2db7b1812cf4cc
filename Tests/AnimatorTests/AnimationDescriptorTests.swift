import Testing
@testable import Animator
import TestSupport

extension SeededRandom {
    /// A state with every channel drawn at random (positions in points, the rest in their own units).
    mutating func glyphState() -> GlyphState {
        GlyphState(
            position: Point(x: uniform(-500, 500), y: uniform(-300, 300)), scaleX: uniform(0, 3), scaleY: uniform(0, 3),
            rotation: uniform(-7, 7), skew: uniform(-0.5, 0.5), opacity: uniform(0, 1), blur: uniform(0, 12),
            tint: Tint(red: uniform(0, 1), green: uniform(0, 1), blue: uniform(0, 1), alpha: uniform(0, 1)),
            strokeEnd: uniform(0, 1))
    }
}

/// The channels of a state as a list, for channel-wise comparisons.
func channels(_ s: GlyphState) -> [Double] {
    GlyphChannel.allCases.map { s[$0] }
}

@Suite struct AnimationDescriptorTests {
    static let curves: [NamedCurve] = TimingCurveTests.finishingCurves + [
        NamedCurve(name: "thrown spring", curve: .spring(MotionStyle.bouncy.spring.withInitialVelocity(5))),
        NamedCurve(name: "repeat ×2 autoreverse", curve: TimingCurve.bezier(.ease, duration: 0.2).repeating(.times(2), autoreverse: true)),
    ]

    @Test(arguments: curves)
    func startsAtFromAndEndsExactlyAtTo(_ c: NamedCurve) {
        var random = SeededRandom(seed: 1)
        for _ in 0..<200 {
            let from = random.glyphState(), to = random.glyphState()
            let fade = TimingCurve.bezier(.easeOut, duration: random.uniform(0.05, 0.4))
            let d = AnimationDescriptor(symbol: "x", from: from, to: to, timing: c.curve, opacityTiming: fade)
            if c.curve.finalProgress == 1 {
                #expect(d.state(at: d.settleTime) == to, "\(c.name)")
                #expect(d.state(at: d.settleTime + 3) == to, "\(c.name)")
            }
            // The start is `to − (to − from)`: `from` to within rounding.
            if c.curve.progress(at: 0) == 0 {
                #expect(isClose(d.state(at: 0), from, 1e-12), "\(c.name)")
                #expect(d.state(at: -1) == d.state(at: 0), "\(c.name)")
            }
        }
    }

    @Test(arguments: curves)
    func settleTimeIsSettledWhateverTheDelay(_ c: NamedCurve) {
        var random = SeededRandom(seed: 21)
        for _ in 0..<300 {
            let from = random.glyphState(), to = random.glyphState()
            let d = AnimationDescriptor(
                symbol: "x", from: from, to: to, timing: c.curve, opacityTiming: .bezier(.easeIn, duration: random.uniform(0.01, 0.3)),
                delay: random.uniform(0, 2))
            let final = d.state(at: d.settleTime)
            #expect(final == d.state(at: d.settleTime + 10), "\(c.name) delay \(d.delay)")
            if c.curve.finalProgress == 1 { #expect(final == to, "\(c.name) delay \(d.delay)") }
        }
    }

    @Test func channelsThatDoNotChangeStayExactlyPut() {
        var random = SeededRandom(seed: 22)
        for c in Self.curves {
            var from = random.glyphState(), to = from
            to.opacity = 1 - from.opacity
            let d = AnimationDescriptor(symbol: "x", from: from, to: to, timing: c.curve, opacityTiming: .linear(duration: 0.3))
            for t in stride(from: 0.0, through: 1.5, by: 0.01) {
                var s = d.state(at: t)
                s.opacity = from.opacity
                #expect(s == from, "\(c.name) at \(t)")
            }
            from = to
        }
    }

    @Test func aDescriptorThatDoesNotMoveIsSettledAfterItsDelay() {
        let still = GlyphState.resting(at: Point(x: 7, y: 3))
        var d = AnimationDescriptor(symbol: "a", from: still, to: still, timing: .spring(MotionStyle.smooth.spring), delay: 0.2)
        #expect(d.settleTime == 0.2)
        // Only the changing channels' curve counts.
        d.to.opacity = 0
        d.opacityTiming = .linear(duration: 0.1)
        #expect(isClose(d.settleTime, 0.3, 1e-12))
        d.to.position.x += 1
        #expect(isClose(d.settleTime, 0.2 + MotionStyle.smooth.spring.settlingDuration(), 1e-12))
        // A carried velocity counts as motion.
        var thrown = AnimationDescriptor(symbol: "a", from: still, to: still, timing: .linear(duration: 0.4))
        thrown.velocity.rotation = 1
        #expect(thrown.settleTime == 0.4)
    }

    @Test func aDelayHoldsTheStartingState() {
        var random = SeededRandom(seed: 2)
        let from = random.glyphState(), to = random.glyphState()
        let d = AnimationDescriptor(
            symbol: "a", from: from, to: to, timing: .spring(MotionStyle.snappy.spring), delay: 0.25)
        for t in [-5, 0, 0.1, 0.2499] { #expect(d.state(at: t) == from) }
        #expect(d.state(at: 0.26) != from)
        #expect(d.settleTime == 0.25 + MotionStyle.snappy.spring.settlingDuration())
        #expect(d.state(at: d.settleTime) == to)
        // The motion is the undelayed one, shifted.
        let undelayed = AnimationDescriptor(symbol: "a", from: from, to: to, timing: .spring(MotionStyle.snappy.spring))
        #expect(isClose(d.state(at: 0.25 + 0.1), undelayed.state(at: 0.1), 1e-9))
        #expect(AnimationDescriptor(symbol: "a", from: from, to: to, timing: .instant, delay: -3).delay == 0)
        #expect(AnimationDescriptor(symbol: "a", from: from, to: to, timing: .instant, delay: .nan).delay == 0)
    }

    @Test func instantTimingJumpsToTheEnd() {
        let d = AnimationDescriptor(symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 5, y: 5)), timing: .instant)
        #expect(d.state(at: 0) == d.to)
        #expect(d.settleTime == 0)
    }

    @Test func channelsFollowTheirOwnCurves() {
        var from = GlyphState.resting(at: .zero)
        from.opacity = 0
        from.scale = 0.5
        let to = GlyphState.resting(at: Point(x: 100, y: 0))
        let d = AnimationDescriptor(
            symbol: "a", from: from, to: to, timing: .linear(duration: 1), opacityTiming: .linear(duration: 0.5))
        let s = d.state(at: 0.25)
        #expect(isClose(s.position.x, 25, 1e-9))
        #expect(isClose(s.scaleX, 0.625, 1e-9))
        #expect(isClose(s.opacity, 0.5, 1e-9))
        #expect(d.state(at: 0.5).opacity == 1)
        #expect(d.settleTime == 1)
    }

    // MARK: Velocity carry

    @Test(arguments: [
        NamedCurve(name: "snappy spring", curve: .spring(MotionStyle.snappy.spring)),
        NamedCurve(name: "bouncy spring", curve: .spring(MotionStyle.bouncy.spring)),
        NamedCurve(name: "easeOut", curve: .bezier(.easeOut, duration: 0.3)),
        NamedCurve(name: "linear", curve: .linear(duration: 0.5)),
    ])
    func initialVelocityIsCarriedIn(_ c: NamedCurve) {
        // A glyph thrown while it already sits on its target: its whole motion is the carry.
        let from = GlyphState.resting(at: Point(x: 40, y: 10))
        var to = from
        to.scale = 2
        var d = AnimationDescriptor(symbol: "a", from: from, to: to, timing: c.curve)
        d.velocity = .zero
        d.velocity.position = Point(x: -300, y: 120)
        d.velocity.rotation = 2
        let h = 1e-7
        let numeric = (d.state(at: h) - d.state(at: 0)) * (1 / h)
        #expect(isClose(numeric.position.x, -300, 1e-2), "\(numeric.position.x)")
        #expect(isClose(numeric.position.y, 120, 1e-2))
        #expect(isClose(numeric.rotation, 2, 1e-3))
        #expect(d.velocity(at: 0).position == Point(x: -300, y: 120))
        // A channel that also moves adds its own slope; scale has no initial velocity.
        #expect(isClose(numeric.scaleX, c.curve.velocity(at: h / 2), 1e-3 * max(1, abs(numeric.scaleX))))
        // And velocity(at:) is the derivative of state(at:) throughout.
        var random = SeededRandom(seed: 4)
        let end = d.timing.duration
        for _ in 0..<60 {
            let t = random.uniform(0.001, end - 0.001)
            let fd = (d.state(at: t + 1e-6) - d.state(at: t - 1e-6)) * (1 / 2e-6)
            let v = d.velocity(at: t)
            #expect(isClose(fd.position.x, v.position.x, 1e-3 * max(1, abs(v.position.x))), "\(c.name) at \(t)")
            #expect(isClose(fd.position.y, v.position.y, 1e-3 * max(1, abs(v.position.y))), "\(c.name) at \(t)")
        }
        // Still ends exactly where it should.
        #expect(d.state(at: d.settleTime) == to)
        #expect(d.velocity(at: d.settleTime + 1) == .zero)
    }

    @Test func aThrownSpringDescriptorTakesLongerToSettle() {
        let spring = MotionStyle.smooth.spring
        var d = AnimationDescriptor(
            symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 10, y: 0)), timing: .spring(spring))
        let calm = d.settleTime
        d.velocity.position.x = 2000
        #expect(d.settleTime > calm)
        // After its settle time the motion is within 0.001 of the distance of its target.
        var worst = 0.0
        var t = d.settleTime
        while t < d.settleTime + 1 {
            worst = max(worst, abs(d.state(at: t).position.x - 10))
            t += 1e-3
        }
        #expect(worst <= 0.01)
    }

    @Test(arguments: [200.0, 2000.0, -3000.0])
    func aThrownSpringDescriptorHasNoJumpWhenItsCurveEnds(_ v: Double) {
        for style in MotionStyle.presets {
            var d = AnimationDescriptor(
                symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 10, y: 0)), timing: .spring(style.spring))
            d.velocity.position.x = v
            // The unit step snaps within 0.001 of the distance at its settling time; the
            // carried velocity must not add a jump of its own there, or at the settle time.
            for t in [d.timing.duration, d.settleTime] {
                let jump = abs(d.state(at: t + 1e-9).position.x - d.state(at: t - 1e-9).position.x)
                #expect(jump <= 0.001 * 10 + 1e-6, "\(style.name) v=\(v) at \(t): jump \(jump)")
                let kink = abs(d.velocity(at: t + 1e-9).position.x - d.velocity(at: t - 1e-9).position.x)
                #expect(kink <= 1, "\(style.name) v=\(v) at \(t): velocity jump \(kink)")
            }
            #expect(d.state(at: d.settleTime) == d.to)
            #expect(d.velocity(at: d.settleTime) == .zero)
        }
    }

    // MARK: Robustness

    @Test func neverNaNOrInfinite() {
        let times: [Double] = [-.infinity, -1e300, -1, 0, 1e-12, 0.3, 1, 1e9, 1e300, .greatestFiniteMagnitude, .infinity, .nan]
        var random = SeededRandom(seed: 6)
        let rock = ChannelTrack(
            channel: .rotation, amplitude: 0.3,
            curve: try! TimingCurve.keyframes([Keyframe(time: 0, value: -1), Keyframe(time: 0.7, value: 1)])
                .repeating(.forever, autoreverse: true))
        for c in Self.curves {
            var d = AnimationDescriptor(
                symbol: "a", from: random.glyphState(), to: random.glyphState(), timing: c.curve,
                opacityTiming: .bezier(.easeIn, duration: 0.2), delay: 0.1, tracks: [rock])
            d.velocity = random.glyphState()
            for t in times {
                #expect(d.state(at: t).isFinite, "\(c.name) state at \(t)")
                #expect(d.velocity(at: t).isFinite, "\(c.name) velocity at \(t)")
            }
            #expect(d.settleTime.isFinite)
        }
    }

    @Test func velocityAtInfinityIsTheRestingVelocity() {
        var d = AnimationDescriptor(
            symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 30, y: 0)),
            timing: .bezier(.easeOut, duration: 0.3))
        d.velocity.position.x = 250
        #expect(d.velocity(at: .infinity) == d.velocity(at: 1e6))
        #expect(d.velocity(at: .infinity) == .zero)
        #expect(d.state(at: .infinity) == d.state(at: 1e6))
        #expect(d.state(at: -.infinity) == d.from)
        #expect(d.state(at: .nan) == d.from)
    }

    // MARK: Tracks and loops

    @Test func tracksAddTheirOffsets() throws {
        let wobble = try TimingCurve.keyframes([
            Keyframe(time: 0, value: 0), Keyframe(time: 0.2, value: 1), Keyframe(time: 0.4, value: 0),
        ])
        let track = ChannelTrack(channel: .y, amplitude: -12, curve: wobble, timeOffset: 0.05)
        let base = AnimationDescriptor(
            symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 20, y: 0)), timing: .linear(duration: 0.5),
            delay: 0.1)
        var d = base
        d.tracks = [track]
        for t in [0.0, 0.1, 0.15, 0.25, 0.3, 0.5, 0.7] {
            let local = t - 0.1
            let expected = -12 * wobble.progress(at: local + 0.05)
            #expect(isClose(d.state(at: t).position.y - base.state(at: t).position.y, expected, 1e-12), "t=\(t)")
            #expect(d.state(at: t).position.x == base.state(at: t).position.x)
        }
        #expect(isClose(d.state(at: 0.25).position.y, -12, 1e-12))
        #expect(!d.isLooping)
        // The track ends 0.35 s after the delay; the linear motion ends later.
        #expect(isClose(track.endTime, 0.35, 1e-12))
        #expect(isClose(d.settleTime, 0.6, 1e-12))
        d.tracks.append(ChannelTrack(channel: .opacity, amplitude: 1, curve: try .keyframes([Keyframe(time: 2, value: 0)])))
        #expect(isClose(d.settleTime, 2.1, 1e-12))
    }

    @Test func aLoopingTrackMakesTheDescriptorLoop() {
        let pulse = ChannelTrack(
            channel: .scaleX, amplitude: 0.1, curve: TimingCurve.bezier(.easeInOut, duration: 0.5).repeating(.forever, autoreverse: true))
        var d = AnimationDescriptor(
            symbol: "a", from: .resting(at: .zero), to: .resting(at: Point(x: 10, y: 0)), timing: .linear(duration: 0.2))
        #expect(!d.isLooping)
        d.tracks = [pulse]
        #expect(d.isLooping)
        #expect(pulse.loops && pulse.endTime == 0)
        // Loops do not extend the settle time, and keep moving after it.
        #expect(d.settleTime == 0.2)
        #expect(d.state(at: 10.25) != d.state(at: 10.5))
        #expect(isClose(d.state(at: 10.25).scaleX, 1 + 0.1 * CubicBezier.easeInOut.value(at: 0.5), 1e-9))
    }

    // MARK: Particles

    static func emitter(seed: UInt64) -> ParticleEmitter {
        ParticleEmitter(
            count: 24, start: 0.05, duration: 0.3, lifetime: 0.2...0.5, speed: 20...60, size: 0.5...2,
            gravity: Vector(x: 0, y: -40), seed: seed)
    }

    func particles(_ d: AnimationDescriptor, at t: Double) -> [Particle] {
        var out: [Particle] = []
        d.particles(at: t, center: Point(x: 50, y: 20), into: &out)
        return out
    }

    @Test func particlesAreBoundedAndDeterministic() {
        let d = AnimationDescriptor(
            symbol: "✦", from: .resting(at: .zero), to: .resting(at: .zero), timing: .linear(duration: 0.2),
            delay: 0.1, emitter: Self.emitter(seed: 42), box: GlyphFrame(rect: Rect(x: 40, y: 0, width: 20, height: 40), baseline: 32, line: 0))
        #expect(d.settleTime == 0.1 + 0.05 + 0.3 + 0.5)
        var seen = 0
        for t in stride(from: 0.0, through: 1.2, by: 0.01) {
            let ps = particles(d, at: t)
            #expect(ps.count <= 24)
            seen = max(seen, ps.count)
            #expect(ps == particles(d, at: t))
            for p in ps {
                #expect(p.position.x.isFinite && p.position.y.isFinite && p.radius > 0)
                #expect(p.opacity >= 0 && p.opacity <= 1)
            }
            if t < 0.15 || t >= d.settleTime { #expect(ps.isEmpty, "t=\(t)") }
        }
        #expect(seen > 5)
        #expect(particles(d, at: .nan).isEmpty)

        var other = d
        other.emitter = Self.emitter(seed: 43)
        #expect(particles(other, at: 0.35) != particles(d, at: 0.35))
        #expect(ParticleEmitter(count: 1000, duration: 1, lifetime: 0...1, speed: 0...1, size: 0...1, seed: 0).count == ParticleEmitter.maximumCount)
        #expect(ParticleEmitter(count: -3, duration: 1, lifetime: 0...1, speed: 0...1, size: 0...1, seed: 0).endTime == 0)
    }

    @Test func restingDescriptorStays() {
        let s = GlyphState.resting(at: Point(x: 3, y: 4))
        let frame = GlyphFrame(rect: Rect(x: 0, y: 0, width: 6, height: 8), baseline: 6, line: 0)
        let d = AnimationDescriptor.resting("r", at: s, box: frame)
        #expect(d.state(at: 0) == s && d.state(at: 5) == s && d.settleTime == 0 && d.box == frame)
        #expect(d.velocity(at: 0.1) == .zero)
    }
}
