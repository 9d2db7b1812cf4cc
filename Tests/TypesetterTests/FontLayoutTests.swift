import Testing
import Animator
@testable import Typesetter
import TestSupport

@Suite("FontLayout: metrics, kerning, lines")
struct FontLayoutTests {
    @Test func dejaVuSansMetricsArePlausible() throws {
        let layout = try dejaVu(size: 32)
        let m = layout.metrics
        #expect(layout.fontFamily == "DejaVu Sans")
        #expect(layout.fontFile.hasSuffix("DejaVuSans.ttf"))
        #expect(m.size == 32)
        #expect(m.unitsPerEm > 0)
        #expect(m.ascent > 0 && m.descent > 0 && m.lineGap >= 0)
        #expect(m.ascent > m.descent)
        #expect(m.lineHeight >= 32)
        #expect(layout.lineHeight == m.lineHeight)
    }

    @Test func framesTileTheLineWithPositiveAdvances() throws {
        let glyphs = Array("Hello, World")
        let result = try dejaVu().layout(glyphs)
        #expect(result.frames.count == glyphs.count)
        #expect(result.fontSize == 32)
        var x = 0.0
        for frame in result.frames {
            #expect(frame.rect.width > 0)
            #expect(isClose(frame.rect.minX, x))
            x = frame.rect.maxX
        }
        #expect(isClose(result.size.width, x))
    }

    @Test func advancesScaleLinearlyWithSize() throws {
        let glyphs = Array("Kinetype AV")
        let small = try dejaVu(size: 16).layout(glyphs)
        let large = try dejaVu(size: 48).layout(glyphs)
        for (a, b) in zip(small.frames, large.frames) {
            #expect(isClose(a.rect.width * 3, b.rect.width))
        }
    }

    @Test(arguments: [("A", "V"), ("T", "o")])
    func kerningTightensPairs(first: Character, second: Character) throws {
        let layout = try dejaVu()
        let alone = layout.layout([first]).frames[0].rect.width
        let doubled = layout.layout([first, first]).frames[0].rect.width
        let kerned = layout.layout([first, second]).frames[0].rect.width
        #expect(kerned < alone)
        #expect(kerned < doubled)
    }

    @Test func newlinesBreakLines() throws {
        let layout = try dejaVu()
        let glyphs = Array("ab\ncd\r\nef")
        #expect(glyphs.count == 8) // "\r\n" is one Character
        let result = layout.layout(glyphs)
        #expect(result.lines.map(\.glyphs) == [0..<3, 3..<6, 6..<8])
        #expect(result.frames.map(\.line) == [0, 0, 0, 1, 1, 1, 2, 2])
        for (index, line) in result.lines.enumerated() {
            #expect(isClose(line.rect.minY, Double(index) * layout.lineHeight))
            #expect(isClose(line.baseline, line.rect.minY + layout.metrics.ascent))
            for i in line.glyphs {
                #expect(result.frames[i].rect.minY == line.rect.minY)
                #expect(result.frames[i].baseline == line.baseline)
                #expect(result.frames[i].rect.height == layout.lineHeight)
            }
        }
        for newline in [2, 5] {
            let frame = result.frames[newline]
            #expect(frame.rect.width == 0)
            #expect(isClose(frame.rect.minX, result.frames[newline - 1].rect.maxX))
        }
        #expect(isClose(result.size.height, 3 * layout.lineHeight))
    }

    @Test func aTrailingNewlineOpensAnEmptyLine() throws {
        let layout = try dejaVu()
        let result = layout.layout(Array("a\n"))
        #expect(result.lines.map(\.glyphs) == [0..<2, 2..<2])
        #expect(result.lines[1].rect.width == 0)
        #expect(isClose(result.size.height, 2 * layout.lineHeight))
    }

    @Test func emptyTextHasNoFramesAndOneEmptyLine() throws {
        let layout = try dejaVu()
        let result = layout.layout([])
        #expect(result.frames.isEmpty)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].glyphs == 0..<0)
        #expect(result.size == Size(width: 0, height: layout.lineHeight))
        let wrapped = try dejaVu(wrapWidth: 120, alignment: .center).layout([])
        #expect(wrapped.size == Size(width: 120, height: layout.lineHeight))
        #expect(wrapped.lines[0].rect.minX == 60)
    }

