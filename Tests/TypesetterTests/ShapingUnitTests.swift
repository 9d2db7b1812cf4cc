import Animator
import TestSupport
import Testing
@testable import Typesetter

/// Units of shaped text: joined runs and clusters drawn whole by their first
/// Character, drawings named per frame, emoji in colour, right-to-left leading.
@Suite struct ShapingUnitTests {
    @Test func oneEngineDrawsADrawingAtEachSizeItIsAskedFor() throws {
        // Drawings are cached by id and size: asked at a second size, the engine
        // draws anew rather than handing back the first size's outline.
        let font = try dejaVu()
        let id = try #require(font.layout(Array("W")).drawings?.first)
        let small = try #require(font.engine.drawing(id, size: 20)?.inkBounds)
        let large = try #require(font.engine.drawing(id, size: 40)?.inkBounds)
        let again = try #require(font.engine.drawing(id, size: 20)?.inkBounds)
        #expect(abs(large.width - 2 * small.width) < 0.05 * small.width)
        #expect(abs(large.height - 2 * small.height) < 0.05 * small.height)
        #expect(again == small)
    }

    @Test func arabicJoinedRunIsOneUnitDrawnByItsFirstLetter() throws {
        let font = try dejaVu()
        // كتاب: kaf, teh and alef join; beh stands alone after the alef.
        let laidOut = font.layout(Array("كتاب"))
        let drawings = try #require(laidOut.drawings)
        #expect(drawings.count == 4)
        #expect(drawings[0] > 0)
        #expect(drawings[1] == 0 && drawings[2] == 0)
        #expect(drawings[3] > 0)
        // The run's first letter spans the run: its frame holds the others' zero-width frames.
        #expect(laidOut.frames[0].rect.width > 0)
        #expect(laidOut.frames[1].rect.width == 0 && laidOut.frames[2].rect.width == 0)
        let word = try #require(font.drawing(drawings[0])?.inkBounds)
        let kaf = try #require(font.drawing(font.layout(Array("ك")).drawings![0])?.inkBounds)
        // The run draws three letters: wider ink than the kaf alone.
        #expect(word.width > 1.5 * kaf.width)
    }

    @Test func aLetterHasTheDrawingOfItsContext() throws {
        let font = try dejaVu()
        let isolated = try #require(font.layout(Array("ب")).drawings)[0]
        // After an alef (which joins nothing on its left) a beh stands alone: the
        // same drawing, by the same name, as a beh by itself.
        #expect(try #require(font.layout(Array("كتاب")).drawings)[3] == isolated)
        // Joined to the letters before it, it is drawn by their run, not on its own.
        let joined = try #require(font.layout(Array("كتب")).drawings)
        #expect(joined[0] != isolated && joined[1] == 0 && joined[2] == 0)
    }

    @Test func latinLettersStayUnitsOfTheirOwn() throws {
        let laidOut = try dejaVu().layout(Array("AVA Wo"))
        let drawings = try #require(laidOut.drawings)
        #expect(drawings.allSatisfy { $0 > 0 })
        #expect(drawings[0] == drawings[2])
    }

    @Test func rightToLeftLeadingIsTheRightEdge() throws {
        let font = try dejaVu(wrapWidth: 400)
        let laidOut = font.layout(Array("שלום"))
        #expect(laidOut.isRightToLeft)
        #expect(isClose(laidOut.lines[0].rect.maxX, 400))
        #expect(isClose(laidOut.alignmentAnchor, 400))
        let english = font.layout(Array("hello"))
        #expect(!english.isRightToLeft)
        #expect(isClose(english.lines[0].rect.minX, 0))
    }

    @Test func emojiSequencesAreOneColourGlyph() throws {
        let font = try dejaVu()
        for emoji in ["👨‍👩‍👧", "🇫🇷", "👍🏽", "1️⃣", "😀"] {
            let glyphs = Array(emoji)
            #expect(glyphs.count == 1)
            let ids = try #require(font.layout(glyphs).drawings)
            let drawing = try #require(font.drawing(ids[0]), "\(emoji)")
            #expect(drawing.images.count == 1, "\(emoji) draws as one picture: \(drawing.fontFile) \(drawing.shapeKey)")
            let image = try #require(drawing.images.first)
            #expect(image.width > 32 && image.height > 32)
            // About an em tall at 32 points.
            #expect(image.rect.height > 24 && image.rect.height < 48)
            #expect(image.premultipliedBGRA.count == image.width * image.height * 4)
        }
    }

    @Test func charactersNoFontHasAreDiagnosed() throws {
        let font = try dejaVu()
        let found = font.diagnostics(for: Array("a\u{E000}b\u{E000}"))
        #expect(found.count == 1)
        #expect(found.first?.code == .missingGlyph)
        #expect(found.first?.scalars == ["\u{E000}"])
        #expect(found.first?.message.contains("U+E000") == true)
        #expect(font.diagnostics(for: Array("Hello, שלום, مرحبا, नमस्ते, 日本, 한국, 😀")).isEmpty)
    }
}
