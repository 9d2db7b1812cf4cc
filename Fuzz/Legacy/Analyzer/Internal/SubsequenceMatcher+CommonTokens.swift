extension SubsequenceMatcher {
    /// `match(old:new:into:)` on the tokens that occur on both sides only,
    /// with the same result.
    ///
    /// A token found on one side only is never matched, and the kernels'
    /// work grows with the unmatched tokens: a changed word is mostly a word
    /// the old text does not have, so taking such tokens out leaves about half
    /// the edits. An old token taken out changes nothing else: the walk of the
    /// tie rule always passes it over. A new token taken out leaves a barrier
    /// on the next new token kept, where the walk passes old tokens over as
    /// long as that keeps the subsequence longest, as it would have at the
    /// token taken out (see `match(old:new:into:offset:barriers:)`).
    ///
    /// - Complexity: O(*n* + *m* + `tokenLimit`) besides the match of what is left.
    mutating func matchCommonTokens(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, arena: inout ScratchArena
    ) {
        // A label's few words: the single-word kernels take them as they are.
        guard old.count > 64 else {
            match(old: old, new: new, into: matchOfNew)
            return
        }
        // How often each token occurs in the old sequence, then in the new one.
        let counts = arena.allocate(repeating: Int32(0), count: 2 &* tokenLimit)
        let newCounts = counts + tokenLimit
        for token in old { counts[Int(token)] &+= 1 }
        for token in new { newCounts[Int(token)] &+= 1 }
        // Tokens kept, and the unmatched among them that their counts prove.
        let common = arena.allocate(Bool.self, count: tokenLimit)
        var lowerBound = 0
        for token in 0..<tokenLimit {
            common[token] = counts[token] > 0 && newCounts[token] > 0
            lowerBound &+= common[token] ? abs(Int(counts[token] &- newCounts[token])) : 0
        }
        let (oldKept, oldPositions) = Self.keepCommon(old, common: common, arena: &arena)
        let (newKept, newPositions) = Self.keepCommon(new, common: common, arena: &arena)
        guard oldKept.count < old.count || newKept.count < new.count else {
            match(old: old, new: new, into: matchOfNew, lowerBound: lowerBound)
            return
        }
        // A barrier where the kept new token does not follow the previous kept one.
        let barriers = arena.allocate(Bool.self, count: newKept.count)
        var previous: Int32 = -1
        for j in 0..<newKept.count {
            barriers[j] = newPositions[j] != previous &+ 1
            previous = newPositions[j]
        }
        let kept = arena.allocate(repeating: Int32(-1), count: newKept.count)
        match(old: oldKept, new: newKept, into: kept, barriers: barriers, lowerBound: lowerBound)
        for j in 0..<newKept.count where kept[j] >= 0 {
            matchOfNew[Int(newPositions[j])] = oldPositions[Int(kept[j])]
        }
    }

    /// The tokens of `sequence` that occur on both sides, and their positions.
    private static func keepCommon(
        _ sequence: UnsafeBufferPointer<Int32>, common: UnsafePointer<Bool>, arena: inout ScratchArena
    ) -> (tokens: UnsafeBufferPointer<Int32>, positions: UnsafePointer<Int32>) {
        let tokens = arena.allocate(Int32.self, count: sequence.count)
        let positions = arena.allocate(Int32.self, count: sequence.count)
        var count = 0
        for index in sequence.indices {
            let token = sequence[index]
            // Written always, kept (by counting it) only when common: no branch per token.
            tokens[count] = token
            positions[count] = Int32(truncatingIfNeeded: index)
            count &+= common[Int(token)] ? 1 : 0
        }
        return (UnsafeBufferPointer(start: tokens, count: count), UnsafePointer(positions))
    }
}