    @Test func lineHeightOverrideSpacesLinesAndCentresTheGlyphs() throws {
        let natural = try dejaVu()
        let layout = try dejaVu(lineHeight: 50)
        let result = layout.layout(Array("a\nb\nc"))
        for (index, line) in result.lines.enumerated() {
            #expect(isClose(line.rect.minY, Double(index) * 50))
            #expect(isClose(line.baseline - line.rect.minY, natural.metrics.ascent + (50 - natural.lineHeight) / 2))
        }
        #expect(isClose(result.size.height, 150))
    }
}

@Suite("FontLayout: wrapping and alignment")
struct FontLayoutWrappingTests {
    static let sentence = "The quick brown fox jumps over the lazy dog and keeps running"

    @Test(arguments: [90.0, 150.0, 260.0, 400.0])
    func wrappedLinesFitTheWidth(width: Double) throws {
        let glyphs = Array(Self.sentence)
        let widestWord = try Self.sentence.split(separator: " ").map { try dejaVu().layout(Array($0)).size.width }.max()!
        let result = try dejaVu(wrapWidth: width).layout(glyphs)
        #expect(result.lines.count > 1)
        #expect(result.size.width == width)
        #expect(result.lines.map(\.glyphs.count).reduce(0, +) == glyphs.count)
        for (index, line) in result.lines.enumerated() {
            #expect(line.rect.width <= width + coordinateTolerance)
            for i in line.glyphs where !glyphs[i].isWhitespace {
                #expect(result.frames[i].rect.maxX <= width + coordinateTolerance)
            }
            // Lines break after spaces: no line but the first starts with one, and
            // while every word fits, no line ends inside a word.
            if index > 0 { #expect(!glyphs[line.glyphs.lowerBound].isWhitespace) }
            if widestWord <= width && index < result.lines.count - 1 {
                #expect(glyphs[line.glyphs.upperBound - 1] == " ")
            }
        }
    }

    @Test func greedyWrappingFillsEachLine() throws {
        let glyphs = Array(Self.sentence)
        let result = try dejaVu(wrapWidth: 200).layout(glyphs)
        let unwrapped = try dejaVu()
        // Each line is as long as it can be: adding the next word would overflow.
        for (line, next) in zip(result.lines, result.lines.dropFirst()) {
            var wordEnd = next.glyphs.lowerBound
            while wordEnd < next.glyphs.upperBound && !glyphs[wordEnd].isWhitespace { wordEnd += 1 }
            let joined = Array(glyphs[line.glyphs.lowerBound..<wordEnd])
            #expect(unwrapped.layout(joined).size.width > 200)
        }
    }

    @Test func aWordLongerThanTheWidthBreaksBetweenCharacters() throws {
        let glyphs = Array("Supercalifragilisticexpialidocious")
        let result = try dejaVu(wrapWidth: 100).layout(glyphs)
        #expect(result.lines.count >= 4)
        for line in result.lines {
            #expect(!line.glyphs.isEmpty)
            #expect(line.rect.width <= 100 + coordinateTolerance)
        }
    }

    @Test func aGlyphWiderThanTheWidthGetsALineOfItsOwn() throws {
        let result = try dejaVu(wrapWidth: 5).layout(Array("WW"))
        #expect(result.lines.map(\.glyphs) == [0..<1, 1..<2])
        #expect(result.lines[0].rect.width > 5)
    }

    @Test(arguments: TextAlignment.allCases)
    func linesSitAtTheAlignmentAnchor(alignment: TextAlignment) throws {
        let glyphs = Array("Send\nAction Sent\nok")
        for wrapWidth in [nil, 300.0] {
            let result = try dejaVu(wrapWidth: wrapWidth, alignment: alignment).layout(glyphs)
            let box = result.size.width
            #expect(box == (wrapWidth ?? result.lines.map(\.rect.width).max()!))
            for line in result.lines {
                let expectedMinX = (box - line.rect.width) * alignment.anchorFraction
                #expect(isClose(line.rect.minX, expectedMinX))
                #expect(isClose(result.frames[line.glyphs.lowerBound].rect.minX, line.rect.minX))
                switch alignment {
                case .leading: #expect(isClose(line.rect.minX, 0))
                case .center: #expect(isClose(line.rect.midX, box / 2))
                case .trailing: #expect(isClose(line.rect.maxX, box))
                }
            }
        }
    }

    @Test func aNoBreakSpaceGluesWords() throws {
        // Too narrow for "aaaa bbbb" (no-break space): the glued word breaks
        // between Characters instead of after the space.
        let glyphs = Array("aaaa\u{00A0}bbbb cc")
        let width = try dejaVu().layout(Array(glyphs[0..<7])).size.width + 1
        let result = try dejaVu(wrapWidth: width).layout(glyphs)
        #expect(result.lines.map(\.glyphs) == [0..<7, 7..<12])
    }

    @Test func trailingSpacesDoNotShiftAlignedLines() throws {
        let plain = try dejaVu(alignment: .trailing).layout(Array("ab\ncd"))
        let spaced = try dejaVu(alignment: .trailing).layout(Array("ab  \ncd"))
        #expect(isClose(plain.frames[0].rect.minX, spaced.frames[0].rect.minX))
        #expect(isClose(plain.size.width, spaced.size.width))
    }
}

@Suite("FontLayout: scripts, fallback, missing glyphs")
struct FontLayoutScriptTests {
    @Test func rightToLeftWordsRunFromRightToLeft() throws {
        let glyphs = Array("שלום")
        let result = try dejaVu().layout(glyphs)
        let xs = result.frames.map(\.rect.minX)
        #expect(xs == xs.sorted(by: >)) // the first Character is the rightmost
        #expect(isClose(result.frames[0].rect.maxX, result.size.width))
        #expect(isClose(result.frames[3].rect.minX, 0))
    }

