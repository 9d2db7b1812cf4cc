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
/// `storedForms` copies one-byte ASCII symbols through `SmallASCII` (which
/// must be available).
///
/// - Complexity: O(*n* + *m*).
func assembleMutations(
    old: [Character], new: [Character], matchOfNew: UnsafeMutablePointer<Int32>, weights: MutationWeights,
    storedForms: Bool = SmallASCII.isAvailable, arena: inout ScratchArena
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
        mutations = plan.mutations(old: old, new: new, total: total, storedForms: storedForms)
    case .slots:
        let slots = max(n, m)
        let scale = slots > 1 ? 1 / Double(slots - 1) : 0
        let plan = MutationPlan(
            matchOfNew: matchOfNew, oldKept: oldKept, newScale: scale, oldScale: scale, newPositions: OwnIndex(),
            oldPositions: OwnIndex())
        mutations = plan.mutations(old: old, new: new, total: total, storedForms: storedForms)
    case .columns(let oldColumns, let newColumns, let count):
        let scale = count > 1 ? 1 / Double(count - 1) : 0
        let plan = MutationPlan(
            matchOfNew: matchOfNew, oldKept: oldKept, newScale: scale, oldScale: scale,
            newPositions: TablePosition(table: newColumns), oldPositions: TablePosition(table: oldColumns))
        mutations = plan.mutations(old: old, new: new, total: total, storedForms: storedForms)
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

    func mutations(old: [Character], new: [Character], total: Int, storedForms: Bool) -> [GlyphMutation] {
        // On Linux Array(unsafeUninitializedCapacity:) looks up generic metadata
        // on every call: worth it for long lists, not for a label's.
        if total > 64 {
            return [GlyphMutation](unsafeUninitializedCapacity: total) { buffer, count in
                if storedForms {
                    var sink = SmallASCIISink(next: buffer.baseAddress!)
                    produce(old: old, new: new, into: &sink)
                } else {
                    var sink = BufferSink(next: buffer.baseAddress!)
                    produce(old: old, new: new, into: &sink)
                }
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
                    sink.put(.transform, from: from, to: j, symbol: j, of: newGlyphs, weight: weight)
                } else {
                    sink.put(.insert, from: nil, to: j, symbol: j, of: newGlyphs, weight: weight)
                }
            }
        }
        old.withUnsafeBufferPointer { oldGlyphs in
            for i in 0..<oldGlyphs.count where !oldKept[i] {
                let weight = min(Double(oldPositions.position(of: i)) * oldScale, 1)
                sink.put(.remove, from: i, to: nil, symbol: i, of: oldGlyphs, weight: weight)
            }
        }
    }
}

/// Where `assembleMutations` puts what it makes.
private protocol MutationSink {
    /// Adds a mutation whose symbol is `glyphs[symbol]`.
    mutating func put(
        _ action: GlyphMutation.Action, from: Int?, to: Int?, symbol: Int, of glyphs: UnsafeBufferPointer<Character>,
        weight: Double)
}

/// Initializes consecutive uninitialized elements.
private struct BufferSink: MutationSink {
    var next: UnsafeMutablePointer<GlyphMutation>

    @inline(__always)
    mutating func put(
        _ action: GlyphMutation.Action, from: Int?, to: Int?, symbol: Int, of glyphs: UnsafeBufferPointer<Character>,
        weight: Double
    ) {
        next.initialize(
            to: GlyphMutation(action: action, indexFrom: from, indexTo: to, symbol: glyphs[symbol], priorityWeight: weight))
        next += 1
    }
}

/// Initializes consecutive uninitialized elements, copying symbols stored
/// as one-byte ASCII small strings bit for bit: such a string owns no
/// storage, so the copy needs no retain (a call per glyph otherwise, and the
/// registers it clobbers). Other symbols are copied normally.
private struct SmallASCIISink: MutationSink {
    var next: UnsafeMutablePointer<GlyphMutation>
    private let symbolOffset = MemoryLayout<GlyphMutation>.offset(of: \.symbol)!

    init(next: UnsafeMutablePointer<GlyphMutation>) { self.next = next }

    @inline(__always)
    mutating func put(
        _ action: GlyphMutation.Action, from: Int?, to: Int?, symbol: Int, of glyphs: UnsafeBufferPointer<Character>,
        weight: Double
    ) {
        let raw = UnsafeRawPointer(glyphs.baseAddress.unsafelyUnwrapped)
        if SmallASCII.code(at: raw, index: symbol) >= 0 {
            // A literal placeholder (itself a small string), then the glyph's bits over it.
            next.initialize(to: GlyphMutation(action: action, indexFrom: from, indexTo: to, symbol: " ", priorityWeight: weight))
            UnsafeMutableRawPointer(next).advanced(by: symbolOffset).copyMemory(
                from: raw.advanced(by: symbol &* MemoryLayout<Character>.stride), byteCount: MemoryLayout<Character>.size)
        } else {
            next.initialize(
                to: GlyphMutation(action: action, indexFrom: from, indexTo: to, symbol: glyphs[symbol], priorityWeight: weight))
        }
        next += 1
    }
}

/// Appends to an array with reserved capacity.
private struct ArraySink: MutationSink {
    var list: [GlyphMutation]

    @inline(__always)
    mutating func put(
        _ action: GlyphMutation.Action, from: Int?, to: Int?, symbol: Int, of glyphs: UnsafeBufferPointer<Character>,
        weight: Double
    ) {
        list.append(GlyphMutation(action: action, indexFrom: from, indexTo: to, symbol: glyphs[symbol], priorityWeight: weight))
    }
}
