import Analyzer

/// Numbers the words of a text: per glyph, the word it belongs to, words being
/// separated by whitespace; a whitespace glyph counts with the word before it
/// (leading whitespace with the first word).
enum WordNumbers {
    /// Writes each glyph's word number into `words` (replacing its contents) and
    /// returns the number of words (0 for an empty text, 1 for whitespace alone).
    ///
    /// - Complexity: O(n) in glyphs.
    static func write(_ glyphs: GlyphSequence, symbols: GlyphTable, into words: inout [Int32]) -> Int {
        words.removeAll(keepingCapacity: true)
        var word: Int32 = 0
        var started = false
        var afterSpace = false
        glyphs.withUnsafeIDs { ids in
            for id in ids {
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
        return glyphs.count == 0 ? 0 : Int(word) + 1
    }
}
