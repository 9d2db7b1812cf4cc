/// Step 3 of the morph diff: words the word LCS left unmatched that occur
/// on both sides are paired whole, the k-th leftover occurrence of a word in
/// the new text with its k-th leftover occurrence in the old text.
///
/// Pairs are written into `wordMatch` (which then is no longer monotone).
/// The type remembers which old glyphs they took and, per side, the sorted
/// indices of the paired words, so a gap can tell in O(log r) whether it
/// holds any.
///
/// - Complexity: O(LCS words + leftover words + tokens + r log r) for r
///   pairs, plus the taken words' glyphs.
struct ReorderedWords {
    /// Old glyphs taken by reordered words; `nil` when there are none.
    private(set) var oldGlyphTaken: UnsafeMutablePointer<Bool>?
    /// The paired old and new words, each list sorted.
    private var oldPaired: UnsafeMutablePointer<Int32>?
    private var newPaired: UnsafeMutablePointer<Int32>?
    private var pairs = 0

    /// `chain` lists the new words the word LCS matched, in order (`wordMatch`
    /// holds their partners); the leftover words are those between them.
    init(
        words: WordSegmentation, wordMatch: UnsafeMutablePointer<Int32>, chain: UnsafePointer<Int32>,
        lcsCount: Int, glyphs oldGlyphs: Int, arena: inout ScratchArena
    ) {
        guard lcsCount < min(words.oldCount, words.newCount) else { return }
        // Each token's leftover old occurrences, queued in text order: the
        // leftovers between LCS partners, walked backwards.
        let head = arena.allocate(repeating: Int32(-1), count: words.tokenCount)
        let next = arena.allocate(Int32.self, count: words.oldCount)
        var upper = words.oldCount
        for link in stride(from: lcsCount, through: 0, by: -1) {
            let lower = link > 0 ? Int(wordMatch[Int(chain[link - 1])]) + 1 : 0
            var w = upper
            while w > lower {
                w -= 1
                let token = Int(words.oldTokens[w])
                next[w] = head[token]
                head[token] = Int32(truncatingIfNeeded: w)
            }
            upper = lower - 1
        }
        var lower = 0
        for link in 0...lcsCount {
            let upper = link < lcsCount ? Int(chain[link]) : words.newCount
            for w in lower..<max(lower, upper) {
                let token = Int(words.newTokens[w])
                let partner = head[token]
                guard partner >= 0 else { continue }
                head[token] = next[Int(partner)]
                wordMatch[w] = partner
                if oldGlyphTaken == nil {
                    oldGlyphTaken = arena.allocate(repeating: false, count: oldGlyphs)
                    let most = min(words.oldCount, words.newCount) - lcsCount
                    oldPaired = arena.allocate(Int32.self, count: most)
                    newPaired = arena.allocate(Int32.self, count: most)
                }
                oldPaired![pairs] = partner
                newPaired![pairs] = Int32(truncatingIfNeeded: w)
                pairs += 1
                for glyph in words.old.start(Int(partner))..<words.old.end(Int(partner)) { oldGlyphTaken![glyph] = true }
            }
            lower = upper + 1
        }
        // New words were paired in order; old ones need sorting.
        if let oldPaired {
            var sorted = UnsafeMutableBufferPointer(start: oldPaired, count: pairs)
            sorted.sort()
        }
    }

    /// Whether any reordered word lies among these old or new words.
    @inline(__always)
    func occur(inOld oldWords: Range<Int>, orNew newWords: Range<Int>) -> Bool {
        guard let oldPaired, let newPaired else { return false }
        return Self.contains(oldPaired, pairs, oldWords) || Self.contains(newPaired, pairs, newWords)
    }

    /// Whether a sorted list holds a value in `range`.
    private static func contains(_ list: UnsafeMutablePointer<Int32>, _ count: Int, _ range: Range<Int>) -> Bool {
        let low = partitionPoint(in: 0..<count) { Int(list[$0]) >= range.lowerBound }
        return low < count && Int(list[low]) < range.upperBound
    }
}
