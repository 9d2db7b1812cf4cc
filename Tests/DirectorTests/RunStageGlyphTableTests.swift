import Analyzer
import Animator
import Director
import TestSupport
import Testing

/// The run model over a long session of ever new glyphs: its glyph table stays bounded, as
/// the store's planner's did, and what it shows does not change for it.
@Suite struct RunStageGlyphTableTests {
    /// Six distinct ideographs per text, never seen before: 40 texts are 240 new glyphs.
    static func text(_ n: Int) -> String {
        String(String.UnicodeScalarView((0..<6).compactMap { Unicode.Scalar(0x4E00 + 6 * n + $0) })) + " ok"
    }

    @Test func theGlyphTableStaysBoundedAndFramesMatchTheStorePlanners() {
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        let stage = RunStage(text: Self.text(0), layout: layout, preference: .alwaysAnimate)
        var largest = 0, mostSprites = 0
        for n in 1...40 {
            // Each change interrupts the last one mid-way: its leaving glyphs are still shown.
            let t = 0.05 * Double(n)
            stage.setText(Self.text(n), at: t)
            largest = max(largest, stage.workspace.glyphCount)
            mostSprites = max(mostSprites, stage.spriteCount)
            // What the sprites show is what they showed before the table was renumbered: the
            // new text's glyphs (in any order: arrivals are drawn on top), and those leaving.
            let shown = stage.frame(at: t + 0.02).filter { $0.role != .exiting }
            #expect(shown.map { stage.workspace.symbols[$0.glyph] }.sorted() == Array(Self.text(n)).sorted(), "after text \(n)")
        }
        // The 128 ASCII ids, then (forgetting what no sprite shows) at most twice the sprites
        // and 64 more, plus a text's six new ideographs: never all 240 of them.
        #expect(largest <= 128 + 2 * mostSprites + 64 + 6)
        #expect(mostSprites < 60)
    }
}

extension RunStage {
    /// Whether the frames at `t` of two stages show the same sprites: glyph, role, place,
    /// opacity and scale, in any order.
    static func sameRows(_ stage: RunStage, _ other: RunStage, at t: Double) -> Bool {
        func rows(_ stage: RunStage) -> [String] {
            stage.frame(at: t).map {
                "\(stage.workspace.symbols[$0.glyph]) \($0.role) \($0.state.position.x) \($0.state.opacity) \($0.state.scaleX)"
            }.sorted()
        }
        return rows(stage) == rows(other)
    }
}
