import Animator
import TestSupport
import Testing
@testable import Typesetter

@Suite("Pen fonts: Hershey strokes laid out, smoothed and joined")
struct PenFontTests {
    private func cursive(size: Double = 96, alignment: TextAlignment = .leading, wrap: Double? = nil) throws -> FontLayout {
        try FontLayout(size: size, wrapWidth: wrap, alignment: alignment, pen: PenFont("cursive"))
    }

    @Test func theScriptFacesJoinAndTheRomanDoesNot() throws {
        let cursive = try PenFont("cursive"), script = try PenFont("script"), roman = try PenFont("roman-simplex")
        #expect(cursive.joins)
        #expect(script.joins)
        #expect(!roman.joins)
    }

    @Test func helloIsOneOrTwoStrokesNotFive() throws {
        let written = try cursive().shape(Array("hello"))
        let strokes = written.penStrokes
        #expect(strokes.count <= 2)
        // The first stroke runs from the "h" through the second "l".
        #expect(strokes.first?.first.glyph == 0)
        #expect((strokes.first?.last.glyph ?? 0) >= 3)
        #expect(strokes.last?.last.glyph == 4)
        #expect(written.glyphs.allSatisfy { $0.isPenStroke })
    }

    @Test func aRomanPenLiftsBetweenLetters() throws {
        let written = try FontLayout(size: 96, pen: PenFont("roman-simplex")).shape(Array("hello"))
        #expect(written.penStrokes.count >= 5)
    }

    @Test func aSpaceLiftsThePen() throws {
        let joined = try cursive().shape(Array("ll")).penStrokes.count
        let apart = try cursive().shape(Array("l l")).penStrokes.count
        #expect(joined == 1)
        #expect(apart == 2)
    }

    /// Every cubic of "hello" leaves a point in the direction the one before
    /// arrived in, except at a corner the polyline really has (a turn of more
    /// than 95°), letter junctions included.
    @Test func theStrokesAreSmoothWhereThePolylinesCurve() throws {
        let written = try cursive(size: 512).shape(Array("hello"))
        var junctions = 0, corners = 0
        var previous: (end: Point, direction: Vector)?
        for (glyph, frame) in zip(written.glyphs, written.layout.frames) {
            let origin = Point(x: frame.rect.minX, y: frame.baseline)
            var current = Point.zero
            for element in glyph.outline.elements {
                switch element {
                case .move(let p):
                    current = p + origin
                    if let prev = previous, (prev.end - current).length > 1e-6 { previous = nil }
                case .cubic(let c1, let c2, let p):
                    let start = c1 + origin - current
                    if let prev = previous, start.length > 1e-9, prev.direction.length > 1e-9 {
                        let cosine = (start.x * prev.direction.x + start.y * prev.direction.y)
                            / (start.length * prev.direction.length)
                        junctions += 1
                        if cosine < 0.999 { corners += 1 }
                    }
                    previous = (p + origin, p - c2)
                    current = p + origin
                default:
                    previous = nil
                }
            }
        }
        #expect(junctions > 60)
        // Cursive "hello" has sharp turns only at the bottoms of its strokes (h's stem, the loops' feet).
        #expect(corners <= 4)
    }