    @Test func aHebrewWordInsideLatinTextIsReversedInPlace() throws {
        let glyphs = Array("abc שלום def")
        let result = try dejaVu().layout(glyphs)
        let x = result.frames.map(\.rect.minX)
        #expect(x[0] < x[1] && x[1] < x[2])                    // abc, left to right
        #expect(x[4] > x[5] && x[5] > x[6] && x[6] > x[7])     // שלום, right to left
        #expect(x[2] < x[7] && x[4] < x[9])                    // between abc and def
        #expect(x[9] < x[10] && x[10] < x[11])
        // Boxes do not overlap: together they tile [0, width].
        let sorted = result.frames.sorted { $0.rect.minX < $1.rect.minX }
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(isClose(a.rect.maxX, b.rect.minX)) }
    }

    @Test func numbersKeepTheirOrderInRightToLeftText() throws {
        let glyphs = Array("שלום 123")
        let x = try dejaVu().layout(glyphs).frames.map(\.rect.minX)
        #expect(x[5] < x[6] && x[6] < x[7])
        #expect(x[7] < x[0])
    }

    @Test func aClusterOfTwoCharactersGivesTheSecondAZeroWidthFrame() throws {
        // Lam + alef: Arabic's required ligature, one HarfBuzz cluster for two Characters.
        let glyphs = Array("لا")
        let shaped = try dejaVu().shape(glyphs)
        #expect(shaped.layout.frames.count == 2)
        #expect(shaped.layout.frames[0].rect.width > 0)
        #expect(shaped.layout.frames[1].rect.width == 0)
        #expect(!shaped.glyphs[0].outline.isEmpty)
        #expect(shaped.glyphs[1].outline.isEmpty)
    }

    @Test func cjkFallsBackToAnotherInstalledFont() throws {
        let layout = try dejaVu()
        let shaped = layout.shape(Array("日本"))
        for (frame, glyph) in zip(shaped.layout.frames, shaped.glyphs) {
            #expect(frame.rect.width > 0)
            #expect(!glyph.outline.isEmpty)
            #expect(glyph.fontFile != layout.fontFile)
            #expect(glyph.shapeKey.hasPrefix(glyph.fontFile + "#"))
            #expect(!glyph.shapeKey.contains("DejaVu"))
        }
        #expect(shaped.glyphs[0].shapeKey != shaped.glyphs[1].shapeKey)
    }

