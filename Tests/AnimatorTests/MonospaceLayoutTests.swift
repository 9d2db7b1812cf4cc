import Analyzer
import Testing
@testable import Animator
import TestSupport

@Suite struct MonospaceLayoutTests {
    let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    func layout(_ text: String, _ l: MonospaceLayout? = nil) -> TextLayoutResult {
        (l ?? grid).layout(Array(text))
    }

    /// The text of each line, without its newline.
    func lineTexts(_ text: String, _ result: TextLayoutResult) -> [String] {
        let glyphs = Array(text)
        return result.lines.map { String(glyphs[$0.glyphs].filter { !$0.isNewline }) }
    }

    @Test func singleLineFrames() {
        let r = layout("Hello")
        #expect(r.frames.count == 5)
        for (i, f) in r.frames.enumerated() {
            #expect(f.rect == Rect(x: Double(i) * 10, y: 0, width: 10, height: 20))
            #expect(f.baseline == 16)
            #expect(f.line == 0)
        }
        #expect(r.lines == [LayoutLine(glyphs: 0..<5, rect: Rect(x: 0, y: 0, width: 50, height: 20), baseline: 16)])
        #expect(r.size == Size(width: 50, height: 20))
        #expect(r.fontSize == 20)
        #expect(r.alignment == .leading)
    }

    @Test func newlinesStartNewLines() {
        let r = layout("ab\ncde")
        #expect(r.lines.map(\.glyphs) == [0..<3, 3..<6])
        #expect(r.frames[3].rect == Rect(x: 0, y: 20, width: 10, height: 20))
        #expect(r.frames[5].rect.origin == Point(x: 20, y: 20))
        #expect(r.frames[5].line == 1 && r.frames[5].baseline == 36)
        // The newline glyph has a frame too, with no width.
        #expect(r.frames[2].rect.width == 0 && r.frames[2].line == 0)
        #expect(r.lines.map(\.rect.width) == [20, 30])
        #expect(r.size == Size(width: 30, height: 40))
        // A CR LF pair is one glyph and one line break.
        let crlf = layout("ab\r\ncd")
        #expect(crlf.frames.count == 5 && crlf.lines.map(\.glyphs) == [0..<3, 3..<5])
    }

    @Test func aTrailingNewlineEndsWithAnEmptyLine() {
        let r = layout("ab\n")
        #expect(r.lines.count == 2)
        #expect(r.lines[1].glyphs == 3..<3)
        #expect(r.lines[1].rect == Rect(x: 0, y: 20, width: 0, height: 20))
        #expect(r.size.height == 40)
    }

    @Test func emptyLinesInTheMiddleKeepTheirPlace() {
        let r = layout("a\n\n\nb")
        #expect(r.lines.map(\.glyphs) == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(r.lines.map(\.rect.width) == [10, 0, 0, 10])
        #expect(r.frames[4].rect.minY == 60 && r.frames[4].line == 3)
        #expect(r.size.height == 80)
    }

