import Analyzer
import Animator
import Effects
import Director
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

    /// Rolled out, a glyph is at 82 % and gone: its opacity there, 1 − k, is
    /// below 0 (clamped when drawn), so it fades as it leaves the wheel's window.
    @Test func glyphsShrinkTo82PercentAndFade() {
        let plan = plan(RollingEffect(), slotChange("9", "10", trend: 1))
        for d in plan.descriptors {
            let moving = d.from.scale < 1 ? d.from : d.to
            #expect(isClose(moving.scale, 0.82))
            #expect(moving.opacity < 0)
            // Opacity rides the position's spring.
            #expect(d.opacityTiming == d.timing)
        }
    }

    /// An odometer: "$9.99" → "$12.49" (and back), frame by frame, no digit
    /// that can be seen (opacity over 0.05) stands more than the window's edge
    /// (a quarter of a line) outside its line's box, and none more than half
    /// outside shows at all (before, at 0.12 s "$9.99" → "$12.49" read
    /// "$ . 9" with faint digits floating above and below the line).
    @Test(arguments: [("$9.99", "$12.49"), ("$12.49", "$9.99")])
    func digitsRollInsideTheirLine(from old: String, to new: String) throws {
        let director = TransitionDirector(
            text: old, effect: RollingEffect(), mode: .numeric(), preference: .alwaysAnimate)
        let line = try #require(director.frame(at: 0).sprites.first).state.position.y
        let estimate = director.setText(new, at: 0)
        var worst = 0.0
        for t in stride(from: 0.0, through: estimate.duration, by: 1.0 / 120) {
            let frame = director.frame(at: t)
            for sprite in frame.sprites where sprite.state.opacity > 0.05 {
                let h = sprite.boxSize.height
                let outside = max(abs(sprite.state.position.y - line) + abs(sprite.state.scaleY) * h / 2 - h / 2, 0)
                worst = max(worst, outside / h)
                #expect(outside <= 0.25 * h + 1e-9, "\(t) s: \(frame.symbol(of: sprite)) \(outside / h) of a line out")
            }
        }
        #expect(worst > 0.05, "the digits roll: \(worst)")
        // Settled, the new number reads whole.
        let end = director.frame(at: estimate.duration)
        let shown = end.sprites.filter { $0.state.opacity > 0.9 }.map { end.symbol(of: $0) }
        #expect(String(shown.sorted()) == String(Array(new).sorted()), "\(shown)")
    }

    /// A digit's motion blur rides its spring, which overshoots (bouncy most):
    /// it never goes below nothing, whatever the spring does.
    @Test(arguments: [MotionStyle.snappy, .smooth, .bouncy])
    func blurNeverGoesNegative(style: MotionStyle) {
        let director = TransitionDirector(
            text: "99", effect: RollingEffect(), style: style, mode: .numeric(), preference: .alwaysAnimate)
        let estimate = director.setText("1,000", at: 0)
        var blurred = 0
        for t in stride(from: 0.0, through: estimate.duration, by: 1.0 / 240) {
            for sprite in director.frame(at: t).sprites {
                #expect(sprite.state.blur >= 0, "\(style.name) at \(t) s: blur \(sprite.state.blur)")
                if sprite.state.blur > 0 { blurred += 1 }
            }
        }
        #expect(blurred > 0, "the digits blur as they roll")
    }

    /// A leaving glyph is faint before it has rolled half a line (among
    /// several lines it would stand on the next).
    @Test(arguments: [1, 3])
    func aLeavingGlyphIsFaintBeforeItReachesTheNextLine(lines: Int) {
        let glyph = GlyphMutation(action: .remove, indexFrom: 0, indexTo: nil, symbol: "7", priorityWeight: 0)
        let frame = Rect(x: 0, y: 20, width: 10, height: 20)
        let d = RollingEffect().layoutFinal(
            glyph: glyph, frame: frame, context: EffectContext(index: 0, count: 1, line: lines - 1, lineCount: lines, fontSize: 20))
        let halfway = stride(from: 0.0, through: 1, by: 0.001).first { abs(d.state(at: $0).position.y - frame.midY) >= 10 }!
        // Faint before it has rolled half a line, on one line and among several.
        #expect(d.state(at: halfway).opacity < 0.2, "\(lines) lines")
    }
}

