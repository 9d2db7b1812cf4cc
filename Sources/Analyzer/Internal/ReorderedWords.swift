/// Step 3 of the morph diff: words the word LCS left unmatched that occur
/// on both sides are paired whole, the k-th leftover occurrence of a word in
/// the new text with its k-th leftover occurrence in the old text.
///
/// Pairs are written into `wordMatch` (which then is no longer monotone).
/// The type remembers which old glyphs they took and, per side, how many
/// reordered words precede each word index, so a gap can tell in O(1)
/// whether it holds any.
///
/// - Complexity: O(words + tokens), plus the taken words' glyphs.
struct ReorderedWords {
    /// Old glyphs taken by reordered words; `nil` when there are none.
    private(set) var oldGlyphTaken: UnsafeMutablePointer<Bool>?
    private var oldBefore: UnsafeMutablePointer<Int32>?
    private var newBefore: UnsafeMutablePointer<Int32>?

    init(
        words: WordSegmentation, wordMatch: UnsafeMutablePointer<Int32>, lcsCount: Int, glyphs oldGlyphs: Int,
        arena: inout ScratchArena
    ) {
        guard lcsCount < min(words.oldCount, words.newCount) else { return }
        let oldTaken = arena.allocate(repeating: false, count: words.oldCount)
        for w in 0..<words.newCount where wordMatch[w] >= 0 { oldTaken[Int(wordMatch[w])] = true }
        // Each token's leftover old occurrences, queued in text order.
        let head = arena.allocate(repeating: Int32(-1), count: words.tokenCount)
        let next = arena.allocate(Int32.self, count: words.oldCount)
        for w in stride(from: words.oldCount - 1, through: 0, by: -1) where !oldTaken[w] {
            let token = Int(words.oldTokens[w])
            next[w] = head[token]
            head[token] = Int32(w)
        }
        for w in 0..<words.newCount where wordMatch[w] < 0 {
            let token = Int(words.newTokens[w])
            let partner = head[token]
            guard partner >= 0 else { continue }
            head[token] = next[Int(partner)]
            wordMatch[w] = partner
            if oldGlyphTaken == nil {
                oldGlyphTaken = arena.allocate(repeating: false, count: oldGlyphs)
                oldBefore = arena.allocate(repeating: 0, count: words.oldCount + 1)
                newBefore = arena.allocate(repeating: 0, count: words.newCount + 1)
            }
            oldBefore![Int(partner) + 1] = 1
            newBefore![w + 1] = 1
            for glyph in words.old.start(Int(partner))..<words.old.end(Int(partner)) { oldGlyphTaken![glyph] = true }
        }
        if let oldBefore, let newBefore {
            for w in 0..<words.oldCount { oldBefore[w + 1] &+= oldBefore[w] }
            for w in 0..<words.newCount { newBefore[w + 1] &+= newBefore[w] }
        }
    }

    /// Whether any reordered word lies among these old or new words.
    @inline(__always)
    func occur(inOld oldWords: Range<Int>, orNew newWords: Range<Int>) -> Bool {
        guard let oldBefore, let newBefore else { return false }
        return oldBefore[oldWords.upperBound] != oldBefore[oldWords.lowerBound]
            || newBefore[newWords.upperBound] != newBefore[newWords.lowerBound]
    }
}
