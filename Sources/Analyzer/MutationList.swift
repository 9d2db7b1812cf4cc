/// The mutations of a `TextChange`: a random-access collection of
/// `GlyphMutation` values, made on access from the change's compact parts.
///
/// The order is the documented one: inserts and transforms in new-text
/// order, then removes in old-text order. The per-field accessors
/// (`action(at:)`, `glyph(at:)`, …) read one field without making the whole
/// mutation, for loops over long changes.
public struct MutationList: RandomAccessCollection, Hashable, Sendable {
    private let shared: SharedChangeStorage
    /// The storage's parts, valid while `shared` holds it.
    @usableFromInline let parts: ChangeLayout
    let symbols: GlyphTable
    /// Mutations given by hand (`TextChange.init(oldGlyphs:…)`), with their glyphs' ids; nil for the analyzer's.
    @usableFromInline let explicit: ExplicitMutations?

    init(storage: ChangeStorage, symbols: GlyphTable, explicit: ExplicitMutations?) {
        shared = SharedChangeStorage(block: storage)
        parts = storage.layout
        self.symbols = symbols
        self.explicit = explicit
        endIndex = explicit?.mutations.count ?? parts.newCount + parts.removedCount
    }

    public var startIndex: Int { 0 }
    /// Stored: every per-field accessor checks its position against it.
    public let endIndex: Int

    /// The mutation at `position`.
    public subscript(position: Int) -> GlyphMutation {
        if let explicit { return explicit.mutations[position] }
        check(position)
        let m = parts.newCount
        if position < m {
            let from = parts.matchOfNew[position]
            return GlyphMutation(
                action: from >= 0 ? .transform : .insert, indexFrom: from >= 0 ? Int(from) : nil, indexTo: position,
                symbol: symbols[Int(parts.newIDs[position])], priorityWeight: parts.newWeight(position))
        }
        let i = Int(parts.removed[position - m])
        return GlyphMutation(
            action: .remove, indexFrom: i, indexTo: nil, symbol: symbols[Int(parts.oldIDs[i])],
            priorityWeight: parts.oldWeight(i))
    }

    /// The kind of the mutation at `position`.
    @inlinable @inline(__always)
    public func action(at position: Int) -> GlyphMutation.Action {
        if let explicit { return explicit.mutations[position].action }
        check(position)
        let m = parts.newCount
        return position >= m ? .remove : parts.matchOfNew[position] >= 0 ? .transform : .insert
    }

    /// The old index of the mutation at `position`, or −1 for an insert.
    @inlinable @inline(__always)
    public func indexFrom(at position: Int) -> Int {
        if let explicit { return explicit.mutations[position].indexFrom ?? -1 }
        check(position)
        let m = parts.newCount
        return position >= m ? Int(parts.removed[position - m]) : Int(parts.matchOfNew[position])
    }

    /// The new index of the mutation at `position`, or −1 for a remove.
    @inlinable @inline(__always)
    public func indexTo(at position: Int) -> Int {
        if let explicit { return explicit.mutations[position].indexTo ?? -1 }
        check(position)
        return position < parts.newCount ? position : -1
    }

    /// The identity of the glyph of the mutation at `position` (an index into the change's `symbols`).
    @inlinable @inline(__always)
    public func glyph(at position: Int) -> GlyphID {
        if let explicit { return explicit.glyphs[position] }
        check(position)
        let m = parts.newCount
        return position < m ? parts.newIDs[position] : parts.oldIDs[Int(parts.removed[position - m])]
    }

    /// The priority weight of the mutation at `position`.
    @inlinable @inline(__always)
    public func priorityWeight(at position: Int) -> Double {
        if let explicit { return explicit.mutations[position].priorityWeight }
        check(position)
        let m = parts.newCount
        return position < m ? parts.newWeight(position) : parts.oldWeight(Int(parts.removed[position - m]))
    }

    /// The priority weight the glyph at old index `i` would have leaving (the
    /// weight of its remove, whether or not it persists).
    @inlinable
    public func weight(ofOld i: Int) -> Double {
        if let explicit {
            let n = explicit.oldCount
            return n > 1 ? Swift.min(Double(i) / Double(n - 1), 1) : 0
        }
        return parts.oldWeight(i)
    }

    @usableFromInline @inline(__always)
    func check(_ position: Int) {
        precondition(position >= 0 && position < endIndex, "mutation \(position) out of 0..<\(endIndex)")
    }

    /// Equal when the mutations are equal, however the glyphs are numbered.
    public static func == (a: MutationList, b: MutationList) -> Bool {
        a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for mutation in self { hasher.combine(mutation) }
    }
}

/// A hand-made mutation list and the ids of its glyphs.
@usableFromInline
struct ExplicitMutations: Sendable {
    @usableFromInline var mutations: [GlyphMutation]
    @usableFromInline var glyphs: [GlyphID]
    /// The old text's length, for weights by old index.
    @usableFromInline var oldCount: Int
}
