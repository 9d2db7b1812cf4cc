/// A paragraph of the input: the Characters between newlines, and the newline
/// Character that ends it (none for the last paragraph).
struct ParagraphSpan {
    var characters: Range<Int>
    var newline: Int?

    /// Splits glyphs at every newline Character (LF, CR LF, CR, VT, FF, NEL,
    /// U+2028, U+2029). There is always one more paragraph than newlines.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    static func split(_ glyphs: [Character]) -> [ParagraphSpan] {
        var spans: [ParagraphSpan] = []
        var start = 0
        for (i, glyph) in glyphs.enumerated() where glyph.isNewline {
            spans.append(ParagraphSpan(characters: start..<i, newline: i))
            start = i + 1
        }
        spans.append(ParagraphSpan(characters: start..<glyphs.count, newline: nil))
        return spans
    }
}
