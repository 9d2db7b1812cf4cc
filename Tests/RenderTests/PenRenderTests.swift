import Animator
import Effects
import Testing
import TestSupport
import Typesetter
@testable import Render

@Suite("Pen strokes in the renderers")
struct PenRenderTests {
    private func penTimeline(_ texts: [String], effect: any EffectBlueprint) throws -> Timeline {
        try Timeline(texts: texts, layout: try FontLayout(size: 64, pen: PenFont("cursive")), effect: effect, fps: 20)
    }

    /// A pen's strokes are open paths: whatever the effect, they are stroked and
    /// never filled, so the text at rest looks as the pen wrote it.
    @Test func aPensStrokesAreNeverFilled() throws {
        let written = try penTimeline(["", "hello"], effect: WriteEffect(fills: false))
        let scaled = try penTimeline(["hello"], effect: ScaleEffect())
        let a = try PNGRenderer().image(written, at: written.duration)
        let b = try PNGRenderer().image(scaled, at: scaled.duration)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels)
        let still = try SVGRenderer().frame(scaled, at: scaled.duration)
        #expect(still.contains("stroke-width"))
    }

    /// Mid-way, the PNG shows the first letters and nothing of the last.
    @Test func thePngRevealsTheTextFromTheLeft() throws {
        let timeline = try penTimeline(["", "hello"], effect: WriteEffect(fills: false))
        let image = try PNGRenderer().image(timeline, at: 1.2)
        func ink(_ columns: Range<Int>) -> Int {
            var count = 0
            for x in columns { for y in 0..<image.height where image[x, y].red < 128 { count += 1 } }
            return count
        }
        let third = image.width / 3
        #expect(ink(0..<third) > 50)
        #expect(ink((image.width - third)..<image.width) == 0)
    }
}
