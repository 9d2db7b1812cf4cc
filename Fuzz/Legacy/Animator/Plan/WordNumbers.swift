import LegacyAnalyzer

/// Numbers the words of a text: per glyph, the word it belongs to, words being
/// separated by whitespace; a whitespace glyph counts with the word before it
/// (leading whitespace with the first word).
enum WordNumbers {
    /// Writes each glyph's word number into `words` (replacing its contents) and
    /// returns the number of words (0 for an empty text, 1 for whitespace alone)
    /// and whether every glyph is ASCII (read in the same pass: a text that is
    /// has no marks for `MarkedLetters` to look at).
    ///
    /// - Complexity: O(n) in glyphs.
    static func write(
        _ glyphs: GlyphSequence, symbols: GlyphTable, into words: inout [Int32]
    ) -> (count: Int, isASCII: Bool) {
        words.removeAll(keepingCapacity: true)
        var word: Int32 = 0
        var started = false
        var afterSpace = false
        var isASCII = true
        glyphs.withUnsafeIDs { ids in
            for id in ids {
                isASCII = isASCII && symbols.isASCII(id)
                if symbols.isWhitespace(id) {
                    afterSpace = started
                } else {
                    if afterSpace { word += 1 }
                    afterSpace = false
                    started = true
                }
                words.append(word)
            }
        }
        return (glyphs.count == 0 ? 0 : Int(word) + 1, isASCII)
    }
}
