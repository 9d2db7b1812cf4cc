import Testing
import Animator
@testable import Typesetter
import TestSupport

@Suite("FontLayout on pathological text: bounded cost, every glyph its frame")
struct PathologicalTextTests {
    /// A base letter carrying `marks` combining marks: one Character.
    private func stacked(_ marks: Int) -> Character {
        Character("e" + String(repeating: "\u{301}", count: marks))
    }

    /// The number of font glyphs that draw a Character, read from its shape key.
    private func glyphCount(_ glyph: ShapedGlyph) -> Int {
        glyph.shapeKey.split(separator: ";").count
    }

    /// Shaping a cluster costs time quadratic in its length (16,000 marks took
    /// 0.7 s, 160,000 over a minute). Only the first 32 scalars are shaped now:
    /// the Character keeps one frame and draws exactly as its first 32 scalars.
    @Test func aHugeClusterIsShapedFromItsFirstScalars() throws {
        let layout = try dejaVu()
        let huge = layout.shape([stacked(100_000), "x"])
        let clamped = layout.shape([stacked(FontLayout.maximumShapedScalars - 1), "x"])
        #expect(huge.layout.frames.count == 2)
        #expect(huge.layout == clamped.layout)
        #expect(huge.glyphs[0].outline == clamped.glyphs[0].outline)
        // The glyphs drawn for it: its base and marks, at most 32.
        let ids = glyphCount(huge.glyphs[0])
        #expect(ids >= 2 && ids <= FontLayout.maximumShapedScalars, "\(ids) glyphs")
    }

    @Test func shortClustersAreShapedWhole() throws {
        let layout = try dejaVu()
        let family = Character("👨‍👩‍👧‍👦")
        let five = stacked(5)
        #expect(family.unicodeScalars.count < FontLayout.maximumShapedScalars)
        let shaped = layout.shape([five, family])
        // Each mark is drawn: one more mark, one more glyph.
        #expect(glyphCount(shaped.glyphs[0]) == glyphCount(layout.shape([stacked(4)]).glyphs[0]) + 1)
        #expect(!shaped.glyphs[1].drawsNothing)
    }

    /// The cache used to be keyed by `String(text)`, which forgets where
    /// Characters start: laying out "e" and U+0301 as two Characters, then the one
    /// Character "e\u{301}", met the two-Character shape and indexed past the frames.
    @Test(arguments: [
        ([Character("e"), Character("\u{301}")], [Character("e\u{301}")]),
        ([Character("e\u{301}")], [Character("e"), Character("\u{301}")]),
        ([Character("\u{E9}")], [Character("e\u{301}")]),
    ])
    func theCacheKnowsWhereCharactersStart(_ first: [Character], _ second: [Character]) throws {
        let layout = try dejaVu()
        let a = layout.layout(first), b = layout.layout(second)
        #expect(a.frames.count == first.count && b.frames.count == second.count)
        // The same text laid out by a fresh font (empty cache) agrees.
        #expect(b == (try FontLayout(font: .family("DejaVu Sans"), size: 32)).layout(second))
        #expect(layout.shape(second).glyphs == (try FontLayout(font: .family("DejaVu Sans"), size: 32)).shape(second).glyphs)
    }

    /// The cache of shaped paragraphs was bounded by count alone: 512 long
    /// paragraphs could pile up gigabytes. Now it keeps about a budget of Characters.
    @Test func theParagraphCacheKeepsItsBudget() throws {
        let layout = try FontLayout(font: .family("DejaVu Sans"), size: 20)
        var random = SeededRandom(seed: 5)
        let letters = Array("abcdefghij klmnop")
        for _ in 0..<60 {
            let length = 1 + Int(random.next() % 12_000)
            let paragraph = (0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
            let result = layout.layout(paragraph + ["\n"] + paragraph.prefix(50))
            #expect(result.frames.count == length + 51)
            let sizes = layout.engine.cacheSizes
            #expect(sizes.characters <= FontLayout.cachedCharacterBudget && sizes.paragraphs <= 512)
        }
    }

    @Test func theFaceTableStaysBounded() throws {
        let layout = try FontLayout(font: .family("DejaVu Sans"), size: 20)
        // Every Character distinct: a letter with a run of marks of its own.
        let marks: [Unicode.Scalar] = ["\u{300}", "\u{301}", "\u{302}", "\u{303}", "\u{308}"]
        var text: [Character] = []
        for i in 0..<(EngineState.faceSlotCacheLimit + 2000) {
            var s = "a"
            var n = i
            repeat { s.unicodeScalars.append(marks[n % 5]); n /= 5 } while n > 0
            text.append(Character(s))
        }
        #expect(layout.layout(text).frames.count == text.count)
        #expect(layout.engine.cacheSizes.faces <= EngineState.faceSlotCacheLimit)
    }

    /// `shape` returned a fresh copy of the outline for every Character: about a
    /// kilobyte each, 2.5 GB for two million. Characters drawn alike now share it.
    @Test func charactersDrawnAlikeShareOneOutline() throws {
        let layout = try dejaVu()
        let text = Array("abab\nab")
        let shaped = layout.shape(text)
        func storage(_ i: Int) -> UnsafeRawPointer? {
            shaped.glyphs[i].outline.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(0) != nil && storage(0) == storage(2) && storage(0) == storage(5))
        #expect(storage(1) == storage(3) && storage(1) == storage(6) && storage(0) != storage(1))
        #expect(shaped.glyphs[0] == shaped.glyphs[5] && shaped.glyphs[0] != shaped.glyphs[1])
    }

    /// A paragraph longer than one HarfBuzz call takes is shaped in pieces; the
    /// pieces line up as if shaped at once (DejaVu has no kerning between these).
    @Test func aParagraphLongerThanARunIsShapedInPieces() throws {
        let layout = try dejaVu(size: 10)
        let count = EngineState.maximumRunLength * 2 + 100
        let text = [Character](repeating: "o", count: count)
        let result = layout.layout(text)
        #expect(result.frames.count == count)
        let advance = result.frames[0].rect.width
        #expect(advance > 0)
        for (i, frame) in result.frames.enumerated() where i % 997 == 0 || i == count - 1 {
            #expect(isClose(frame.rect.minX, Double(i) * advance, 1e-6 * Double(i + 1)))
        }
    }
}
