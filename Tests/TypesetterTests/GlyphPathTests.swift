import Testing
import Animator
@testable import Typesetter
import TestSupport

@Suite("GlyphPath: outlines, bounds, SVG")
struct GlyphPathTests {
    @Test func lettersHaveOutlinesAndSpacesHaveNone() throws {
        let shaped = try dejaVu().shape(Array("A b"))
        #expect(!shaped.glyphs[0].outline.isEmpty)
        #expect(!shaped.glyphs[2].outline.isEmpty)
        #expect(shaped.glyphs[1].outline.isEmpty)
        #expect(shaped.glyphs[1].shapeKey.isEmpty)
        #expect(shaped.glyphs[1].outline.bounds == nil)
        #expect(shaped.glyphs[1].outline.svgPathData.isEmpty)
    }

    @Test func contoursStartWithAMoveAndEndClosed() throws {
        let outline = try dejaVu().shape(["B"]).glyphs[0].outline
        #expect(outline.elements.first.map { if case .move = $0 { true } else { false } } == true)
        #expect(outline.elements.last == .close)
        let moves = outline.elements.filter { if case .move = $0 { true } else { false } }.count
        let closes = outline.elements.filter { $0 == .close }.count
        #expect(moves == 3) // B: the outer contour and two counters
        #expect(closes == moves)
    }

    @Test func theBoundsOfOLieInsideItsBoxAboveTheBaseline() throws {
        let layout = try dejaVu(size: 100)
        let shaped = layout.shape(["O"])
        let frame = shaped.layout.frames[0]
        let bounds = try #require(shaped.glyphs[0].outline.bounds)
        // Relative to the pen origin on the baseline, y down: the O sits above
        // the baseline (overshooting it slightly), within its advance.
        #expect(bounds.minX > 0 && bounds.maxX < frame.rect.width)
        #expect(bounds.minY < -60 && bounds.minY > -layout.metrics.ascent)
        #expect(bounds.maxY > 0 && bounds.maxY < 5)
        #expect(bounds.height > 70 && bounds.height < 80) // cap height plus overshoot, about 0.74 em
        #expect(bounds.width > 60 && bounds.width < frame.rect.width)
    }

    @Test func aCombiningAccentIsOneFrameWhoseOutlineHasBothParts() throws {
        let layout = try dejaVu()
        let accented = Array("e\u{301}")
        #expect(accented.count == 1)
        let shaped = layout.shape(accented)
        #expect(shaped.layout.frames.count == 1)
        let e = try #require(layout.shape(["e"]).glyphs[0].outline.bounds)
        let é = try #require(shaped.glyphs[0].outline.bounds)
        #expect(é.minY < e.minY - 3) // the accent rises above the e
        #expect(isClose(é.maxY, e.maxY, 0.5))
        let contours = shaped.glyphs[0].outline.elements.filter { if case .move = $0 { true } else { false } }.count
        #expect(contours >= 3) // e (outer + counter) and the accent
    }

    @Test func aMarkWithoutAPrecomposedFormIsPositionedOverItsBase() throws {
        // q has no precomposed form with an acute: HarfBuzz places two glyphs.
        let layout = try dejaVu()
        let shaped = layout.shape(Array("q\u{301}"))
        #expect(shaped.layout.frames.count == 1)
        #expect(shaped.glyphs[0].shapeKey.contains(";")) // two glyphs in the key
        let q = try #require(layout.shape(["q"]).glyphs[0].outline.bounds)
        let both = try #require(shaped.glyphs[0].outline.bounds)
        #expect(both.minY < q.minY - 3)
        #expect(both.minX >= 0 && both.maxX <= shaped.layout.frames[0].rect.width)
        #expect(isClose(shaped.layout.frames[0].rect.width, layout.layout(["q"]).frames[0].rect.width))
    }

    @Test func equalShapesShareAKeyAndOthersDoNot() throws {
        let shaped = try dejaVu().shape(Array("aba"))
        #expect(shaped.glyphs[0].shapeKey == shaped.glyphs[2].shapeKey)
        #expect(shaped.glyphs[0].outline == shaped.glyphs[2].outline)
        #expect(shaped.glyphs[0].shapeKey != shaped.glyphs[1].shapeKey)
        let larger = try dejaVu(size: 33).shape(["a"])
        #expect(larger.glyphs[0].shapeKey != shaped.glyphs[0].shapeKey)
    }

    @Test func svgPathDataIsRoundedAndCompact() {
        let path = GlyphPath(elements: [
            .move(to: Point(x: 0, y: 0)),
            .line(to: Point(x: 10, y: 0.125)),
            .quad(control: Point(x: 1.234, y: -2.5), to: Point(x: 3.999, y: -0.004)),
            .cubic(control1: Point(x: 100, y: 7.1), control2: Point(x: -7.05, y: 12.34), to: Point(x: 0.5, y: 1e-9)),
            .close,
        ])
        #expect(path.svgPathData == "M 0 0 L 10 0.13 Q 1.23 -2.5 4 0 C 100 7.1 -7.05 12.34 0.5 0 Z")
    }

    @Test func realOutlinesPrintTheSameEveryTime() throws {
        let first = try dejaVu().shape(Array("Sg")).glyphs.map(\.outline.svgPathData)
        let second = try dejaVu().shape(Array("Sg")).glyphs.map(\.outline.svgPathData)
        #expect(first == second)
        #expect(first.allSatisfy { $0.hasPrefix("M ") && $0.hasSuffix(" Z") && $0.contains(" Q ") })
    }

    @Test func boundsAreTightAroundCurves() throws {
        let quad = GlyphPath(elements: [
            .move(to: Point(x: 0, y: 0)), .quad(control: Point(x: 5, y: 10), to: Point(x: 10, y: 0)), .close,
        ])
        #expect(quad.bounds == Rect(x: 0, y: 0, width: 10, height: 5))
        let cubic = GlyphPath(elements: [
            .move(to: Point(x: 0, y: 0)),
            .cubic(control1: Point(x: 0, y: -8), control2: Point(x: 10, y: -8), to: Point(x: 10, y: 0)),
            .close,
        ])
        let box = try #require(cubic.bounds)
        #expect(isClose(box.minY, -6)) // the curve's peak is 3/4 of the control height
        #expect(box.minX == 0 && box.maxX == 10 && box.maxY == 0)
        #expect(GlyphPath.empty.bounds == nil)
    }

    @Test func applyingATransformMovesEveryPoint() throws {
        let outline = try dejaVu().shape(["x"]).glyphs[0].outline
        let bounds = try #require(outline.bounds)
        let moved = try #require(outline.applying(.translation(100, 50)).bounds)
        #expect(isClose(moved.minX, bounds.minX + 100) && isClose(moved.minY, bounds.minY + 50))
        #expect(isClose(moved.width, bounds.width) && isClose(moved.height, bounds.height))
    }
}
