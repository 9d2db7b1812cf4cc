import Testing
@testable import Animator

@Suite struct MonospaceTrackingTests {
    let plain = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    func tracked(_ points: Double, wrap: Double? = nil, alignment: TextAlignment = .leading) -> MonospaceLayout {
        MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: wrap, alignment: alignment, tracking: points)
    }

    @Test(arguments: [3.5, -4.0, 25.0])
    func eachGlyphOfALineShiftsByItsIndexTimesTheTracking(points: Double) {
        let text = Array("Hi 世界\nyo")
        let base = plain.layout(text)
        let spaced = tracked(points).layout(text)
        #expect(spaced.lines.count == base.lines.count)
        for line in base.lines {
            for (k, i) in line.glyphs.enumerated() {
                #expect(abs(spaced.frames[i].rect.minX - (base.frames[i].rect.minX + Double(k) * points)) < 1e-9)
                #expect(spaced.frames[i].rect.width == base.frames[i].rect.width)
                #expect(spaced.frames[i].rect.minY == base.frames[i].rect.minY)
            }
        }
    }

    @Test func lineWidthCountsTheGapsBetweenItsInkOnly() {
        // "ab  " has two glyphs of ink: one gap; the hanging spaces count nothing.
        let text = Array("ab  \nabcd")
        let points = 6.0
        let spaced = tracked(points).layout(text)
        let base = plain.layout(text)
        #expect(spaced.lines[0].rect.width == base.lines[0].rect.width + points)
        #expect(spaced.lines[1].rect.width == base.lines[1].rect.width + 3 * points)
        #expect(spaced.size.width == spaced.lines[1].rect.width)
    }

    @Test func trailingAlignmentLinesUpTheTrackedEnds() {
        let text = Array("a\nabc")
        let spaced = tracked(5, alignment: .trailing).layout(text)
        let box = spaced.size.width
        #expect(spaced.frames[0].rect.maxX == box)
        #expect(spaced.frames[4].rect.maxX == box)
    }

    @Test func wrappingCountsTheTracking() {
        // Four 10-point cells fit 40 points untracked; with 5 points between them they need 55.
        let text = Array("abcd efgh")
        #expect(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 45).layout(text).lines.count == 2)
        let spaced = tracked(5, wrap: 45).layout(text)
        #expect(spaced.lines.count > 2)
        for line in spaced.lines { #expect(line.rect.width <= 45) }
    }

    @Test func trackingIsClampedToHalfACellBackAndTenForward() {
        let text = Array("abc")
        let far = tracked(1_000).layout(text)
        let limit = MonospaceLayout.trackingCells.upperBound * 10
        #expect(far.frames[2].rect.minX == 20 + 2 * limit)
        let back = tracked(-1_000).layout(text)
        #expect(back.frames[1].rect.minX == 10 + MonospaceLayout.trackingCells.lowerBound * 10)
        var layout = tracked(4)
        layout.tracking = .nan
        #expect(layout.tracking == 0)
        #expect(layout.layout(text).frames.map(\.rect) == plain.layout(text).frames.map(\.rect))
    }
}
