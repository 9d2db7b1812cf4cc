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
        let director = StoreDirector(text: Self.text(0), layout: layout, preference: .alwaysAnimate)
        var largest = 0, mostSprites = 0
        for n in 1...40 {
            // Each change interrupts the last one mid-way: its leaving glyphs are still shown.
            let t = 0.05 * Double(n)
            stage.setText(Self.text(n), at: t)
            director.setText(Self.text(n), at: t)
            largest = max(largest, stage.workspace.glyphCount)
            mostSprites = max(mostSprites, stage.spriteCount)
            #expect(RunStage.sameRows(stage, director, at: t + 0.02), "after text \(n)")
        }
        // The 128 ASCII ids, then (forgetting what no sprite shows) at most twice the sprites
        // and 64 more, plus a text's six new ideographs: never all 240 of them.
        #expect(largest <= 128 + 2 * mostSprites + 64 + 6)
        #expect(mostSprites < 60)
    }
}

extension RunStage {
    /// Whether the stage's frame at `t` and the store's planner's show the same sprites: glyph, role,
    /// place, opacity and scale, in any order.
    static func sameRows(_ stage: RunStage, _ director: StoreDirector, at t: Double) -> Bool {
        func rows(_ symbol: (SpriteFrame) -> Character, _ sprites: some Sequence<SpriteFrame>) -> [String] {
            sprites.map { "\(symbol($0)) \($0.role) \($0.state.position.x) \($0.state.opacity) \($0.state.scaleX)" }
                .sorted()
        }
        let shown = stage.frame(at: t), frame = director.frame(at: t)
        return rows({ stage.workspace.symbols[$0.glyph] }, shown) == rows({ frame.symbol(of: $0) }, frame.sprites)
    }
}
