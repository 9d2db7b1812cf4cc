import Testing
@testable import Animator
import TestSupport

/// A spring damped to overshoot less (`TimingCurve.damped(toOvershoot:)`), and
/// the planner's use of it: a long move never carries a glyph far past its place.
@Suite struct SpringOvershootTests {
    @Test func dampingMeetsTheOvershootAskedFor() throws {
        let snappy = TimingCurve.spring(MotionStyle.snappy.spring)
        let overshoot = snappy.springOvershoot
        #expect(overshoot > 0.01 && overshoot < 0.02, "\(overshoot)")
        for fraction in [overshoot / 2, overshoot / 8, 1e-5] {
            let calmer = snappy.damped(toOvershoot: fraction)
            #expect(abs(calmer.springOvershoot - fraction) < fraction * 1e-6, "\(fraction): \(calmer.springOvershoot)")
        }
        let critical = snappy.damped(toOvershoot: 0)
        #expect(critical.springOvershoot == 0)
        #expect(critical.progress(at: 0.05) > 0 && critical.progress(at: 0.05) < snappy.progress(at: 0.05))
    }

    @Test func whatOvershootsLessAlreadyIsKept() {
        let snappy = TimingCurve.spring(MotionStyle.snappy.spring)
        #expect(snappy.damped(toOvershoot: 0.5) == snappy)
        let ease = TimingCurve.bezier(.easeOut, duration: 0.3)
        #expect(ease.springOvershoot == 0 && ease.damped(toOvershoot: 0) == ease)
    }

    /// How far glyph `index` of `new` passes its place, in points, on its way
    /// from `old` (one line, 10 × 20 cells), sampled at 480 frames a second.
    private func overshoot(_ old: String, _ new: String, index: Int, style: MotionStyle) throws -> (Double, Double) {
        let animator = GlyphAnimator(effect: ScaleEffect(), style: style)
        let plan = animator.plan(from: old, to: new, layout: MonospaceLayout(cellWidth: 10, cellHeight: 20))
        let entry = try #require((0..<plan.count).first { plan.indices(of: $0).new == index })
        #expect(plan.role(of: entry) == .persisting)
        let start = plan.state(of: entry, at: 0).position.x
        let rest = plan.state(of: entry, at: plan.duration + 1).position.x
        let direction = rest < start ? -1.0 : 1.0
        var past = 0.0
        for k in 0...Int(plan.duration * 480) {
            past = max(past, (plan.state(of: entry, at: Double(k) / 480).position.x - rest) * direction)
        }
        return (past, abs(rest - start))
    }

    @Test func aLongMoveStopsWithinATenthOfALinePastItsPlace() throws {
        // "Ends" slides 510 points left: snappy's 1.5 % would carry it 7.7 points into the space before it.
        let removed = String(repeating: "and more ", count: 5) + "words "
        let tail = "Ends with the words after it"
        let (past, distance) = try overshoot("Text " + removed + tail, "Text " + tail, index: 5, style: .snappy)
        #expect(distance == Double(removed.count * 10))
        #expect(past <= 0.1 * 20 + 1e-9, "\(past)")
        #expect(past > 0.1 * 20 / 4, "damped just enough, not flat: \(past)")
    }

    @Test func aShortMoveKeepsItsSpring() throws {
        // Bouncy's bounce on a move of two cells: 7.8 % of 20 points.
        let (past, distance) = try overshoot("abxxc", "abc", index: 2, style: .bouncy)
        let bounce = TimingCurve.spring(MotionStyle.bouncy.spring).springOvershoot * distance
        #expect(distance == 20 && abs(past - bounce) < 0.05, "\(past) of \(bounce)")
    }
}