    @Test func mixedFontsShareOneLine() throws {
        let glyphs = Array("A日B")
        let layout = try dejaVu()
        let shaped = layout.shape(glyphs)
        #expect(shaped.glyphs.map { $0.fontFile == layout.fontFile } == [true, false, true])
        #expect(shaped.layout.lines.count == 1)
        #expect(isClose(shaped.layout.frames[1].rect.minX, shaped.layout.frames[0].rect.maxX))
        #expect(isClose(shaped.layout.frames[2].rect.minX, shaped.layout.frames[1].rect.maxX))
    }

    @Test func aCharacterNoFontHasGetsTheMissingGlyphBox() throws {
        let layout = try dejaVu()
        let shaped = layout.shape(["\u{F0000}"])
        #expect(shaped.layout.frames[0].rect.width > 0)
        #expect(!shaped.glyphs[0].outline.isEmpty)
        #expect(shaped.glyphs[0].fontFile == layout.fontFile)
        #expect(shaped.glyphs[0].shapeKey.hasSuffix(":0,0,0")) // glyph 0 is .notdef
    }

    @Test func aTabIsBlankSpaceNotAMissingGlyph() throws {
        let shaped = try dejaVu().shape(Array("a\tb"))
        #expect(shaped.layout.frames[1].rect.width > 0)
        #expect(shaped.glyphs[1].outline.isEmpty)
    }
}

