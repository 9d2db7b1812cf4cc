/// The morph mode's matching (DESIGN.md section 2): whole words first, then
/// characters inside the gaps between matched words.
///
/// 1. Without whitespace on either side: one character LCS.
/// 2. Otherwise words are matched by LCS (earliest match on ties).
/// 3. Words left unmatched that occur on both sides are paired whole, the
///    k-th leftover occurrence in the new text with the k-th in the old one.
/// 4. The LCS-matched words cut both texts into aligned gaps; in each gap the
///    glyphs not taken by step 3 (whitespace included) are matched by
///    character LCS. A glyph therefore never pairs across a matched word.
///
/// Writes `matchOfNew[j]`: the old glyph index new glyph `j` persists from, or −1.
///
/// - Complexity: O(*n* + *m*) plus the LCS runs (see `SubsequenceMatcher`),
///   all drawn from one budget.
func morphMatches(
    old: UnsafeBufferPointer<Int32>, oldWords: WordBoundaries, new: UnsafeBufferPointer<Int32>,
    newWords: WordBoundaries, tokenLimit: Int, hasWhitespace: Bool, budget: Int, arena: inout ScratchArena,
    into matchOfNew: UnsafeMutablePointer<Int32>
) {
    guard hasWhitespace else {
        var matcher = SubsequenceMatcher(tokenLimit: tokenLimit, budget: budget)
        matcher.match(old: old, new: new, into: matchOfNew)
        return
    }
    let words = WordSegmentation(old: old, oldWords: oldWords, new: new, newWords: newWords, arena: &arena)

    // Step 2: word LCS.
    let wordMatch = arena.allocate(repeating: Int32(-1), count: words.newCount)
    var wordMatcher = SubsequenceMatcher(tokenLimit: words.tokenCount, budget: budget)
    wordMatcher.match(
        old: UnsafeBufferPointer(start: words.oldTokens, count: words.oldCount),
        new: UnsafeBufferPointer(start: words.newTokens, count: words.newCount), into: wordMatch)
    let remainingBudget = wordMatcher.remainingBudget

    // The LCS chain, before step 3 adds pairs out of order.
    let chain = arena.allocate(Int32.self, count: words.newCount + 1)
    var chainLength = 0
    let oldWordTaken = arena.allocate(repeating: false, count: words.oldCount)
    for w in 0..<words.newCount where wordMatch[w] >= 0 {
        chain[chainLength] = Int32(w)
        chainLength += 1
        oldWordTaken[Int(wordMatch[w])] = true
    }

    // Step 3: reordered words, each token's leftover old occurrences queued in order.
    var reordered = false
    var oldGlyphTaken: UnsafeMutablePointer<Bool>?
    // Reordered words before each word index, per side, to tell which gaps hold any.
    var oldReorderedBefore: UnsafeMutablePointer<Int32>?
    var newReorderedBefore: UnsafeMutablePointer<Int32>?
    if chainLength < min(words.oldCount, words.newCount) {
        let head = arena.allocate(repeating: Int32(-1), count: words.tokenCount)
        let next = arena.allocate(Int32.self, count: words.oldCount)
        for w in stride(from: words.oldCount - 1, through: 0, by: -1) where !oldWordTaken[w] {
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
            if !reordered {
                reordered = true
                oldGlyphTaken = arena.allocate(repeating: false, count: old.count)
                oldReorderedBefore = arena.allocate(repeating: 0, count: words.oldCount + 1)
                newReorderedBefore = arena.allocate(repeating: 0, count: words.newCount + 1)
            }
            oldReorderedBefore![Int(partner) + 1] = 1
            newReorderedBefore![w + 1] = 1
            for glyph in words.oldStarts[Int(partner)]..<words.oldEnds[Int(partner)] { oldGlyphTaken![Int(glyph)] = true }
        }
    }
    if let oldReorderedBefore, let newReorderedBefore {
        for w in 0..<words.oldCount { oldReorderedBefore[w + 1] &+= oldReorderedBefore[w] }
        for w in 0..<words.newCount { newReorderedBefore[w + 1] &+= newReorderedBefore[w] }
    }
    for w in 0..<words.newCount {
        let partner = Int(wordMatch[w])
        guard partner >= 0 else { continue }
        let oldStart = Int(words.oldStarts[partner])
        let newStart = Int(words.newStarts[w])
        for offset in 0..<Int(words.newEnds[w] &- words.newStarts[w]) {
            matchOfNew[newStart &+ offset] = Int32(truncatingIfNeeded: oldStart &+ offset)
        }
    }

    // Step 4: character LCS in each gap.
    var matcher = SubsequenceMatcher(tokenLimit: tokenLimit, budget: remainingBudget)
    let gather = reordered ? GapGathering(old: old.count, new: new.count, arena: &arena) : nil
    for gap in 0...chainLength {
        var oldRange = 0..<old.count
        var newRange = 0..<new.count
        // The words strictly inside the gap, per side.
        var oldWords = 0..<words.oldCount
        var newWords = 0..<words.newCount
        if gap > 0 {
            let w = Int(chain[gap - 1])
            let partner = Int(wordMatch[w])
            oldRange = Int(words.oldEnds[partner])..<oldRange.upperBound
            newRange = Int(words.newEnds[w])..<newRange.upperBound
            oldWords = (partner + 1)..<oldWords.upperBound
            newWords = (w + 1)..<newWords.upperBound
        }
        if gap < chainLength {
            let w = Int(chain[gap])
            let partner = Int(wordMatch[w])
            oldRange = oldRange.lowerBound..<Int(words.oldStarts[partner])
            newRange = newRange.lowerBound..<Int(words.newStarts[w])
            oldWords = oldWords.lowerBound..<partner
            newWords = newWords.lowerBound..<w
        }
        guard !oldRange.isEmpty, !newRange.isEmpty else { continue }
        var holdsReordered = false
        if let oldReorderedBefore, let newReorderedBefore {
            holdsReordered =
                oldReorderedBefore[oldWords.upperBound] != oldReorderedBefore[oldWords.lowerBound]
                || newReorderedBefore[newWords.upperBound] != newReorderedBefore[newWords.lowerBound]
        }
        // Most gaps are one identical separator, often a single space.
        if !holdsReordered, identical(old.baseAddress! + oldRange.lowerBound, oldRange.count, new.baseAddress! + newRange.lowerBound, newRange.count) {
            for offset in 0..<newRange.count {
                matchOfNew[newRange.lowerBound &+ offset] = Int32(truncatingIfNeeded: oldRange.lowerBound &+ offset)
            }
            continue
        }
        if holdsReordered, let gather, let oldGlyphTaken {
            gather.match(
                old: old, oldRange: oldRange, oldTaken: oldGlyphTaken, new: new, newRange: newRange,
                matchOfNew: matchOfNew, matcher: &matcher)
        } else {
            matcher.match(
                old: UnsafeBufferPointer(rebasing: old[oldRange]), new: UnsafeBufferPointer(rebasing: new[newRange]),
                into: matchOfNew + newRange.lowerBound, offset: Int32(oldRange.lowerBound))
        }
    }
}

