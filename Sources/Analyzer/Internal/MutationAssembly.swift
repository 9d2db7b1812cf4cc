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
    for j in 0..<m {
        let from = Int(matchOfNew[j])
        if from >= 0 {
            oldKept[from] = true
            persisting &+= 1
        }
    }
    // Positions and the scale that maps them into 0…1, per side.
    let newPositions: UnsafeMutablePointer<Int32>?
    let oldPositions: UnsafeMutablePointer<Int32>?
    let newScale: Double
    let oldScale: Double
    switch weights {
    case .readingOrder:
        newPositions = nil
        oldPositions = nil
        newScale = m > 1 ? 1 / Double(m - 1) : 0
        oldScale = n > 1 ? 1 / Double(n - 1) : 0
    case .slots:
        newPositions = nil
        oldPositions = nil
        let slots = max(n, m)
        newScale = slots > 1 ? 1 / Double(slots - 1) : 0
        oldScale = newScale
    case .columns(let oldColumns, let newColumns, let count):
        newPositions = newColumns
        oldPositions = oldColumns
        newScale = count > 1 ? 1 / Double(count - 1) : 0
        oldScale = newScale
    }
    let total = m + n - persisting
    func produce<Sink: MutationSink>(into sink: inout Sink) {
        old.withUnsafeBufferPointer { oldGlyphs in
            new.withUnsafeBufferPointer { newGlyphs in
                for j in 0..<m {
                    let from = Int(matchOfNew[j])
                    let position = newPositions.map { Int($0[j]) } ?? j
                    let weight = min(Double(position) * newScale, 1)
                    if from >= 0 {
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
                for i in 0..<n where !oldKept[i] {
                    let position = oldPositions.map { Int($0[i]) } ?? i
                    sink.put(
                        GlyphMutation(
                            action: .remove, indexFrom: i, indexTo: nil, symbol: oldGlyphs[i],
                            priorityWeight: min(Double(position) * oldScale, 1)))
                }
            }
        }
    }
    // On Linux Array(unsafeUninitializedCapacity:) looks up generic metadata
    // on every call: worth it for long lists, not for a label's.
    let mutations: [GlyphMutation]
    if total > 64 {
        mutations = [GlyphMutation](unsafeUninitializedCapacity: total) { buffer, count in
            var sink = BufferSink(next: buffer.baseAddress!)
            produce(into: &sink)
            count = total
        }
    } else {
        var sink = ArraySink(list: [])
        sink.list.reserveCapacity(total)
        produce(into: &sink)
        mutations = sink.list
    }
    return (mutations, persisting)
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
