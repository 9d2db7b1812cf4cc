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

    @Test func aChangingShapeCountsItsOldBoxUntilTheBlendEnds() throws {
        let still = TransitionDirector(text: "a", layout: MonospaceLayout()).frame(at: 0)
        let sprite = still.sprites[0]
        let x = sprite.state.position.x, w = sprite.boxSize.width
        func bounds(progress: Double) throws -> Rect {
            // The old drawing's box is three times as wide and shares the sprite's left edge.
            let reshape = SpriteReshape(sprite: 0, from: 1, progress: progress, offset: 0, width: 3 * w)
            let frame = Frame(time: 0, sprites: [sprite], particles: [], symbols: still.symbols, reshapes: [reshape])
            return try #require(frame.bounds)
        }
        let blending = try bounds(progress: 0.3)
        #expect(abs(blending.minX - (x - w / 2)) < 1e-9 && abs(blending.maxX - (x + 2.5 * w)) < 1e-9)
        let done = try bounds(progress: 1)
        #expect(abs(done.maxX - (x + w / 2)) < 1e-9)
    }
}
