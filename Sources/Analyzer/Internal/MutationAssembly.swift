/// How priority weights are given; see `TextChangeAnalyzer`.
enum MutationWeights {
    /// Own-text position: new index for inserts and transforms, old index for removes.
    case readingOrder
    /// Slot index, shared by both sides.
    case slots
    /// Merged place columns, shared by both sides.
    case columns(old: UnsafeMutablePointer<Int32>, new: UnsafeMutablePointer<Int32>, count: Int)
}

/// The mutation list: inserts and transforms in new-text order, then removes
/// in old-text order. Returns it with the number of transforms.
///
/// - Complexity: O(*n* + *m*).
func assembleMutations(
    old: [Character], new: [Character], matchOfNew: UnsafeMutablePointer<Int32>, weights: MutationWeights,
    arena: inout ScratchArena
) -> ([GlyphMutation], persisting: Int) {
    let n = old.count
    let m = new.count
    let oldKept = arena.allocate(repeating: false, count: n)
    var persisting = 0
    for j in 0..<m where matchOfNew[j] >= 0 {
        oldKept[Int(matchOfNew[j])] = true
        persisting += 1
    }
    let newScale: Double
    let oldScale: Double
    switch weights {
    case .readingOrder:
        newScale = m > 1 ? 1 / Double(m - 1) : 0
        oldScale = n > 1 ? 1 / Double(n - 1) : 0
    case .slots:
        let slots = max(n, m)
        newScale = slots > 1 ? 1 / Double(slots - 1) : 0
        oldScale = newScale
    case .columns(_, _, let count):
        newScale = count > 1 ? 1 / Double(count - 1) : 0
        oldScale = newScale
    }
    var newPositions: UnsafeMutablePointer<Int32>?
    var oldPositions: UnsafeMutablePointer<Int32>?
    if case .columns(let oldColumns, let newColumns, _) = weights {
        newPositions = newColumns
        oldPositions = oldColumns
    }
    let total = m + n - persisting
    let mutations = old.withUnsafeBufferPointer { oldGlyphs in
        new.withUnsafeBufferPointer { newGlyphs in
            [GlyphMutation](unsafeUninitializedCapacity: total) { buffer, count in
                var out = buffer.baseAddress!
                for j in 0..<m {
                    let from = matchOfNew[j]
                    let position = newPositions.map { Int($0[j]) } ?? j
                    out.initialize(
                        to: GlyphMutation(
                            action: from >= 0 ? .transform : .insert, indexFrom: from >= 0 ? Int(from) : nil,
                            indexTo: j, symbol: newGlyphs[j], priorityWeight: min(Double(position) * newScale, 1)))
                    out += 1
                }
                for i in 0..<n where !oldKept[i] {
                    let position = oldPositions.map { Int($0[i]) } ?? i
                    out.initialize(
                        to: GlyphMutation(
                            action: .remove, indexFrom: i, indexTo: nil, symbol: oldGlyphs[i],
                            priorityWeight: min(Double(position) * oldScale, 1)))
                    out += 1
                }
                count = total
            }
        }
    }
    return (mutations, persisting)
}