@Suite("FontLayout: robustness and determinism")
struct FontLayoutPropertyTests {
    static let alphabet: [Character] = [
        "a", "b", "W", "V", "A", "o", " ", " ", "\n", "\r\n", "\t", "1", "2", ".", ",",
        "é", "e\u{301}", "q\u{301}", "ש", "ל", "ו", "ם", "ل", "ا", "م", "日", "本", "語",
        "\u{F0000}", "\u{200D}", "👍", "🇫🇷", "-", "(",
    ]

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6, 7, 8])
    func randomTextsGiveFiniteConsistentLayouts(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let widths: [Double?] = [nil, 40, 120, 333]
        let layout = try dejaVu(
            size: Double(Int.random(in: 8...96, using: &random)),
            wrapWidth: widths.randomElement(using: &random)!,
            alignment: TextAlignment.allCases.randomElement(using: &random)!)
        for _ in 0..<20 {
            let glyphs = (0..<Int.random(in: 0...60, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }
            let shaped = layout.shape(glyphs)
            let result = shaped.layout
            #expect(result.frames.count == glyphs.count)
            #expect(shaped.glyphs.count == glyphs.count)
            #expect(result.lines.count == glyphs.filter(\.isNewline).count + 1 || layout.wrapWidth != nil)
            // Lines partition the glyphs in order.
            var next = 0
            for (index, line) in result.lines.enumerated() {
                #expect(line.glyphs.lowerBound == next)
                next = line.glyphs.upperBound
                for i in line.glyphs { #expect(result.frames[i].line == index) }
            }
            #expect(next == glyphs.count)
            for frame in result.frames {
                #expect(frame.rect.minX.isFinite && frame.rect.minY.isFinite && frame.baseline.isFinite)
                #expect(frame.rect.width >= 0 && frame.rect.width.isFinite)
            }
            #expect(result.size.width.isFinite && result.size.height > 0)
            for glyph in shaped.glyphs {
                #expect(glyph.drawsNothing == glyph.shapeKey.isEmpty)
                #expect(glyph.outline.bounds.map { $0.minX.isFinite && $0.maxY.isFinite } ?? true)
            }
        }
    }

    @Test func layoutIsDeterministic() throws {
        let glyphs = Array("Kinetype: AV To 日本 שלום\nq\u{301} \u{F0000}")
        let first = try dejaVu(wrapWidth: 150, alignment: .center).shape(glyphs)
        let second = try dejaVu(wrapWidth: 150, alignment: .center).shape(glyphs)
        let cached = try dejaVu(wrapWidth: 150, alignment: .center)
        _ = cached.shape(glyphs)
        #expect(first == second)
        #expect(first == cached.shape(glyphs))
        #expect(first.glyphs.map(\.outline.svgPathData) == second.glyphs.map(\.outline.svgPathData))
        #expect(first.glyphs.map(\.shapeKey) == second.glyphs.map(\.shapeKey))
    }

    @Test func layoutAndShapeAgree() throws {
        let glyphs = Array("Send Action\nAction Sent")
        let layout = try dejaVu(alignment: .trailing)
        #expect(layout.layout(glyphs) == layout.shape(glyphs).layout)
    }

    @Test func concurrentLayoutsMatchSerialOnes() async throws {
        let layout = try dejaVu(wrapWidth: 180)
        let texts = (0..<16).map { Array("Transition \($0): AV To 日本 שלום \($0 * 37)") }
        let serial = texts.map { layout.shape($0) }
        let parallel = await withTaskGroup(of: (Int, ShapedText).self) { group in
            for (i, text) in texts.enumerated() { group.addTask { (i, layout.shape(text)) } }
            var results = [ShapedText?](repeating: nil, count: texts.count)
            for await (i, shaped) in group { results[i] = shaped }
            return results
        }
        #expect(parallel.map { $0! } == serial)
    }
}

@Suite("FontLayout: tracking")
struct FontLayoutTrackingTests {
    func tracked(_ points: Double, wrapWidth: Double? = nil, alignment: TextAlignment = .leading) throws -> FontLayout {
        try FontLayout(font: .family("DejaVu Sans"), size: 32, wrapWidth: wrapWidth, alignment: alignment, tracking: points)
    }

    @Test(arguments: [2.5, -3.0, 40.0])
    func theKthCharacterOfALineShiftsByKTimesTheTracking(points: Double) throws {
        let glyphs = Array("Send Action\nWAVE")
        let base = try dejaVu().layout(glyphs)
        let spaced = try tracked(points).layout(glyphs)
        for line in base.lines {
            for (k, i) in line.glyphs.enumerated() {
                #expect(isClose(spaced.frames[i].rect.minX, base.frames[i].rect.minX + Double(k) * points))
                #expect(isClose(spaced.frames[i].rect.width, base.frames[i].rect.width))
            }
        }
        // The visible width grows by one tracking per gap between the line's visible Characters.
        #expect(isClose(spaced.lines[1].rect.width, base.lines[1].rect.width + 3 * points))
    }

    @Test func shapedOutlinesFollowTheTrackedFrames() throws {
        let glyphs = Array("Hi")
        let shaped = try tracked(10).shape(glyphs)
        let laidOut = try tracked(10).layout(glyphs)
        #expect(shaped.layout.frames.map(\.rect) == laidOut.frames.map(\.rect))
    }

    @Test func wrappingCountsTheTracking() throws {
        let glyphs = Array("aaaa aaaa aaaa")
        let plain = try dejaVu().layout(glyphs)
        let width = plain.lines[0].rect.width + 1
        #expect(try dejaVu(wrapWidth: width).layout(glyphs).lines.count == 1)
        let spaced = try tracked(6, wrapWidth: width).layout(glyphs)
        #expect(spaced.lines.count > 1)
        for line in spaced.lines { #expect(line.rect.width <= width + coordinateTolerance) }
    }

    @Test func trackingOutsideHalfAnEmBackToTenForwardIsRefused() throws {
        let range = FontLayout.trackingRange(size: 32)
        #expect(range == -16...320)
        _ = try tracked(range.lowerBound)
        _ = try tracked(range.upperBound)
        for bad in [range.lowerBound - 0.5, range.upperBound + 1, .nan, .infinity] {
            #expect {
                _ = try tracked(bad)
            } throws: { error in
                (error as? TypesetterError)?.code == .invalidTracking
            }
        }
    }
}
