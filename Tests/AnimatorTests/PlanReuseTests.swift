import Analyzer
import Testing
@testable import Animator

/// A plan planned into again (`GlyphAnimator.plan(_:from:to:into:)`) reuses its
/// store and its planner's memory: what it plans must be what a fresh plan
/// plans, whatever the plan before it left there, and a copy taken before
/// must keep showing what it showed.
@Suite struct PlanReuseTests {
    let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20)
    let texts = ["Checkout complete", "Payment failed", "Paid", "Checkout complete", "", "Total 42"]
    let times = [0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 1.0]

    private func change(_ k: Int) -> TextChange {
        TextChangeAnalyzer().analyze(from: texts[k], to: texts[k + 1])
    }

    /// Every channel's bits at each time, glyph by glyph.
    private func bits(_ plan: TransitionPlan) -> [[UInt64]] {
        var states: [GlyphState] = []
        return times.flatMap { t -> [[UInt64]] in
            plan.states(at: t, into: &states)
            return states.map { s in GlyphChannel.allCases.map { s[$0].bitPattern } }
        }
    }

    /// The styles change from one change to the next, so that the curves a
    /// plan registers are not the ones the plan before registered.
    @Test(arguments: [false, true])
    func planningIntoAUsedPlanPlansWhatAFreshPlanDoes(probe: Bool) {
        let styles: [MotionStyle] = [.snappy, .bouncy, .smooth]
        var reused = TransitionPlan()
        for k in 0..<(texts.count - 1) {
            let style = styles[k % styles.count]
            let animator =
                probe
                ? GlyphAnimator(effect: ProbeEffect(), style: style, preference: .alwaysAnimate)
                : GlyphAnimator(style: style, preference: .alwaysAnimate)
            let c = change(k)
            let old = grid.layout(c.oldGlyphs), new = grid.layout(c.newGlyphs)
            animator.plan(c, from: old, to: new, into: &reused)
            let fresh = animator.plan(c, from: old, to: new)
            #expect(reused.count == fresh.count, "change \(k)")
            #expect(bits(reused) == bits(fresh), "change \(k): \(texts[k]) → \(texts[k + 1])")
        }
    }

    /// An effect whose templates change with the transition (their scale and
    /// opacity follow how many glyphs the text has), on the general path (a
    /// track): a plan planned into again must not start from the glyph the
    /// last plan placed last.
    struct CountedEffect: EffectBlueprint {
        var name: String { "counted" }
        func bump() -> ChannelTrack {
            ChannelTrack(channel: .rotation, amplitude: 0.1, curve: .linear(duration: 0.2))
        }
        func entering(in context: TransitionContext) -> RoleTemplate {
            var start = GlyphState()
            start.scaleX = 0.3 + 0.02 * Double(context.count)
            start.opacity = 0
            return RoleTemplate(from: start, timing: .linear(duration: 0.3), tracks: [bump()])
        }
        func exiting(in context: TransitionContext) -> RoleTemplate {
            var end = GlyphState()
            end.scaleY = 2 - 0.03 * Double(context.count)
            end.opacity = 0
            return RoleTemplate(to: end, timing: .linear(duration: 0.25), tracks: [bump()])
        }
        func persisting(in context: TransitionContext) -> RoleTemplate {
            RoleTemplate(timing: .linear(duration: 0.3), tracks: [bump()])
        }
    }

    /// Changes in which arrivals are placed last and, in the next, first, with
    /// templates that follow the glyph count, on the general path: a plan
    /// planned into again makes its templates afresh and plans what a fresh
    /// plan does (it fails when the last plan's templates are kept). The
    /// planner also starts each plan from no placed glyph; that is not seen
    /// here, nor anywhere in the frames: a first glyph placed from the last
    /// plan's glyph still takes its template's pose, which it shares.
    @Test func aPlanPlannedAgainMakesItsTemplatesAfresh() {
        let animator = GlyphAnimator(effect: CountedEffect(), style: .snappy, preference: .alwaysAnimate)
        let changes = [("", "Paid"), ("", "Checkout complete"), ("Pay", "Payment failed"), ("", "Total 42")]
        var reused = TransitionPlan()
        for (from, to) in changes {
            let c = TextChangeAnalyzer().analyze(from: from, to: to)
            let old = grid.layout(c.oldGlyphs), new = grid.layout(c.newGlyphs)
            animator.plan(c, from: old, to: new, into: &reused)
            let fresh = animator.plan(c, from: old, to: new)
            #expect(bits(reused) == bits(fresh), "\(from) → \(to)")
        }
    }

    @Test func aCopyKeepsItsFramesWhenTheOriginalPlansAgain() {
        let animator = GlyphAnimator(effect: ProbeEffect(), style: .snappy, preference: .alwaysAnimate)
        var plan = TransitionPlan()
        let first = change(0)
        animator.plan(first, from: grid.layout(first.oldGlyphs), to: grid.layout(first.newGlyphs), into: &plan)
        let copy = plan
        let before = bits(copy)
        #expect(!before.isEmpty)
        let second = change(1)
        animator.plan(second, from: grid.layout(second.oldGlyphs), to: grid.layout(second.newGlyphs), into: &plan)
        #expect(bits(copy) == before)
        #expect(bits(plan) != before)
        // Planning writes the planner's memory: the copy keeps its own (two
        // copies may be planned into on two threads).
        #expect(plan.plannerMemory !== copy.plannerMemory && plan.store !== copy.store)
        let fresh = animator.plan(second, from: grid.layout(second.oldGlyphs), to: grid.layout(second.newGlyphs))
        #expect(bits(plan) == bits(fresh))
    }
}
