/// Morph mode's matching (see `DiffMode.morph`) written the plain way, over
/// `Character`s and `ReferenceLCS`, as the yardstick for the fast one: whole
/// words by earliest LCS, leftover words that occur on both sides paired
/// whole (the k-th leftover occurrence in the new text with the k-th in the
/// old), then the rest of each gap between LCS words by earliest character
/// LCS. Quadratic in time and memory: for texts of a few thousand glyphs.
public enum ReferenceMorph {
    /// The persisting (old index, new index) pairs, in new-text order.
    public static func persisting(from old: [Character], to new: [Character]) -> [(Int, Int)] {
        guard old.contains(where: \.isWhitespace) || new.contains(where: \.isWhitespace) else {
            return ReferenceLCS.earliestPairs(old, new)
        }
        let oldWords = words(old)
        let newWords = words(new)
        var matchOfNew = [Int?](repeating: nil, count: new.count)
        var oldTaken = [Bool](repeating: false, count: old.count)
        func pair(_ oldWord: Range<Int>, _ newWord: Range<Int>) {
            for offset in 0..<newWord.count {
                matchOfNew[newWord.lowerBound + offset] = oldWord.lowerBound + offset
                oldTaken[oldWord.lowerBound + offset] = true
            }
        }

        // Whole words by LCS.
        let chain = ReferenceLCS.earliestPairs(oldWords.map { Array(old[$0]) }, newWords.map { Array(new[$0]) })
        for (i, j) in chain { pair(oldWords[i], newWords[j]) }

        // Leftover words found on both sides, paired in order of occurrence.
        let oldInChain = Set(chain.map(\.0))
        let newInChain = Set(chain.map(\.1))
        var leftovers: [[Character]: [Int]] = [:]
        for i in oldWords.indices where !oldInChain.contains(i) { leftovers[Array(old[oldWords[i]]), default: []].append(i) }
        for j in newWords.indices where !newInChain.contains(j) {
            let word = Array(new[newWords[j]])
            guard let queue = leftovers[word], let i = queue.first else { continue }
            leftovers[word] = Array(queue.dropFirst())
            pair(oldWords[i], newWords[j])
        }

        // Character LCS of what is left in each gap between LCS words.
        for gap in 0...chain.count {
            let oldStart = gap == 0 ? 0 : oldWords[chain[gap - 1].0].upperBound
            let newStart = gap == 0 ? 0 : newWords[chain[gap - 1].1].upperBound
            let oldEnd = gap == chain.count ? old.count : oldWords[chain[gap].0].lowerBound
            let newEnd = gap == chain.count ? new.count : newWords[chain[gap].1].lowerBound
            let oldLeft = (oldStart..<max(oldStart, oldEnd)).filter { !oldTaken[$0] }
            let newLeft = (newStart..<max(newStart, newEnd)).filter { matchOfNew[$0] == nil }
            for (i, j) in ReferenceLCS.earliestPairs(oldLeft.map { old[$0] }, newLeft.map { new[$0] }) {
                matchOfNew[newLeft[j]] = oldLeft[i]
            }
        }
        return matchOfNew.enumerated().compactMap { j, i in i.map { ($0, j) } }
    }

    /// The glyph ranges of a text's words: maximal runs of non-whitespace.
    public static func words(_ text: [Character]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (index, glyph) in text.enumerated() {
            if glyph.isWhitespace {
                if let first = start { result.append(first..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let first = start { result.append(first..<text.count) }
        return result
    }
}