    @Test func emptyTextHasOneEmptyLine() {
        let r = layout("")
        #expect(r.frames.isEmpty)
        #expect(r.lines == [LayoutLine(glyphs: 0..<0, rect: Rect(x: 0, y: 0, width: 0, height: 20), baseline: 16)])
        #expect(r.size == Size(width: 0, height: 20))
        for alignment in TextAlignment.allCases {
            let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 100, alignment: alignment)
            #expect(l.layout([]).lines.count == 1 && l.layout([]).frames.isEmpty)
        }
    }

    // MARK: Wrapping

    @Test func wrapsAtWhitespaceWithHangingSpaces() {
        let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 50)
        let text = "aaa bbb ccc"
        let r = layout(text, l)
        #expect(lineTexts(text, r) == ["aaa ", "bbb ", "ccc"])
        // The space at the end of a line hangs: it does not count towards the line's width.
        #expect(r.lines.map(\.rect.width) == [30, 30, 30])
        #expect(r.size == Size(width: 50, height: 60))
        // Several spaces hang too, even past the wrap width.
        let spaces = "ab      cd"
        let s = layout(spaces, MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 40))
        #expect(lineTexts(spaces, s) == ["ab      ", "cd"])
        #expect(s.lines[0].rect.width == 20)
    }

    @Test func aWordTooLongForTheWidthBreaksBetweenGlyphs() {
        let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 40)
        #expect(lineTexts("abcdefghij", layout("abcdefghij", l)) == ["abcd", "efgh", "ij"])
        #expect(lineTexts("xy abcdefghij", layout("xy abcdefghij", l)) == ["xy ", "abcd", "efgh", "ij"])
        // A width below one cell still places one glyph per line.
        let narrow = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 3)
        #expect(layout("abc", narrow).lines.count == 3)
    }

    @Test func noWrappedLineIsWiderThanTheWidth() {
        var random = SeededRandom(seed: 31)
        let alphabet: [Character] = Array("abcdefghij") + ["日", "語", "👍", " ", " ", " ", "\n", "é"]
        for _ in 0..<300 {
            let text = String((0..<random.int(0...60)).map { _ in alphabet[random.int(0...(alphabet.count - 1))] })
            let width = Double(random.int(1...12)) * 10 + random.uniform(0, 9)
            let alignment = TextAlignment.allCases[random.int(0...2)]
            let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: width, alignment: alignment)
            let r = layout(text, l)
            checkStructure(text, r)
            #expect(r.size.width == width)
            for line in r.lines {
                let visible = line.glyphs.filter { !Array(text)[$0].isWhitespace }
                if visible.count > 1 {
                    #expect(line.rect.width <= width, "\"\(text)\" at width \(width): line \(line)")
                    for i in visible {
                        #expect(r.frames[i].rect.maxX <= r.size.width + 1e-9 && r.frames[i].rect.minX >= -1e-9)
                    }
                }
            }
        }
    }

    /// Invariants of every layout: one frame per glyph, lines partition the glyphs in
    /// order, frames advance left to right within a line, and lines stack downwards.
    func checkStructure(_ text: String, _ r: TextLayoutResult, sourceLocation: SourceLocation = #_sourceLocation) {
        let glyphs = Array(text)
        #expect(r.frames.count == glyphs.count, sourceLocation: sourceLocation)
        var next = 0
        for (li, line) in r.lines.enumerated() {
            #expect(line.glyphs.lowerBound == next, sourceLocation: sourceLocation)
            next = line.glyphs.upperBound
            #expect(line.rect.minY == Double(li) * 20 && line.baseline == line.rect.minY + 16, sourceLocation: sourceLocation)
            var pen = line.rect.minX
            for i in line.glyphs {
                #expect(r.frames[i].line == li, sourceLocation: sourceLocation)
                #expect(r.frames[i].rect.minY == line.rect.minY, sourceLocation: sourceLocation)
                #expect(abs(r.frames[i].rect.minX - pen) < 1e-9, "\"\(text)\" glyph \(i)", sourceLocation: sourceLocation)
                pen = r.frames[i].rect.maxX
            }
            // A newline glyph always ends its line.
            for i in line.glyphs.dropLast() { #expect(!glyphs[i].isNewline, sourceLocation: sourceLocation) }
        }
        #expect(next == glyphs.count, sourceLocation: sourceLocation)
        #expect(r.size.height == Double(r.lines.count) * 20, sourceLocation: sourceLocation)
    }

    // MARK: Alignment

    @Test(arguments: TextAlignment.allCases)
    func alignmentPlacesLinesInTheBox(_ alignment: TextAlignment) {
        let text = "a\nabcde\nabc"
        for wrap in [nil, 120.0] {
            let r = layout(text, MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: wrap, alignment: alignment))
            checkStructure(text, r)
            #expect(r.size.width == (wrap ?? 50))
            for line in r.lines {
                switch alignment {
                case .leading: #expect(line.rect.minX == 0)
                case .center: #expect(isClose(line.rect.midX, r.size.width / 2, 1e-12))
                case .trailing: #expect(isClose(line.rect.maxX, r.size.width, 1e-12))
                }
                // The first glyph starts the line's box.
                #expect(r.frames[line.glyphs.lowerBound].rect.minX == line.rect.minX)
            }
        }
    }

    @Test func trailingSpacesDoNotShiftCentredLines() {
        let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
        #expect(layout("ab  ", l).lines[0].rect.width == 20)
        #expect(layout("ab  \nabcd", l).lines[0].rect.midX == layout("ab\nabcd", l).lines[0].rect.midX)
    }

    // MARK: Cell widths

    @Test func wideGlyphsTakeTwoCells() {
        let r = layout("a日b本")
        #expect(r.frames.map(\.rect.minX) == [0, 10, 30, 40])
        #expect(r.frames.map(\.rect.width) == [10, 20, 10, 20])
        #expect(r.size.width == 60)
        let cells: [(Character, Int)] = [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("👍", 2), ("👨‍👩‍👧", 2),
            ("❤️", 2), ("\u{7}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("→", 1),
        ]
        for (g, n) in cells { #expect(MonospaceLayout.cells(g) == n, "\(g.unicodeScalars.map { String($0.value, radix: 16) })") }
    }

    @Test func tabsAdvanceToTheNextStop() {
        let r = layout("a\tb\t\tc")
        #expect(r.frames.map(\.rect.minX) == [0, 10, 40, 50, 80, 120])
        let wide = layout("ab\tc", MonospaceLayout(cellWidth: 10, cellHeight: 20, tabWidth: 8))
        #expect(wide.frames[3].rect.minX == 80)
    }

    @Test func unusableParametersFallBackToDefaults() {
        let l = MonospaceLayout(cellWidth: -1, cellHeight: .nan, wrapWidth: .infinity, tabWidth: 0)
        #expect(l.cellWidth == 10 && l.cellHeight == 20 && l.wrapWidth == nil && l.tabWidth == 1)
        #expect(MonospaceLayout(wrapWidth: -5).wrapWidth == nil)
    }

    @Test func numbersStayUsableWhenSetLater() {
        var l = MonospaceLayout()
        l.cellWidth = .nan
        l.cellHeight = 1e300
        l.wrapWidth = -.infinity
        l.tabWidth = .max
        #expect(l.cellWidth == 10 && l.cellHeight == MonospaceLayout.cellSizeRange.upperBound)
        #expect(l.wrapWidth == nil && l.tabWidth == MonospaceLayout.maximumTabWidth)
        l.cellWidth = 1e-300
        #expect(l.cellWidth == MonospaceLayout.cellSizeRange.lowerBound)
    }

    /// Found by the layout fuzzer: the ascent was rounded to whole points, so a
    /// cell under 2.5 points high put its baseline below its own bottom.
    @Test(arguments: [0.625, 1, 2, 2.4, 0.001])
    func tinyCellsKeepTheBaselineInside(_ height: Double) {
        let r = MonospaceLayout(cellWidth: 10, cellHeight: height).layout(Array(":\n:"))
        for f in r.frames { #expect(f.baseline > f.rect.minY && f.baseline <= f.rect.maxY, "\(f)") }
        #expect(MonospaceLayout(cellHeight: 20).layout(Array("a")).frames[0].baseline == 16)
    }

    /// Extreme but accepted numbers: a tiny cell under a huge wrapping width used
    /// to trap converting the cells per line to an Int; huge cells with tabs
    /// gave infinite coordinates.
    @Test func extremeNumbersGiveFiniteFrames() {
        let texts = ["a\tb c\td", "\t\t\t\t", "日本 語\n\tx", ""]
        for l in [
            MonospaceLayout(cellWidth: 1e-300, cellHeight: 1e-300, wrapWidth: 1e308, alignment: .center, tabWidth: .max),
            MonospaceLayout(cellWidth: 1e308, cellHeight: 1e308, wrapWidth: 1e-300, alignment: .trailing, tabWidth: .max),
            MonospaceLayout(cellWidth: 1e5, cellHeight: 1e5, wrapWidth: .greatestFiniteMagnitude, tabWidth: 1000),
        ] {
            for text in texts {
                let r = l.layout(Array(text))
                #expect(r.frames.count == text.count)
                #expect(r.size.width.isFinite && r.size.height.isFinite)
                for f in r.frames {
                    #expect(f.rect.minX.isFinite && f.rect.maxX.isFinite && f.rect.minY.isFinite && f.rect.maxY.isFinite)
                    #expect(f.baseline.isFinite)
                }
            }
        }
    }

    // MARK: Anchoring

    @Test func anchoringCentredLayoutsOfDifferentWidthsLinesThemUp() {
        let l = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
        let short = layout("Hi", l).anchored(), long = layout("Hello!!", l).anchored()
        #expect(short.lines[0].rect.midX == 0)
        #expect(long.lines[0].rect.midX == 0)
        #expect(short.frames[0].rect.minX == -10 && long.frames[0].rect.minX == -35)
        #expect(layout("Hi", l).alignmentAnchor == 10)
        let trailing = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .trailing)
        #expect(layout("abc", trailing).anchored().lines[0].rect.maxX == 0)
        let leading = layout("abc")
        #expect(leading.anchored() == leading)
        // Anchoring moves frames and lines together, and keeps the size.
        let r = layout("ab\nabcd", l), a = r.anchored()
        #expect(a.size == r.size)
        for (f, g) in zip(r.frames, a.frames) { #expect(g.rect.minX == f.rect.minX - 20 && g.rect.minY == f.rect.minY) }
    }
}

@Suite struct MonospaceLayoutConcurrencyTests {
    /// Many threads laying out empty and short texts at once. Under
    /// ThreadSanitizer (`make tsan`) this reproduced a data race: the empty
    /// result's storage is the process-wide empty-array singleton, and building
    /// it with `Array(unsafeUninitializedCapacity: 0)` wrote its count.
    @Test func layoutsFromManyThreadsAtOnce() async {
        let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 30, alignment: .center)
        let texts: [[Character]] = [[], Array("a"), [], Array("ab cd"), [], Array("\n")]
        let counts = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    var frames = 0
                    for round in 0..<200 {
                        let result = grid.layout(texts[(task + round) % texts.count])
                        // Reading the frames' storage is what raced with another thread's writing it.
                        frames += result.frames.withUnsafeBufferPointer { $0.count }
                    }
                    return frames
                }
            }
            return await group.reduce(0, +)
        }
        // One frame per glyph, whichever thread laid the text out.
        var expected = 0
        for task in 0..<32 { for round in 0..<200 { expected += texts[(task + round) % texts.count].count } }
        #expect(counts == expected)
    }

    /// A change's glyphs (ids: an ASCII glyph is measured from its byte) are laid
    /// out as the same characters are: every ASCII byte, control characters,
    /// tabs and line ends among them, beside wide and combining glyphs, wrapped.
    @Test func idsAndCharactersLayOutAlike() {
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        let text = ascii + " 日本 e\u{301} \t\r\n" + ascii.reversed()
        let change = TextChangeAnalyzer().analyze(from: "", to: text)
        let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        for layout in [grid, MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 170)] {
            let byIDs = layout.layout(change.newGlyphs), byCharacters = layout.layout(Array(text))
            #expect(byIDs.frames.count == Array(text).count)
            #expect(byIDs.frames == byCharacters.frames)
            #expect(byIDs.lines == byCharacters.lines)
        }
    }
}
