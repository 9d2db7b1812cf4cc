import Testing
@testable import Typesetter

@Suite("LineComposer: breaking")
struct LineComposerTests {
    private static func breaks(_ pattern: String, width: Double?) -> [Range<Int>] {
        // "x" is a 10-point letter, "_" a 5-point space, "0" a zero-width mark.
        let advances = pattern.map { $0 == "x" ? 10.0 : $0 == "_" ? 5.0 : 0.0 }
        return LineComposer.breakLines(advances: advances, blank: pattern.map { $0 == "_" }, width: width)
    }

    /// (pattern, width, lines)
    static let cases: [(String, Double, [Range<Int>])] = [
        ("xx_xx_xx", 45.0, [0..<6, 6..<8]),
        ("xx_xx_xx", 25.0, [0..<3, 3..<6, 6..<8]),
        ("xx___xx", 20.0, [0..<5, 5..<7]),
        ("xxxxx", 20.0, [0..<2, 2..<4, 4..<5]),
        ("xx_xxxxx", 30.0, [0..<3, 3..<6, 6..<8]),
        ("x0x0", 10.0, [0..<2, 2..<4]),
        ("xx", 5.0, [0..<1, 1..<2]),
        ("_xx", 25.0, [0..<3]),
        ("", 10.0, [0..<0]),
    ]

    @Test(arguments: cases)
    func greedyBreaking(pattern: String, width: Double, lines: [Range<Int>]) {
        #expect(Self.breaks(pattern, width: width) == lines)
    }

    @Test func noWidthMeansOneLine() {
        #expect(Self.breaks("xx_xx_xx", width: nil) == [0..<8])
    }

    @Test func paragraphsSplitAtEveryNewline() {
        let spans = ParagraphSpan.split(Array("a\nb\r\n\u{2029}"))
        #expect(spans.map(\.characters) == [0..<1, 2..<3, 4..<4, 5..<5])
        #expect(spans.map(\.newline) == [1, 3, 4, nil])
    }
}
