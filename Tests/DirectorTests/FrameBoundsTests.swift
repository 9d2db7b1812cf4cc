import Animator
import Director
import Testing

/// `Frame.bounds`: the animated box of what a frame draws.
@Suite struct FrameBoundsTests {
    @Test func atRestTheBoundsAreTheLayoutsBox() throws {
        let layout = MonospaceLayout()
        let director = TransitionDirector(text: "Hello\nWorld!", layout: layout)
        let bounds = try #require(director.frame(at: 0).bounds)
        #expect(bounds.width == 60 && bounds.height == 40)
        #expect(TransitionDirector(text: "", layout: layout).frame(at: 0).bounds == nil)
    }

    @Test func aGrowingBlockGrowsOnTheGlyphsClock() throws {
        let director = TransitionDirector(text: "Hello", layout: MonospaceLayout(), preference: .alwaysAnimate)
        _ = director.setText("Hello\nbrave new world", at: 1)
        let heights = stride(from: 1.0, through: 2.5, by: 1.0 / 30).compactMap { director.frame(at: $0).bounds?.height }
        #expect(heights.first == 20 && heights.last == 40)
        // In between, the block is as high as the glyphs on the way make it: more than one line before the end.
        #expect(heights.contains { $0 > 20 && $0 <= 60 })
    }

    @Test func wordsArcingPastEachOtherWidenTheBoundsForAMoment() throws {
        let director = TransitionDirector(text: "Hello World", layout: MonospaceLayout(), preference: .alwaysAnimate)
        _ = director.setText("World Hello", at: 1)
        let heights = stride(from: 1.0, through: 2.5, by: 1.0 / 60).compactMap { director.frame(at: $0).bounds?.height }
        // Half a line up and half a line down: two lines at most, then one again.
        #expect(heights.max()! > 20 && heights.max()! <= 40 + 1e-9)
        #expect(heights.last == 20)
    }
}
