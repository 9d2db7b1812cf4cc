import Animator
import Director
import Effects
@testable import Render
import Testing
import Typesetter

/// A letter that gains a mark keeps its sprite and blends into its new
/// drawing, however the mark is encoded and wherever the letter moves; two
/// encodings of one text settle on the same drawings, and a letter whose
/// drawing is the same in both does not blend at all.
@Suite struct MarkedLettersRenderTests {
    /// The sprite showing glyph `index` of the text at rest in `frame`: the one
    /// whose box starts where the layout puts the glyph.
    static func sprite(at index: Int, of text: String, in frame: Frame, layout: FontLayout) throws -> SpriteFrame {
        let laidOut = layout.layout(Array(text)).anchored()
        let box = laidOut.frames[index].rect
        return try #require(
            frame.sprites.first { abs($0.state.position.x - box.midX) < 0.01 && $0.state.opacity > 0 && $0.boxSize.width > 0 })
    }

    @Test(arguments: [
        ("cafe", "café", 3, 3), ("cafe", "cafe\u{301}", 3, 3), ("café", "cafe", 3, 3), ("my cafe", "the café", 6, 7),
    ])
    func theLetterKeepsItsSpriteAndBlends(old: String, new: String, oldIndex: Int, newIndex: Int) throws {
        let font = try dejaVu()
        let director = TransitionDirector(text: old, layout: font, preference: .alwaysAnimate)
        let before = try Self.sprite(at: oldIndex, of: old, in: director.frame(at: 0), layout: font)
        let estimate = director.setText(new, at: 0)
        let drawings = try #require(font.layout(Array(new)).drawings)
        // On the way it blends from its old drawing into the new one: the old
        // one whole until the new one is half in.
        var blended = 0
        for k in 1..<100 {
            let frame = director.frame(at: estimate.duration * Double(k) / 100)
            let index = try #require(frame.sprites.firstIndex { $0.id == before.id })
            var cursor = 0
            let d = frame.drawings(of: index, cursor: &cursor)
            #expect(d.to == drawings[newIndex])
            #expect(d.fromShare == 1 || d.toShare == 1, "\(d)")
            if d.fromShare > 0 {
                blended += 1
                #expect(d.from == before.drawing)
            }
        }
        let after = try Self.sprite(at: newIndex, of: new, in: director.frame(at: estimate.duration + 1), layout: font)
        #expect(after.id == before.id, "the letter keeps its sprite")
        #expect(after.role == .persisting)
        #expect(after.drawing == drawings[newIndex], "it ends on its drawing in the new text")
        #expect(after.drawing != before.drawing)
        #expect(blended > 0)
    }

    /// Precomposed "é" and "e" + U+0301 draw alike: a change between them moves
    /// and blends nothing, and either, as a target, settles on the same frame.
    @Test func twoEncodingsSettleAlike() throws {
        let font = try dejaVu()
        #expect(font.layout(Array("café")).drawings == font.layout(Array("cafe\u{301}")).drawings)
        let timeline = try Timeline(texts: ["café", "cafe\u{301}"], layout: font, preference: .alwaysAnimate, fps: 60)
        #expect(timeline.frames.allSatisfy { $0.reshapes.isEmpty })
        let first = try #require(timeline.frames.first), last = try #require(timeline.frames.last)
        #expect(first.sprites.map(\.id) == last.sprites.map(\.id))
        #expect(first.sprites.map(\.state) == last.sprites.map(\.state))
        #expect(first.sprites.map(\.drawing) == last.sprites.map(\.drawing))
        let composed = try Timeline(texts: ["cafe au lait", "café"], layout: font, preference: .alwaysAnimate, fps: 30)
        let decomposed = try Timeline(
            texts: ["cafe au lait", "cafe\u{301}"], layout: font, preference: .alwaysAnimate, fps: 30)
        let a = try #require(composed.frames.last), b = try #require(decomposed.frames.last)
        #expect(ScriptCorpusTests.drawn(a, outlines: composed.outlines) == ScriptCorpusTests.drawn(b, outlines: decomposed.outlines))
        #expect(a.sprites.map(\.id) == b.sprites.map(\.id))
    }
}