    @Test func inkIsMeasuredPerGlyphAndScalesWithTheSize() throws {
        let small = try cursive(size: 48).layout(Array("hi there"))
        let large = try cursive(size: 96).layout(Array("hi there"))
        let ink = try #require(small.ink), inkLarge = try #require(large.ink)
        #expect(ink.count == 8)
        #expect(ink[2] == 0)
        #expect(ink.enumerated().allSatisfy { $0.offset == 2 || $0.element > 10 })
        for (a, b) in zip(ink, inkLarge) { #expect(abs(b - 2 * a) < 1e-9) }
        let outlined = try dejaVu().layout(Array("hi"))
        #expect(outlined.ink == nil)
    }

    @Test func linesBreakAndAlignAsForOutlineFonts() throws {
        let centered = try cursive(size: 40, alignment: .center, wrap: 200).layout(Array("hello hello hello"))
        #expect(centered.lines.count >= 2)
        for line in centered.lines {
            #expect(abs(line.rect.midX - centered.size.width / 2) < 1e-6)
        }
        let layout = try cursive(size: 40)
        let twoLines = layout.layout(Array("ab\ncd"))
        #expect(twoLines.frames[3].line == 1)
        #expect(abs(twoLines.frames[3].baseline - twoLines.frames[0].baseline - layout.lineHeight) < 1e-9)
        // The pen's own height: its letters' reach on the 32-unit grid (cursive's "g" hangs 12 units down).
        #expect(abs(layout.lineHeight - 40 * 37 / 32) < 1e-9)
    }

    @Test func missingCharactersAreNamedOnceInOrderAndTracedFromTheOutlineFont() throws {
        let pen = try PenFont("cursive")
        #expect(pen.missing(in: ["héllo wörld", "é日\n"]) == ["é", "ö", "日"])
        let written = try cursive().shape(Array("hé"))
        #expect(written.glyphs[0].isPenStroke)
        #expect(!written.glyphs[1].isPenStroke)
        #expect(!written.glyphs[1].outline.isEmpty)
        #expect((written.layout.ink?[1] ?? 0) > 0)
    }

    /// A right-to-left word the pen lacks is traced from the outline font in its own
    /// reading order: its letters stand where the outline layout puts them (right to
    /// left, joined as shaped there), and a pen-written word before it stays left of it.
    @Test func aRightToLeftWordThePenLacksReadsRightToLeft() throws {
        let word = Array("مرحبا")
        let written = try cursive(size: 48).layout(word).anchored().frames
        let outline = try FontLayout(size: 48).layout(word).anchored().frames
        #expect(written.count == word.count && outline.count == word.count)
        for k in 1..<word.count {
            // Each letter left of the one before it, or on it where the outline font draws
            // two as one (its second of no width), as in the outline layout.
            #expect(written[k].rect.midX <= written[k - 1].rect.midX)
            #expect((written[k].rect.midX < written[k - 1].rect.midX) == (outline[k].rect.midX < outline[k - 1].rect.midX))
        }
        #expect(written[word.count - 1].rect.midX < written[0].rect.midX)
        let mixed = try cursive(size: 48).layout(Array("hi مرحبا")).anchored().frames
        // The Latin word first on the left; the Arabic word's first letter at its right end.
        #expect(mixed[0].rect.midX < mixed[1].rect.midX)
        #expect(mixed[1].rect.midX < mixed[7].rect.midX && mixed[7].rect.midX < mixed[3].rect.midX)
    }

    /// A pen layout names its drawings as outline layouts do: each name gives
    /// back the drawing `shape` makes, the pen's strokes or, for a Character
    /// the pen lacks, its outline; a space names none.
    @Test func aPenLayoutNamesItsStrokesAndItsOutlines() throws {
        let font = try cursive()
        let glyphs = Array("h é")
        let ids = try #require(font.layout(glyphs).drawings)
        let shaped = font.shape(glyphs).glyphs
        #expect(ids[1] == 0)
        for i in [0, 2] {
            let named = try #require(font.drawing(named: ids[i]))
            #expect(named == shaped[i].drawing)
        }
        #expect(font.drawing(named: ids[0])?.isPenStroke == true)
        #expect(font.drawing(named: ids[2])?.isPenStroke == false)
        // The strokes are the pen's: a layout with another pen (or none) does not draw them.
        #expect(try FontLayout(size: 96, pen: PenFont("roman-simplex")).drawing(named: ids[0]) == nil)
        #expect(try FontLayout(size: 96).drawing(named: ids[0]) == nil)
    }

    @Test func badPensGetTypedErrors() throws {
        #expect { try PenFont("cursiv") } throws: { ($0 as? TypesetterError)?.code == .unknownPen }
        #expect { try PenFont("/nonexistent/x.jhf") } throws: { ($0 as? TypesetterError)?.code == .fileNotFound }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let garbage = try folder.write(Array("not a font\nat all".utf8), to: "bad.jhf")
        #expect { try PenFont(garbage) } throws: { error in
            let e = error as? TypesetterError
            return e?.code == .notAPen && e?.message.contains("line 1") == true
        }
    }

    @Test func aRecordMayRunOnToTheNextLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A space, then "!" as one stroke of three points, its record split after the first pair.
        let file = try folder.write(Array("12345  1JZ\n12345  4MWRF\nRTRY\n".utf8), to: "tiny.jhf")
        let pen = try PenFont(file)
        #expect(pen.has("!"))
        #expect(!pen.has("\""))
        let shaped = try FontLayout(size: 32, pen: pen).shape(["!"])
        #expect(shaped.glyphs[0].outline.subpathCount == 1)
        #expect(abs(shaped.layout.frames[0].rect.width - 10) < 1e-9)
    }
}
