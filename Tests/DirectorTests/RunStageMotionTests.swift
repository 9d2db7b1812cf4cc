import Analyzer
import Animator
import Director
import Effects
import TestSupport
import Testing

/// What the run model says each sprite does (`RunStage.forEachMotion`: the view an inspector,
/// a motion log and the legibility check read) against what its frames show.
@Suite struct RunStageMotionTests {
    static let texts = ["Checkout complete: 3 items, total $42.50", "Payment failed: card declined, try again"]
    static let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))

    /// The motions listed at `t`, by sprite id.
    static func motions(of stage: RunStage, at t: Double) -> [Int32: RunStage.Motion] {
        var motions: [Int32: RunStage.Motion] = [:]
        stage.forEachMotion(at: t) { motions[$0.id] = $0 }
        return motions
    }

    /// A motion's state at `t` as its record tells it: rest less change, each group as far
    /// back as its curve has not gone.
    static func state(of m: RunStage.Motion, at t: Double) -> GlyphState {
        if m.isAtRest { return m.rest }
        let local = t - m.start
        var state = m.rest.receding(
            m.change, transform: 1 - m.transform.progress(at: local), appearance: 1 - m.appearance.progress(at: local))
        state.bound()
        return state
    }

    /// Checks every sprite of the frames at `times` against its motion: listed, in the same
    /// role, and (where its motion is exact) showing the state its record tells. Returns how
    /// many sprites were checked whole.
    static func check(_ stage: RunStage, at times: [Double], effect: String) -> Int {
        var exact = 0
        for t in times {
            let motions = Self.motions(of: stage, at: t)
            let frame = Array(stage.frame(at: t))
            #expect(Set(frame.map(\.id)) == Set(motions.keys), "\(effect) at \(t): the frame's sprites are those listed")
            for row in frame {
                guard let m = motions[row.id] else { continue }
                #expect(m.role == row.role, "\(effect) at \(t): sprite \(row.id)'s role")
                #expect(m.boxSize == row.boxSize && m.baselineOffset == row.baselineOffset)
                guard m.transformIsExact && m.appearanceIsExact else { continue }
                let told = state(of: m, at: t), shown = row.state
                let channels = [
                    (told.position.x, shown.position.x), (told.position.y, shown.position.y),
                    (told.scaleX, shown.scaleX), (told.scaleY, shown.scaleY), (told.rotation, shown.rotation),
                    (told.opacity, shown.opacity), (told.blur, shown.blur),
                ]
                #expect(
                    channels.allSatisfy { abs($0.0 - $0.1) <= 1e-9 },
                    "\(effect) at \(t): sprite \(row.id) shows \(shown), its motion tells \(told)")
                exact += 1
            }
        }
        return exact
    }

    @Test(arguments: ["scale", "slide", "mist", "rolling", "sparkle"])
    func eachSpritesMotionTellsWhatItsFramesShow(effect name: String) throws {
        let effect = try EffectRegistry.standard.effect(named: name)
        let stage = RunStage(text: Self.texts[0], layout: Self.layout, effect: effect, preference: .alwaysAnimate)
        stage.setText(Self.texts[1], at: 0)
        let first = Self.check(stage, at: [0, 0.04, 0.09], effect: name)
        // Interrupted mid-way: the glyphs caught in motion carry what they had on.
        stage.setText(Self.texts[0], at: 0.1)
        let caught = Self.motions(of: stage, at: 0.1).values.filter(\.carriesVelocity).count
        #expect(caught > 0, "\(name): glyphs caught in motion carry their velocity")
        let second = Self.check(stage, at: [0.1, 0.2, 0.35, stage.end + 0.01], effect: name)
        // (An effect whose glyphs all have tracks, as the wave's do, tells none exactly: these tell most.)
        #expect(first + second > 40, "\(name): sprites checked whole")
    }

    /// Once a change is over its glyphs rest where the layout put them, and leaving ones are gone.
    @Test func afterTheChangeEveryMotionRestsOnTheNewText() {
        let stage = RunStage(text: Self.texts[0], layout: Self.layout, preference: .alwaysAnimate)
        stage.setText(Self.texts[1], at: 0)
        let after = stage.end + 0.5
        let motions = Self.motions(of: stage, at: after)
        #expect(motions.count == Self.texts[1].count)
        #expect(motions.values.allSatisfy { $0.role == .persisting && $0.settle <= stage.end + 1e-9 })
        for row in stage.frame(at: after) {
            #expect(motions[row.id].map { Self.state(of: $0, at: after).position } == row.state.position)
        }
    }

    /// Once a frame shows a change over, the text is at rest: a frame asked for earlier in the
    /// change shows it at rest too: where the new text alone rests.
    @Test func aFrameAskedBeforeTheSettleOnceItIsOverShowsTheTextAtRest() {
        let stage = RunStage(text: Self.texts[0], layout: Self.layout, preference: .alwaysAnimate)
        let alone = RunStage(text: Self.texts[1], layout: Self.layout, preference: .alwaysAnimate)
        stage.setText(Self.texts[1], at: 0)
        let middle = stage.end / 2
        let moving = Array(stage.frame(at: middle))
        _ = stage.frame(at: stage.end + 0.1)
        let again = Array(stage.frame(at: middle))
        #expect(moving.contains { $0.state != .resting(at: $0.state.position) }, "mid-change, glyphs move")
        #expect(again.allSatisfy { $0.state == .resting(at: $0.state.position) && $0.role == .persisting })
        #expect(again.map(\.state.position) == alone.frame(at: 0).map(\.state.position))
        // The next change starts from there.
        stage.setText(Self.texts[0], at: stage.end + 0.2)
        #expect(Array(stage.frame(at: stage.origin + 0.05)).contains { $0.role != .persisting })
    }
}
