/// The morph mode's matching (see `TextChangeAnalyzer`): whole words first, then
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
/// The narrow ids (see `GlyphInterner.intern(_:into:narrow:)`) must be
/// followed by `WordKey.padding` readable bytes.
///
/// - Complexity: O(*n* + *m*) plus the LCS runs (see `SubsequenceMatcher`),
///   all drawn from one budget.
func morphMatches(
    old: UnsafeBufferPointer<Int32>, oldNarrow: UnsafePointer<UInt8>, new: UnsafeBufferPointer<Int32>,
    newNarrow: UnsafePointer<UInt8>, traits: [UInt8], tokenLimit: Int, hasWhitespace: Bool, budget: Int,
    arena: inout ScratchArena, into matchOfNew: UnsafeMutablePointer<Int32>
) {
    guard hasWhitespace else {
        var matcher = SubsequenceMatcher(tokenLimit: tokenLimit, budget: budget)
        matcher.match(old: old, new: new, into: matchOfNew)
        return
    }
    let oldWords = scanWords(old, narrow: oldNarrow, arena: &arena)
    let newWords = scanWords(new, narrow: newNarrow, arena: &arena)
    let words = WordSegmentation(
        old: old, oldNarrow: oldNarrow, oldWords: oldWords, new: new, newNarrow: newNarrow, newWords: newWords,
        arena: &arena)

    // Step 2: word LCS.
    let wordMatch = arena.allocate(repeating: Int32(-1), count: words.newCount)
    // Words found on one side only (most changed words) are taken out first:
    // what is left differs by about half as many words.
    var wordMatcher = SubsequenceMatcher(tokenLimit: words.tokenCount, budget: budget)
    wordMatcher.matchCommonTokens(
        old: UnsafeBufferPointer(start: words.oldTokens, count: words.oldCount),
        new: UnsafeBufferPointer(start: words.newTokens, count: words.newCount), into: wordMatch, arena: &arena)
    let remainingBudget = wordMatcher.remainingBudget

    // The LCS chain, before step 3 adds pairs out of order.
    let chain = arena.allocate(Int32.self, count: words.newCount + 1)
    var chainLength = 0
    for w in 0..<words.newCount where wordMatch[w] >= 0 {
        chain[chainLength] = Int32(w)
        chainLength += 1
    }

    // Step 3: reordered words lend their glyphs (the LCS words' glyphs are
    // written with the gaps below).
    let reordered = ReorderedWords(
        words: words, wordMatch: wordMatch, chain: chain, lcsCount: chainLength, glyphs: old.count, arena: &arena)
    if reordered.oldGlyphTaken != nil {
        var link = 0
        for w in 0..<words.newCount {
            let partner = Int(wordMatch[w])
            guard partner >= 0 else { continue }
            if link < chainLength && Int(chain[link]) == w {
                link += 1
                continue
            }
            copyIdentity(
                from: words.old.start(partner), to: words.new.start(w),
                count: words.new.length(w), into: matchOfNew)
        }
    }

    // Step 4: character LCS in each gap. A stretch of LCS words separated
    // only by identical whitespace (no other word between them on either
    // side) matches glyph for glyph, so it is written in one go.
    var matcher = SubsequenceMatcher(tokenLimit: tokenLimit, budget: remainingBudget)
    var gaps = GapMatcher(old: old, new: new, reordered: reordered, arena: &arena)
    let oldBase = old.baseAddress
    let newBase = new.baseAddress
    var runOld = 0
    var runNew = 0
    var gap = 0
    while gap <= chainLength {
        if gap > 0 {
            // Skip the gaps the run goes on through: the next LCS word
            // follows on both sides, after the same whitespace.
            while gap < chainLength {
                let previous = Int(chain[gap &- 1])
                let w = Int(chain[gap])
                let previousPartner = Int(wordMatch[previous])
                let partner = Int(wordMatch[w])
                guard w == previous &+ 1 && partner == previousPartner &+ 1 else { break }
                let oldStart = words.old.end(previousPartner)
                let newStart = words.new.end(previous)
                let length = words.new.start(w) &- newStart
                guard words.old.start(partner) &- oldStart == length,
                    identicalRuns(oldBase! + oldStart, newBase! + newStart, length)
                else { break }
                gap &+= 1
            }
        }
        var oldRange = 0..<old.count
        var newRange = 0..<new.count
        // The words strictly inside the gap, per side.
        var oldWords = 0..<words.oldCount
        var newWords = 0..<words.newCount
        if gap > 0 {
            let w = Int(chain[gap - 1])
            let partner = Int(wordMatch[w])
            oldRange = words.old.end(partner)..<oldRange.upperBound
            newRange = words.new.end(w)..<newRange.upperBound
            oldWords = (partner + 1)..<oldWords.upperBound
            newWords = (w + 1)..<newWords.upperBound
            // The run of LCS words (and identical gaps) ending before this gap.
            copyIdentity(from: runOld, to: runNew, count: newRange.lowerBound - runNew, into: matchOfNew)
        }
        if gap < chainLength {
            let w = Int(chain[gap])
            let partner = Int(wordMatch[w])
            oldRange = oldRange.lowerBound..<words.old.start(partner)
            newRange = newRange.lowerBound..<words.new.start(w)
            oldWords = oldWords.lowerBound..<partner
            newWords = newWords.lowerBound..<w
        }
        gaps.match(oldRange, newRange, oldWords: oldWords, newWords: newWords, into: matchOfNew, matcher: &matcher)
        runOld = oldRange.upperBound
        runNew = newRange.upperBound
        gap &+= 1
    }
}

/// Pairs `count` glyphs one for one: new `to + k` persists from old `from + k`.
@inline(__always)
private func copyIdentity(from: Int, to: Int, count: Int, into matchOfNew: UnsafeMutablePointer<Int32>) {
    let delta = Int32(truncatingIfNeeded: from &- to)
    for j in to..<(to + count) { matchOfNew[j] = Int32(truncatingIfNeeded: j) &+ delta }
}
