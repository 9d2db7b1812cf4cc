import Animator
import Director
import Effects
import Testing

/// A style's `duration` and `speed`: the Director plays the planned transition
/// faster or slower, all of it together, so that it settles when asked.
@Suite("Retimed transitions")
struct RetimingTests {
    let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    func director(_ effect: some EffectBlueprint, style: MotionStyle, text: String = "Add to cart") -> TransitionDirector {
        TransitionDirector(text: text, layout: layout, effect: effect, style: style, preference: .alwaysAnimate)
    }

    func settles(_ director: TransitionDirector) -> [Double] {
        director.events.filter { $0.kind == .settle }.map(\.time)
    }

    @Test(arguments: [0.8, 2.0, 0.25])
    func aRetimedTransitionSettlesAtItsDurationAndShowsThePlannedFramesScaled(duration: Double) throws {
        for effect in [AnyEffect(ScaleEffect()), AnyEffect(WaveEffect()), AnyEffect(MistEffect()), AnyEffect(SlideEffect())] {
            let planned = director(effect, style: .snappy)
            let retimed = director(effect, style: try MotionStyle.snappy.retimed(toSettleIn: duration))
            let plannedEstimate = planned.setText("Added to your cart", at: 1)
            let retimedEstimate = retimed.setText("Added to your cart", at: 1)
            #expect(abs(retimedEstimate.duration - duration) < 1e-9, "\(effect.name): \(retimedEstimate.duration)")
            #expect(abs((retimed.settleTime ?? 0) - (1 + duration)) < 1e-9)
            let rate = plannedEstimate.duration / duration
            // Every instant of the retimed one shows the planned one's instant `rate` times as far in.
            for step in 0...12 {
                let t = 1 + duration * Double(step) / 10
                let a = byID(retimed.frame(at: t)), b = byID(planned.frame(at: 1 + (t - 1) * rate))
                #expect(a.count == b.count, "\(effect.name) at \(t)")
                for (id, sprite) in a {
                    let other = try #require(b[id])
                    #expect(abs(sprite.state.position.x - other.state.position.x) < 1e-6, "\(effect.name) \(id) at \(t)")
                    #expect(abs(sprite.state.position.y - other.state.position.y) < 1e-6)
                    #expect(abs(sprite.state.opacity - other.state.opacity) < 1e-9)
                }
            }
            #expect(settles(retimed).count == 1 && abs(settles(retimed)[0] - (1 + duration)) < 1e-9, "\(settles(retimed))")
        }
    }

    @Test func speedPlaysThePlanFasterOrSlower() throws {
        let planned = director(ScaleEffect(), style: .smooth)
        let twice = director(ScaleEffect(), style: try MotionStyle.smooth.playing(atSpeed: 2))
        let half = director(ScaleEffect(), style: try MotionStyle.smooth.playing(atSpeed: 0.5))
        let d = planned.setText("Added to your cart", at: 0).duration
        #expect(abs(twice.setText("Added to your cart", at: 0).duration - d / 2) < 1e-9)
        #expect(abs(half.setText("Added to your cart", at: 0).duration - d * 2) < 1e-9)
        _ = twice.frame(at: d)
        _ = half.frame(at: 2 * d + 0.01)
        #expect(abs(settles(twice)[0] - d / 2) < 1e-9 && abs(settles(half)[0] - 2 * d) < 1e-9)
    }

    /// Set mid-transition, the next text starts from what is on screen then,
    /// and each retimed transition settles its duration after it started.
    @Test func anInterruptionStartsFromTheFrameOnScreenAndTakesItsOwnDuration() throws {
        let style = try MotionStyle.bouncy.retimed(toSettleIn: 1.5)
        let d = director(WaveEffect(), style: style)
        d.setText("Added to your cart", at: 0)
        let before = byID(d.frame(at: 0.6))
        d.setText("Removed from cart", at: 0.6)
        let after = byID(d.frame(at: 0.6))
        for (id, sprite) in before {
            guard let same = after[id] else { continue }
            #expect(abs(sprite.state.position.x - same.state.position.x) < 1e-6, "\(id)")
            #expect(abs(sprite.state.opacity - same.state.opacity) < 1e-9)
        }
        #expect(abs((d.settleTime ?? 0) - 2.1) < 1e-9)
        _ = d.frame(at: 2.2)
        #expect(d.events.map(\.kind) == [.cancel, .settle])
        #expect(abs(d.events[0].time - 0.6) < 1e-9 && abs(d.events[1].time - 2.1) < 1e-9)
        // The next, at rest, also takes 1.5 s: the clock came back to one with the settle.
        d.setText("Add to cart", at: 3)
        #expect(abs((d.settleTime ?? 0) - 4.5) < 1e-9)
    }

