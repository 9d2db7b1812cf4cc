/// Step 4 of the morph diff: the character LCS of one gap between matched
/// words (whitespace included), writing into the whole text's `matchOfNew`.
///
/// A gap that holds no reordered word is matched in place; the common case
/// of an identical gap (a lone space between two kept words) skips the LCS
/// entirely. A gap with reordered words is matched on the glyphs they left.
struct GapMatcher {
    private let old: UnsafeBufferPointer<Int32>
    private let new: UnsafeBufferPointer<Int32>
    private let reordered: ReorderedWords
    private let gathering: GapGathering?

    init(old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, reordered: ReorderedWords, arena: inout ScratchArena) {
        self.old = old
        self.new = new
        self.reordered = reordered
        gathering = reordered.oldGlyphTaken == nil ? nil : GapGathering(old: old.count, new: new.count, arena: &arena)
    }

    /// Matches the glyphs of one gap; `oldWords` and `newWords` are the words inside it.
    mutating func match(
        _ oldRange: Range<Int>, _ newRange: Range<Int>, oldWords: Range<Int>, newWords: Range<Int>,
        into matchOfNew: UnsafeMutablePointer<Int32>, matcher: inout SubsequenceMatcher
    ) {
        guard !oldRange.isEmpty, !newRange.isEmpty else { return }
        if reordered.occur(inOld: oldWords, orNew: newWords), let gathering, let taken = reordered.oldGlyphTaken {
            gathering.match(
                old: old, oldRange: oldRange, oldTaken: taken, new: new, newRange: newRange, matchOfNew: matchOfNew,
                matcher: &matcher)
            return
        }
        if identical(old.baseAddress! + oldRange.lowerBound, oldRange.count, new.baseAddress! + newRange.lowerBound, newRange.count) {
            for offset in 0..<newRange.count {
                matchOfNew[newRange.lowerBound &+ offset] = Int32(truncatingIfNeeded: oldRange.lowerBound &+ offset)
            }
            return
        }
        matcher.match(
            old: UnsafeBufferPointer(rebasing: old[oldRange]), new: UnsafeBufferPointer(rebasing: new[newRange]),
            into: matchOfNew + newRange.lowerBound, offset: Int32(oldRange.lowerBound))
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
