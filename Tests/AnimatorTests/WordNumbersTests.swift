import Analyzer
import Testing
@testable import Animator

/// Word numbers carried over from the old text (`WordNumbers.update`) are
/// those of numbering the new text afresh (`write`), whatever the edit.
@Suite struct WordNumbersTests {
    @Test(arguments: [
        ("the quick brown fox", "the quick brown fox jumps"),
        ("the quick brown fox", "the quick brown fox "),
        ("the quick brown fox", "the quicker brown fox"),
        ("the quick brown fox", "the quick  brown fox"),
        ("the quick brown fox", "the quickbrown fox"),
        ("the quick brown fox", "  the quick brown fox"),
        ("  leading", "  x leading"),
        ("   ", "   a"),
        ("a   ", "a   b"),
        ("one two three", "one two three\nfour"),
        ("日本 語 東京", "日本 語 大阪 東京"),
        ("word", ""),
        ("", "word"),
        ("a b c d e f", "a b d e f"),
        ("a b c d e f", "a b c d e f g h"),
        ("x y", "x\ty"),
    ])
    func carriedOverNumbersAreFresh(old: String, new: String) {
        let workspace = TextChangeAnalyzer.Workspace()
        let change = TextChangeAnalyzer().analyze(from: old, to: new, in: workspace)
        var oldWords: [Int32] = [], fresh: [Int32] = [], carried: [Int32] = []
        _ = WordNumbers.write(change.oldGlyphs, symbols: change.symbols, into: &oldWords)
        let freshCount = WordNumbers.write(change.newGlyphs, symbols: change.symbols, into: &fresh)
        let carriedCount = WordNumbers.update(&carried, from: oldWords, change: change, unchanged: change.unchanged)
        #expect(carried == fresh)
        #expect(carriedCount == freshCount)
        // Into a buffer that holds the old numbers already (a stream's other
        // buffer): the shared start is kept, and the result is the same.
        for agreeing in [oldWords.count, change.unchanged.prefix / 2] {
            var reused = oldWords
            let reusedCount = WordNumbers.update(
                &reused, from: oldWords, agreeing: agreeing, change: change, unchanged: change.unchanged)
            #expect(reused == fresh && reusedCount == freshCount, "agreeing \(agreeing)")
        }
    }

    /// The count: words separated by whitespace, leading whitespace counting with the first.
    @Test func wordsAreCounted() {
        let change = TextChangeAnalyzer().analyze(from: "", to: "  one two\tthree ")
        var words: [Int32] = []
        #expect(WordNumbers.write(change.newGlyphs, symbols: change.symbols, into: &words) == 3)
        // "  one " is word 0 (leading spaces with it), "two\t" word 1, "three " word 2.
        #expect(words == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2])
    }
}