    @Test func reducedMotionAndLoopsKeepTheirOwnTime() throws {
        let style = try MotionStyle.snappy.retimed(toSettleIn: 3)
        let reduced = TransitionDirector(text: "Send", layout: layout, effect: ScaleEffect(), style: style, preference: .reduceMotion)
        #expect(reduced.setText("Sent", at: 0).duration <= 0.1 + 1e-9)
        let dance = director(DanceEffect(), style: style, text: "Dance")
        let a = dance.setText("Dancer", at: 0)
        let plain = director(DanceEffect(), style: .snappy, text: "Dance").setText("Dancer", at: 0)
        #expect(a.duration == plain.duration)
    }

    @Test(arguments: [0, -1, 0.001, 61, .infinity, .nan])
    func durationsOutsideTheRangeAreRefused(duration: Double) {
        #expect(throws: TimingError.self) { try MotionStyle.snappy.retimed(toSettleIn: duration) }
    }

    @Test(arguments: [0, -2, 0.01, 21, .nan])
    func speedsOutsideTheRangeAreRefused(speed: Double) {
        #expect(throws: TimingError.self) { try MotionStyle.snappy.playing(atSpeed: speed) }
    }

    @Test func nilDurationPlaysAsPlanned() throws {
        let style = try MotionStyle.snappy.retimed(toSettleIn: 2).retimed(toSettleIn: nil)
        #expect(style == .snappy)
        let d = director(ScaleEffect(), style: style)
        let estimate = d.setText("Added to your cart", at: 0.5)
        // As planned, and stamped exactly: no clock arithmetic in between.
        #expect(d.settleTime == 0.5 + estimate.duration)
    }

    /// Once a retimed change is over, the caller's time and the plan's run together again: a
    /// control tapped then (no text set with it) moves at its own pace, as it does beside a
    /// text that was never retimed, from the first call on.
    @Test(arguments: [2.0, 0.5])
    func aSceneChangedAfterARetimedChangeIsOverMovesAtItsOwnPace(speed: Double) throws {
        let retimed = TransitionDirector(
            scene: .menu, text: "Send", layout: layout, style: try MotionStyle.snappy.playing(atSpeed: speed),
            preference: .alwaysAnimate)
        let plain = TransitionDirector(scene: .menu, text: "Send", layout: layout, preference: .alwaysAnimate)
        let state = Scene.menu.state(afterToggles: 1)
        for director in [retimed, plain] {
            director.setText("Sent", at: 0)
            let tap = 5.0
            let settles = director.setScene(state, at: tap, timing: Scene.menu.timing, delay: Scene.menu.delay)
            #expect(abs(settles - (Scene.menu.delay + Scene.menu.timing.duration)) < 1e-9, "\(settles)")
        }
        for dt in [0.0, 0.05, 0.1, 0.2, 0.4] {
            let a = retimed.frame(at: 5 + dt).shapes, b = plain.frame(at: 5 + dt).shapes
            #expect(a.count == b.count && !a.isEmpty)
            for (x, y) in zip(a, b) {
                #expect(x.key == y.key)
                #expect(abs(x.blend - y.blend) < 1e-9, "\(x.key) at +\(dt) s: \(x.blend) against \(y.blend)")
                #expect(abs(x.state.position.x - y.state.position.x) < 1e-9 && abs(x.state.rotation - y.state.rotation) < 1e-9)
            }
        }
    }
}
