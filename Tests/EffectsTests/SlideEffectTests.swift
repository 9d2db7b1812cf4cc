import Analyzer
import Animator
import Effects
import Testing
import TestSupport

@Suite struct SlideEffectTests {
    /// Reading order: entering glyphs come from the trailing (right) side, leaving ones go to the leading (left) side.
    @Test func glyphsSlideWithTheReadingDirection() {
        let plan = plan(SlideEffect(), Change(old: "Send Action", new: "Action Sent"))
        var entering = 0, leaving = 0
        for (i, d) in plan.descriptors.enumerated() {
            let m = plan.plannedMutation(of: i)
            switch m.action {
            case .insert:
                entering += 1
                #expect(d.state(at: d.delay).position.x > d.to.position.x + 1, "\(m.symbol) does not come from the right")
                #expect(d.from.skew < 0)
            case .remove:
                leaving += 1
                #expect(d.to.position.x < d.from.position.x - 1, "\(m.symbol) does not leave to the left")
            case .transform:
                break
            }
        }
        #expect(entering > 0 && leaving > 0)
    }

    @Test func followingTheTrendReversesTheSlide() {
        let forward = plan(SlideEffect(followsTrend: true), slotChange("2", "1", trend: 1))
        let back = plan(SlideEffect(followsTrend: true), slotChange("2", "1", trend: -1))
        let ignoring = plan(SlideEffect(), slotChange("2", "1", trend: -1))
        func enteringDX(_ p: TransitionPlan) -> Double {
            let i = p.change.mutations.firstIndex { $0.action == .insert }!
            return p.descriptors[i].from.position.x - p.descriptors[i].to.position.x
        }
        #expect(enteringDX(forward) > 0)
        #expect(enteringDX(back) < 0)
        #expect(enteringDX(ignoring) > 0)
    }

    @Test func distanceScalesWithDriftAndHasAFloor() {
        let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 0, symbol: "a", priorityWeight: 0)
        let frame = Rect(x: 0, y: 0, width: 10, height: 20)
        func distance(drift: Double) -> Double {
            let d = SlideEffect().layoutInitial(
                glyph: glyph, frame: frame, context: EffectContext(index: 0, count: 1, drift: drift, fontSize: 20))
            return d.from.position.x - d.to.position.x
        }
        #expect(isClose(distance(drift: 7), 11.2))  // 1.6 × drift
        #expect(isClose(distance(drift: 0.5), 6))  // the 0.3 em floor
    }
}
