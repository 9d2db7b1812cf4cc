import Analyzer
import Animator
import Director
import Effects
import Testing
import TestSupport

@Suite struct WriteEffectTests {
    /// The ease-in-out Bézier (0.42, 0, 0.58, 1) is symmetric: halfway in time is halfway in progress.
    let half = 0.5

    /// Each sprite's state at t, in reading order (by x).
    func states(_ director: TransitionDirector, at t: Double) -> [GlyphState] {
        director.frame(at: t).sprites.map(\.state).sorted { $0.position.x < $1.position.x }
    }

    @Test func aFiveGlyphWordIsWrittenGlyphAfterGlyphInThreeSecondsThenFilled() throws {
        let director = TransitionDirector(text: "", layout: layout, effect: .write, preference: .alwaysAnimate)
        director.setText("hello", at: 0)
        // 0.6 s a glyph: glyph k writes from 0.6k to 0.6(k + 1), halfway at 0.6k + 0.3.
        let expected: [(Double, [Double])] = [
            (0, [0, 0, 0, 0, 0]),
            (0.3, [half, 0, 0, 0, 0]),
            (0.6, [1, 0, 0, 0, 0]),
            (1.5, [1, 1, half, 0, 0]),
            (2.7, [1, 1, 1, 1, half]),
            (3.0, [1, 1, 1, 1, 1]),
        ]
        for (t, strokes) in expected {
            let s = states(director, at: t)
            #expect(s.count == 5)
            for (k, state) in s.enumerated() {
                #expect(isClose(state.strokeEnd, strokes[k], 1e-6), "glyph \(k) at \(t): \(state.strokeEnd)")
                #expect(state.fill == 0, "glyph \(k) at \(t) is filled \(state.fill) before the text is written")
                #expect(state.opacity == 1)
            }
        }
        // Then every glyph fills together over 0.4 s, and rests as an ordinary glyph.
        for state in states(director, at: 3.2) { #expect(isClose(state.fill, half, 1e-6)) }
        let end = try #require(director.settleTime)
        #expect(abs(end - 3.4) < 1e-6)
        let rest = layout.layout(Array("hello")).anchored().frames.map { GlyphState.resting(at: $0.rect.center) }
        #expect(states(director, at: end) == rest)
    }

    @Test func withoutFillingTheTextEndsAsItsOutlineAndStaysOne() throws {
        let director = TransitionDirector(
            text: "", layout: layout, effect: WriteEffect(fills: false), preference: .alwaysAnimate)
        director.setText("help", at: 0)
        let end = try #require(director.settleTime)
        #expect(abs(end - 2.4) < 1e-6)
        for state in states(director, at: end) {
            #expect(state.strokeEnd == 1 && state.fill == 0)
        }
        // A later change keeps the persisting glyphs as outlines and writes the new one.
        director.setText("hello", at: 5)
        let later = try #require(director.settleTime)
        let settled = states(director, at: later)
        #expect(settled.count == 5)
        for state in settled { #expect(state.strokeEnd == 1 && state.fill == 0) }
    }

    @Test(arguments: [(1, 0.6), (5, 0.6), (10, 0.6), (20, 0.3), (120, 0.05)])
    func longTextsShareTheLongestDuration(glyphs: Int, share: Double) {
        #expect(isClose(WriteEffect().share(peers: glyphs), share))
        let text = String(repeating: "a", count: glyphs)
        let plan = plan(WriteEffect(fills: false), Change(old: "", new: text))
        // The last glyph finishes writing at n × share (at most 6 s).
        #expect(abs(plan.duration - min(Double(glyphs) * share, 6)) < 1e-6)
    }

    @Test func leavingGlyphsFadeOutAsTheyAre() throws {
        let director = TransitionDirector(text: "", layout: layout, effect: WriteEffect(fills: false), preference: .alwaysAnimate)
        director.setText("ab", at: 0)
        director.setText("a", at: 3)
        let frame = director.frame(at: 3.15)
        let b = try #require(frame.sprites.first { frame.symbol(of: $0) == "b" })
        #expect(b.state.opacity > 0 && b.state.opacity < 1)
        #expect(b.state.strokeEnd == 1 && b.state.fill == 0)
        #expect(director.frame(at: 3.3).sprites.count == 1)
    }

    @Test func writeRevealsTheFirstTextAndLayeringKeepsIt() throws {
        #expect(WriteEffect().revealsFirstText)
        #expect(try EffectRegistry.standard.effect(named: "slide+write").revealsFirstText)
        #expect(!ScaleEffect().revealsFirstText)
        #expect(!DanceEffect().revealsFirstText)
    }
}
