import Analyzer
import Testing
@testable import Animator

/// Lanes: persisting runs that pass each other on a line keep a line apart.
@Suite struct LanesTests {
    private let layout = MonospaceLayout()

    /// The persisting glyphs of a plan by the run they belong to (the word of their old index).
    private func persisting(_ plan: TransitionPlan) -> [Int] {
        (0..<plan.count).filter { plan.role(of: $0) == .persisting && plan.plannedMutation(of: $0).symbol != " " }
    }

    /// At every frame, two readable persisting glyphs with overlapping boxes are
    /// at least a line apart; returns the largest lift seen.
    private func checkApart(_ plan: TransitionPlan, _ glyphs: [Int], comment: Comment) -> Double {
        var lift = 0.0
        let end = (0..<plan.count).map { plan.settleTime(of: $0) }.max() ?? 0
        for t in stride(from: 0.0, through: end, by: 1.0 / 120) {
            let states = glyphs.map { plan.state(of: $0, at: t) }
            for (a, s) in states.enumerated() {
                lift = max(lift, abs(s.position.y - plan.box(of: glyphs[a]).rect.midY))
                for b in states.indices where b > a {
                    let o = states[b]
                    guard abs(s.position.x - o.position.x) < 0.65 * 10 else { continue }
                    #expect(abs(s.position.y - o.position.y) >= 20 - 1e-6, "\(comment) at \(t)")
                }
            }
        }
        return lift
    }

    @Test(arguments: [("Hello World", "World Hello", 10.0), ("Yes or No", "No or Yes", 30.0)])
    func runsThatTradePlacesTakeSeparateLanes(old: String, new: String, lift: Double) {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(from: old, to: new, layout: layout)
        let glyphs = persisting(plan)
        #expect(glyphs.count == new.filter { $0 != " " }.count)
        // Half a line each way for two words; "No" passes "Yes" (up) and "or" (down half a line): one and a half below.
        #expect(abs(checkApart(plan, glyphs, comment: "\(old) → \(new)") - lift) < 0.5)
        // Settled on the layout.
        for g in glyphs {
            let end = plan.state(of: g, at: plan.settleTime(of: g) + 0.01).position
            #expect(abs(end.y - plan.box(of: g).rect.midY) < 1e-6 && abs(end.x - plan.box(of: g).rect.midX) < 1e-6)
        }
    }

    @Test func runsInOrderTakeNoLane() {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(from: "Hello World", to: "Hello big World", layout: layout)
        for g in persisting(plan) {
            for t in stride(from: 0.0, through: 1, by: 0.05) {
                #expect(plan.state(of: g, at: t).position.y == plan.box(of: g).rect.midY)
            }
        }
    }

    @Test func anEffectMayDoWithoutLanes() {
        struct Through: EffectBlueprint {
            var name: String { "through" }
            var choreography: Choreography { Choreography(lanes: .none) }
            func entering(in context: TransitionContext) -> RoleTemplate { ScaleEffect().entering(in: context) }
            func exiting(in context: TransitionContext) -> RoleTemplate { ScaleEffect().exiting(in: context) }
        }
        let plan = GlyphAnimator(effect: Through()).plan(from: "Hello World", to: "World Hello", layout: layout)
        for g in persisting(plan) {
            #expect(plan.state(of: g, at: 0.15).position.y == plan.box(of: g).rect.midY)
        }
    }
}
