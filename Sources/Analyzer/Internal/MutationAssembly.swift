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
    var persisting = 0
    for j in 0..<m { persisting &+= Int(UInt32(bitPattern: ~matchOfNew[j]) >> 31) }
    let total = m + n - persisting
    let oldKept = arena.allocate(repeating: false, count: n)
    let mutations: [GlyphMutation]
    switch weights {
    case .readingOrder:
        let plan = MutationPlan(
            matchOfNew: matchOfNew, oldKept: oldKept, newScale: m > 1 ? 1 / Double(m - 1) : 0,
            oldScale: n > 1 ? 1 / Double(n - 1) : 0, newPositions: OwnIndex(), oldPositions: OwnIndex())
        mutations = plan.mutations(old: old, new: new, total: total)
    case .slots:
        let slots = max(n, m)
        let scale = slots > 1 ? 1 / Double(slots - 1) : 0
        let plan = MutationPlan(
            matchOfNew: matchOfNew, oldKept: oldKept, newScale: scale, oldScale: scale, newPositions: OwnIndex(),
            oldPositions: OwnIndex())
        mutations = plan.mutations(old: old, new: new, total: total)
    case .columns(let oldColumns, let newColumns, let count):
        let scale = count > 1 ? 1 / Double(count - 1) : 0
        let plan = MutationPlan(
            matchOfNew: matchOfNew, oldKept: oldKept, newScale: scale, oldScale: scale,
            newPositions: TablePosition(table: newColumns), oldPositions: TablePosition(table: oldColumns))
        mutations = plan.mutations(old: old, new: new, total: total)
    }
    return (mutations, persisting)
}

/// Where a glyph stands for its priority weight.
private protocol PositionMap {
    func position(of index: Int) -> Int
}

/// A glyph's own index.
private struct OwnIndex: PositionMap {
    @inline(__always)
    func position(of index: Int) -> Int { index }
}

/// A position looked up per glyph (numeric columns).
private struct TablePosition: PositionMap {
    let table: UnsafeMutablePointer<Int32>

    @inline(__always)
    func position(of index: Int) -> Int { Int(table[index]) }
}

/// The loops that make the mutations, specialized per kind of position.
private struct MutationPlan<NewPositions: PositionMap, OldPositions: PositionMap> {
    let matchOfNew: UnsafeMutablePointer<Int32>
    /// All false on entry; the transforms mark their old glyphs.
    let oldKept: UnsafeMutablePointer<Bool>
    let newScale: Double
    let oldScale: Double
    let newPositions: NewPositions
    let oldPositions: OldPositions

    func mutations(old: [Character], new: [Character], total: Int) -> [GlyphMutation] {
        // On Linux Array(unsafeUninitializedCapacity:) looks up generic metadata
        // on every call: worth it for long lists, not for a label's.
        if total > 64 {
            return [GlyphMutation](unsafeUninitializedCapacity: total) { buffer, count in
                var sink = BufferSink(next: buffer.baseAddress!)
                produce(old: old, new: new, into: &sink)
                count = total
            }
        }
        var sink = ArraySink(list: [])
        sink.list.reserveCapacity(total)
        produce(old: old, new: new, into: &sink)
        return sink.list
    }

    @inline(__always)
    private func produce<Sink: MutationSink>(old: [Character], new: [Character], into sink: inout Sink) {
        new.withUnsafeBufferPointer { newGlyphs in
            for j in 0..<newGlyphs.count {
                let from = Int(matchOfNew[j])
                let weight = min(Double(newPositions.position(of: j)) * newScale, 1)
                if from >= 0 {
                    oldKept[from] = true
                    sink.put(
                        GlyphMutation(
                            action: .transform, indexFrom: from, indexTo: j, symbol: newGlyphs[j],
                            priorityWeight: weight))
                } else {
                    sink.put(
                        GlyphMutation(
                            action: .insert, indexFrom: nil, indexTo: j, symbol: newGlyphs[j], priorityWeight: weight))
                }
            }
        }
        old.withUnsafeBufferPointer { oldGlyphs in
            for i in 0..<oldGlyphs.count where !oldKept[i] {
                sink.put(
                    GlyphMutation(
                        action: .remove, indexFrom: i, indexTo: nil, symbol: oldGlyphs[i],
                        priorityWeight: min(Double(oldPositions.position(of: i)) * oldScale, 1)))
            }
        }
    }
}

/// Where `assembleMutations` puts what it makes.
private protocol MutationSink {
    mutating func put(_ mutation: GlyphMutation)
}

/// Initializes consecutive uninitialized elements.
private struct BufferSink: MutationSink {
    var next: UnsafeMutablePointer<GlyphMutation>

    @inline(__always)
    mutating func put(_ mutation: GlyphMutation) {
        next.initialize(to: mutation)
        next += 1
    }
}

/// Appends to an array with reserved capacity.
private struct ArraySink: MutationSink {
    var list: [GlyphMutation]

    @inline(__always)
    mutating func put(_ mutation: GlyphMutation) { list.append(mutation) }
}
