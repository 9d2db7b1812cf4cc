import Analyzer
import Animator
import Effects
import Testing
import TestSupport

@Suite struct RollingEffectTests {
    /// Counting up, new digits come from below (larger y) and old ones leave upwards; counting down, the reverse.
    @Test(arguments: [1, -1])
    func directionFollowsTheTrend(trend: Int) {
        let plan = plan(RollingEffect(), slotChange("99", "100", trend: trend))
        #expect(!plan.descriptors.isEmpty)
        for (i, d) in plan.descriptors.enumerated() {
            let m = plan.plannedMutation(of: i)
            let center = restingCenter(plan, i)
            switch m.action {
            case .insert:
                let dy = d.state(at: d.delay).position.y - center.y
                #expect(trend > 0 ? dy > 0 : dy < 0, "entering \(m.symbol) starts \(dy) from its place")
                #expect(isClose(d.state(at: settled(plan)).position.y, center.y))
            case .remove:
                let dy = d.state(at: settled(plan)).position.y - center.y
                #expect(trend > 0 ? dy < 0 : dy > 0, "leaving \(m.symbol) ends \(dy) from its place")
            case .transform:
                Issue.record("a slot change has no persisting glyphs")
            }
        }
    }

    /// A wheel turns a whole slot: about the line height, whatever the drift.
    @Test(arguments: [DiffMode.numeric(), .replace, .morph])
    func travelIsAboutTheLineHeight(mode: DiffMode) {
        var change = slotChange("41", "42", trend: 1)
        change.mode = mode
        change.changeRatio = 0.1  // a small change would shrink a drift-based distance in morph mode
        let plan = plan(RollingEffect(), change)
        for (i, d) in plan.descriptors.enumerated() where plan.plannedMutation(of: i).action == .insert {
            let travel = d.from.position.y - d.to.position.y
            #expect(isClose(travel, 0.9 * layout.cellHeight), "travel \(travel)")
        }
    }

    @Test func minimumTravelHoldsForEmptyBoxes() {
        let rolling = RollingEffect(travel: 0.1, minimumTravel: 0.5)
        let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 0, symbol: "7", priorityWeight: 0)
        let d = rolling.layoutInitial(glyph: glyph, frame: .zero, context: EffectContext(index: 0, count: 1, fontSize: 30))
        #expect(isClose(d.from.position.y - d.to.position.y, 15))
    }

    @Test func glyphsShrinkTo82PercentAndFade() {
        let plan = plan(RollingEffect(), slotChange("9", "10", trend: 1))
        for d in plan.descriptors {
            let moving = d.from.opacity == 0 ? d.from : d.to
            #expect(isClose(moving.scale, 0.82))
            #expect(moving.opacity == 0)
        }
    }

    /// Among several lines a leaving glyph is faint before it has rolled half a
    /// line (it would stand on the next); on one line it fades over the style's fade.
    @Test(arguments: [1, 3])
    func aLeavingGlyphIsFaintBeforeItReachesTheNextLine(lines: Int) {
        let glyph = GlyphMutation(action: .remove, indexFrom: 0, indexTo: nil, symbol: "7", priorityWeight: 0)
        let frame = Rect(x: 0, y: 20, width: 10, height: 20)
        let d = RollingEffect().layoutFinal(
            glyph: glyph, frame: frame, context: EffectContext(index: 0, count: 1, line: lines - 1, lineCount: lines, fontSize: 20))
        let halfway = stride(from: 0.0, through: 1, by: 0.001).first { abs(d.state(at: $0).position.y - frame.midY) >= 10 }!
        if lines > 1 {
            #expect(d.state(at: halfway).opacity < 0.2)
        } else {
            #expect(d.opacityTiming.duration == MotionStyle.snappy.fade)
        }
    }
}
