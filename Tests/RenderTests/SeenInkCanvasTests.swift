import Animator
import Director
import Effects
import Render
import Testing
import TestSupport
import Typesetter

/// The canvas fits the ink that is seen: glyphs waiting invisibly off to the
/// side to enter, or nearly gone, do not widen it (`Frame.seenOpacity`).
@Suite struct SeenInkCanvasTests {
    /// The union of every frame's seen ink boxes (layout boxes, scaled about their centres).
    private func seenBoxes(_ timeline: Timeline) -> Rect {
        var minX = Double.infinity, maxX = -Double.infinity
        for frame in timeline.frames {
            for sprite in frame.sprites
            where sprite.state.opacity >= Frame.seenOpacity && !frame.symbol(of: sprite).isWhitespace
                && (sprite.state.fill > 0 || sprite.state.strokeEnd > 0) {
                let half = abs(sprite.state.scaleX) * sprite.boxSize.width / 2
                minX = min(minX, sprite.state.position.x - half)
                maxX = max(maxX, sprite.state.position.x + half)
            }
        }
        return Rect(x: minX, y: 0, width: maxX - minX, height: 1)
    }

    /// A 2,000-glyph paragraph wrapped at 900 points with every ninth word
    /// changed, on the 10 × 20 grid, for every built-in that comes to rest:
    /// the canvas holds the ink seen (boxes at opacity 0.05 or more, turned,
    /// blurred) and the layout at rest, and nothing else. Before, glyphs waiting
    /// at opacity 0 in the first frame made it 1,100 points wide for every
    /// effect; the ink seen is 900 (minimal) to about 1,030 points wide (mist,
    /// whose arrivals' blur spreads their ink some 40 points past their boxes).
    @Test func aParagraphsCanvasIsItsSeenInk() throws {
        let change = LongTextCorpus.paragraphs[0]
        var widths: [String] = []
        for effect in LabelCorpus.effects {
            let timeline = try Timeline(
                texts: change.texts, layout: MonospaceLayout(wrapWidth: 900), effect: effect, style: .snappy,
                preference: .alwaysAnimate, fps: 30)
            let seen = seenBoxes(timeline)
            widths.append("\(effect.name) \(Int(timeline.bounds.width.rounded())) (boxes seen \(Int(seen.width.rounded())))")
            // A space's box ends a line at rest: a cell more than the ink at most.
            #expect(timeline.bounds.width <= timeline.inkBounds.width + 10 + 1e-9, "\(effect.name)")
            #expect(seen.width >= 890 && timeline.bounds.width < 1_050, "\(effect.name): \(timeline.bounds.width)")
            let placement = try Viewport().place(timeline.bounds)
            #expect(placement.pixelWidth <= Int((timeline.inkBounds.width + 10 + 32).rounded(.up)), "\(effect.name)")
        }
        print("canvas widths (points): " + widths.joined(separator: ", "))
    }

    /// The same with DejaVu Sans at 32 points: the canvas is the widest ink
    /// seen plus the margin (16 points a side).
    @Test(arguments: ["wave", "scale", "mist"])
    func aFontParagraphsCanvasIsItsInkPlusTheMargin(name: String) throws {
        let change = LongTextCorpus.paragraphs[0]
        let effect = try EffectRegistry.standard.effect(named: name)
        let timeline = try Timeline(
            texts: change.texts, layout: FontLayout(size: 32, wrapWidth: 900), effect: effect, style: .snappy,
            preference: .alwaysAnimate, fps: 30)
        let placement = try Viewport().place(timeline.bounds)
        print("canvas \(name): \(placement.pixelWidth) px for \(timeline.inkBounds.width) points of seen ink")
        #expect(placement.pixelWidth <= Int((timeline.inkBounds.width + 32).rounded(.up)) + 1)
    }

    @Test func aGlyphBelowTheSeenOpacityLeavesFrameBoundsAlone() throws {
        let director = TransitionDirector(text: "ab", layout: MonospaceLayout())
        var frame = director.frame(at: 0)
        let rest = try #require(frame.bounds)
        frame.sprites[1].state.position.x = -500
        frame.sprites[1].state.opacity = 0.04
        #expect(frame.bounds == Rect(x: rest.minX, y: rest.minY, width: 10, height: 20))
        frame.sprites[1].state.opacity = 0.05
        #expect(frame.bounds?.minX == -505)
    }
}
