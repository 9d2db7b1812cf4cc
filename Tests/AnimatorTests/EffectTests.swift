import Analyzer
import Testing
@testable import Animator
import TestSupport

@Suite struct ScaleEffectTests {
    let frame = Rect(x: 20, y: 0, width: 10, height: 20)
    let context = EffectContext(index: 2, count: 5, style: .bouncy)

    func glyph(_ action: GlyphMutation.Action) -> GlyphMutation {
        GlyphMutation(action: action, indexFrom: 2, indexTo: 2, symbol: "k", priorityWeight: 0)
    }

    @Test func enteringGlyphsGrowAndFadeIn() {
        let d = ScaleEffect().layoutInitial(glyph: glyph(.insert), frame: frame, context: context)
        #expect(d.symbol == "k")
        #expect(d.from.scaleX == 0.82 && d.from.scaleY == 0.82 && d.from.opacity == 0)
        #expect(d.from.position == frame.center)
        #expect(d.to == .resting(at: frame.center))
        #expect(d.timing == .spring(MotionStyle.bouncy.spring))
        #expect(d.opacityTiming == .bezier(.easeOut, duration: MotionStyle.bouncy.fade))
        #expect(d.state(at: d.settleTime) == d.to)
    }

    @Test func exitingGlyphsShrinkAndFadeOut() {
        let d = ScaleEffect(shrink: 0.5).layoutFinal(glyph: glyph(.remove), frame: frame, context: context)
        #expect(d.from == .resting(at: frame.center))
        #expect(d.to.scale == 0.5 && d.to.opacity == 0 && d.to.position == frame.center)
        #expect(isClose(d.settleTime, MotionStyle.bouncy.fade * 1.5, 1e-12))
    }

    @Test func persistingGlyphsGlideOnTheStyleSpring() {
        let to = Rect(x: 50, y: 20, width: 10, height: 20)
        let d = ScaleEffect().layoutPersisting(glyph: glyph(.transform), from: frame, to: to, context: context)
        #expect(d.from == .resting(at: frame.center) && d.to == .resting(at: to.center))
        #expect(d.timing.spring == MotionStyle.bouncy.spring)
    }

    @Test func shrinkIsSanitised() {
        #expect(ScaleEffect(shrink: .nan).shrink == 0.82)
        #expect(ScaleEffect(shrink: -1).shrink == 0)
        #expect(ScaleEffect(shrink: 100).shrink == 4)
        #expect(ScaleEffect().name == "scale" && ScaleEffect().cost == 1 && !ScaleEffect().summary.isEmpty)
    }
}

@Suite struct AnyEffectTests {
    /// An effect already type-erased keeps its box in an animator; one of a
    /// concrete type gets a box of its own.
    @Test func anAnimatorKeepsAnErasedEffectAsItIs() {
        let erased = AnyEffect(ScaleEffect())
        #expect(GlyphAnimator(effect: erased).effect.box === erased.box)
        #expect(GlyphAnimator(effect: erased, style: .bouncy, seed: 7).effect.box === erased.box)
        #expect(GlyphAnimator(effect: ScaleEffect()).effect.box !== erased.box)
        #expect(GlyphAnimator(effect: ScaleEffect()).effect.name == erased.name)
    }
}

@Suite struct CrossFadeEffectTests {
    let frame = Rect(x: 0, y: 0, width: 10, height: 20)
    let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 0, symbol: "q", priorityWeight: 0)
    let context = EffectContext(index: 0, count: 1)

    @Test func fadesWithoutMoving() {
        let effect = CrossFadeEffect()
        let enter = effect.layoutInitial(glyph: glyph, frame: frame, context: context)
        let exit = effect.layoutFinal(glyph: glyph, frame: frame, context: context)
        for d in [enter, exit] {
            #expect(d.from.position == d.to.position && d.from.scaleX == d.to.scaleX)
        }
        // The exit is over before the arrival is clearly visible on its place.
        #expect(isClose(enter.settleTime, 0.1, 1e-12) && isClose(exit.settleTime, 0.04, 1e-12))
        let level = Choreography.standard.visibleOpacity
        #expect(exit.clearTime(below: level) <= enter.visibleTime(from: level))
        #expect(enter.from.opacity == 0 && enter.to.opacity == 1)
        #expect(exit.from.opacity == 1 && exit.to.opacity == 0)
        // Ease-in: readable (0.2) only after the exit has cleared, half-way at 0.068 s or so.
        #expect(enter.state(at: 0.05).opacity < 0.5 && enter.state(at: 0.07).opacity > 0.5)
        let moved = effect.layoutPersisting(glyph: glyph, from: frame, to: frame.offsetBy(Vector(x: 30, y: 0)), context: context)
        #expect(moved.state(at: 0) == .resting(at: Point(x: 35, y: 10)) && moved.settleTime == 0)
        #expect(effect.name == "minimal")
        #expect(CrossFadeEffect(duration: .nan).duration == 0.1 && CrossFadeEffect(duration: -2).duration == 0)
    }
}

@Suite struct MotionStyleTests {
    @Test(arguments: [("stagger", -0.1, 0.1, 0.3, 0.6), ("fade", 0.03, -1, 0.3, 0.6), ("drift", 0.03, 0.1, .nan, 0.6),
                      ("stagger spread", 0.03, 0.1, 0.3, .infinity)])
    func invalidDurationsThrow(_ label: String, _ stagger: Double, _ fade: Double, _ drift: Double, _ spread: Double) {
        let error = #expect(throws: TimingError.self) {
            try MotionStyle(
                name: "custom", spring: MotionStyle.snappy.spring, stagger: stagger, fade: fade, drift: drift,
                maximumStaggerSpread: spread)
        }
        #expect(error == .invalidDuration)
        #expect(error?.message.contains(label) == true)
    }

    @Test func aCustomStyleKeepsItsNumbers() throws {
        let spring = try Spring(mass: 2, stiffness: 400, damping: 40)
        let style = try MotionStyle(name: "heavy", spring: spring, stagger: 0, fade: 0.3)
        #expect(style.spring == spring && style.stagger == 0 && style.fade == 0.3)
        #expect(style.drift == 0.35 && style.maximumStaggerSpread == 0.6)
        #expect(MotionStyle.presets.map(\.name) == ["snappy", "smooth", "bouncy"])
    }
}