@inline(__always)
private func identical(_ a: UnsafePointer<Int32>, _ aCount: Int, _ b: UnsafePointer<Int32>, _ bCount: Int) -> Bool {
    guard aCount == bCount else { return false }
    var index = 0
    while index < aCount {
        if a[index] != b[index] { return false }
        index &+= 1
    }
    return true
}

/// Collects a gap's glyphs that reordered words did not take, matches them,
/// and maps the result back.
private struct GapGathering {
    let oldIDs: UnsafeMutablePointer<Int32>
    let oldIndices: UnsafeMutablePointer<Int32>
    let newIDs: UnsafeMutablePointer<Int32>
    let newIndices: UnsafeMutablePointer<Int32>
    let result: UnsafeMutablePointer<Int32>

    init(old: Int, new: Int, arena: inout ScratchArena) {
        oldIDs = arena.allocate(Int32.self, count: old)
        oldIndices = arena.allocate(Int32.self, count: old)
        newIDs = arena.allocate(Int32.self, count: new)
        newIndices = arena.allocate(Int32.self, count: new)
        result = arena.allocate(Int32.self, count: new)
    }

    func match(
        old: UnsafeBufferPointer<Int32>, oldRange: Range<Int>, oldTaken: UnsafeMutablePointer<Bool>,
        new: UnsafeBufferPointer<Int32>, newRange: Range<Int>, matchOfNew: UnsafeMutablePointer<Int32>,
        matcher: inout SubsequenceMatcher
    ) {
        var oldCount = 0
        for i in oldRange where !oldTaken[i] {
            oldIDs[oldCount] = old[i]
            oldIndices[oldCount] = Int32(i)
            oldCount += 1
        }
        var newCount = 0
        for j in newRange where matchOfNew[j] < 0 {
            newIDs[newCount] = new[j]
            newIndices[newCount] = Int32(j)
            result[newCount] = -1
            newCount += 1
        }
        guard oldCount > 0, newCount > 0 else { return }
        matcher.match(
            old: UnsafeBufferPointer(start: oldIDs, count: oldCount),
            new: UnsafeBufferPointer(start: newIDs, count: newCount), into: result)
        for t in 0..<newCount where result[t] >= 0 {
            matchOfNew[Int(newIndices[t])] = oldIndices[Int(result[t])]
        }
    }
}
