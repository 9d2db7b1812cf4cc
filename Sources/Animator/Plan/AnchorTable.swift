import Analyzer

/// The anchors of one text: for every glyph, the nearest glyph of the same text
/// that persists through the transition (by index distance, a tie to the one
/// before), named by its plan entry.
///
/// Entering glyphs look their anchors up in the new text, exiting glyphs in the
/// old. Both tables are built in one pass over the mutations, in storage the
/// caller provides (`slots(count:)` per text), so planning allocates nothing for them.
///
/// A few lookups scan outwards from their glyph, each at most the length of the
/// text; many share one pass that gives every glyph its anchor. Either way the
/// cost stays O(glyphs), and a small edit of a long text pays for little more
/// than marking the persisting glyphs.
struct AnchorTable {
    /// Per index (from `first`): the index of the persisting glyph there or −1;
    /// after `spread`, of the nearest persisting glyph (−1 when nothing persists).
    private let nearest: UnsafeMutablePointer<Int32>
    /// Per index of a persisting glyph: the index of its mutation.
    private let owner: UnsafeMutablePointer<Int32>
    private let count: Int
    /// The text's index of the table's first glyph: a table covers a plan's
    /// window (`PlanWindow`), whose ends are persisting glyphs when glyphs
    /// beyond them are kept, so no glyph of it has a nearer anchor outside.
    private let first: Int
    /// Whether `nearest` holds every glyph's anchor, or only the persisting glyphs.
    private var isSpread = false

    /// Up to this many lookups scan; more share a pass over the whole text.
    private static let scanningLookups = 8

    /// The storage a table for a text of `count` glyphs needs.
    static func slots(count: Int) -> Int { 2 * count }

    private init(range: Range<Int>, storage: UnsafeMutablePointer<Int32>) {
        count = range.count
        first = range.lowerBound
        nearest = storage
        owner = storage + count
    }

    /// Builds the tables of the old and the new text over the glyphs in `old`
    /// and `new` (an empty range builds an empty table) from the change's
    /// persisting glyphs. When two of them claim the same index (a malformed
    /// change), the later one counts.
    ///
    /// - Complexity: O(glyphs + mutations).
    /// `exiting` and `entering` are the numbers of lookups to expect in each table.
    static func build(
        old oldRange: Range<Int>, new newRange: Range<Int>, exiting: Int, entering: Int,
        entries: UnsafeBufferPointer<PlanEntry>, storage: UnsafeMutableBufferPointer<Int32>
    ) -> (old: AnchorTable, new: AnchorTable) {
        let oldCount = oldRange.count, newCount = newRange.count
        precondition(storage.count >= slots(count: oldCount) + slots(count: newCount), "AnchorTable: storage too small")
        precondition(
            max(oldRange.upperBound, newRange.upperBound, entries.count) <= Int32.max,
            "AnchorTable: more than 2^31 glyphs or entries")
        let base = storage.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!
        var old = AnchorTable(range: oldRange, storage: base)
        var new = AnchorTable(range: newRange, storage: base + slots(count: oldCount))
        old.nearest.initialize(repeating: -1, count: oldCount)
        new.nearest.initialize(repeating: -1, count: newCount)
        // A glyph that persists is its own nearest anchor.
        for e in entries.indices where entries[e].role == .persisting {
            let from = Int(entries[e].oldIndex), to = Int(entries[e].newIndex)
            guard from >= 0, to >= 0 else { continue }
            old.mark(from, owner: e)
            new.mark(to, owner: e)
        }
        if exiting > scanningLookups { old.spread() }
        if entering > scanningLookups { new.spread() }
        return (old, new)
    }

    private func mark(_ index: Int, owner k: Int) {
        let i = index - first
        guard i >= 0, i < count else { return }
        nearest[i] = Int32(truncatingIfNeeded: i)
        owner[i] = Int32(truncatingIfNeeded: k)
    }

    /// Gives every glyph that does not persist its nearest persisting glyph.
    private mutating func spread() {
        isSpread = true
        // Forward: the nearest at or before each index.
        var last: Int32 = -1
        for i in 0..<count {
            if nearest[i] >= 0 { last = nearest[i] } else { nearest[i] = last }
        }
        // Backward: the nearer of the one before and the one after (a tie to the one before).
        var next = -1
        for i in stride(from: count - 1, through: 0, by: -1) {
            let before = Int(nearest[i])
            if before == i {
                next = i
            } else if next >= 0, before < 0 || next - i < i - before {
                nearest[i] = Int32(truncatingIfNeeded: next)
            }
        }
    }

    /// The plan entry of glyph `index`'s anchor; nil when nothing persists or
    /// `index` lies outside the table (outside the text: a malformed change).
    func anchor(of index: Int) -> Int? {
        let i = index - first
        guard i >= 0, i < count else { return nil }
        let here = isSpread ? Int(nearest[i]) : nearestPersisting(to: i)
        return here >= 0 ? Int(owner[here]) : nil
    }

    /// The nearest persisting glyph, found by looking at the glyphs at distance 0,
    /// 1, 2… (the one before first), or −1.
    private func nearestPersisting(to i: Int) -> Int {
        for distance in 0..<count {
            let before = i - distance, after = i + distance
            if before >= 0, nearest[before] >= 0 { return before }
            if after < count, nearest[after] >= 0 { return after }
            if before < 0, after >= count { break }
        }
        return -1
    }
}
