import Analyzer

/// The anchors of one text: for every glyph, the nearest glyph of the same text
/// that persists through the transition (by index distance, a tie to the one
/// before), and where that glyph stands in the other text.
///
/// Entering glyphs look their anchors up in the new text, exiting glyphs in the
/// old. The table lives in storage the caller provides (two slots per glyph), so
/// planning allocates nothing for it.
struct AnchorTable {
    /// Slots [0, n): the nearest persisting glyph's index, or −1 when nothing persists.
    /// Slots [n, 2n): for a persisting glyph, its index in the other text.
    private let slots: UnsafeMutableBufferPointer<Int>
    private let count: Int

    /// The number of slots a table for a text of `count` glyphs needs.
    static func slots(count: Int) -> Int { 2 * count }

    /// Which text a table is for.
    enum Text { case old, new }

    /// Builds the table of the old or the new text (of `count` glyphs) from the
    /// change's persisting glyphs. When two of them claim the same index (a malformed
    /// change), the later one counts.
    ///
    /// - Complexity: O(count + mutations).
    init(_ text: Text, count: Int, mutations: [GlyphMutation], storage: UnsafeMutableBufferPointer<Int>) {
        precondition(storage.count >= Self.slots(count: count), "AnchorTable: storage too small")
        self.count = count
        slots = storage
        guard count > 0 else { return }
        // Mark the persisting glyphs: a glyph that persists is its own nearest anchor.
        for i in 0..<count { storage[i] = -1 }
        // Read in place: copying a mutation out would retain its symbol.
        mutations.withUnsafeBufferPointer { mutations in
            for i in mutations.indices where mutations[i].action == .transform {
                guard let from = mutations[i].indexFrom, let to = mutations[i].indexTo else { continue }
                let (here, there) = text == .old ? (from, to) : (to, from)
                guard here >= 0, here < count else { continue }
                storage[here] = here
                storage[count + here] = there
            }
        }
        // Forward: the nearest at or before each index.
        var last = -1
        for i in 0..<count {
            if storage[i] == i { last = i } else { storage[i] = last }
        }
        // Backward: the nearer of the one before and the one after (a tie to the one before).
        var next = -1
        for i in stride(from: count - 1, through: 0, by: -1) {
            let before = storage[i]
            if before == i {
                next = i
                continue
            }
            if next >= 0, before < 0 || next - i < i - before { storage[i] = next }
        }
    }

    /// The anchor of glyph `i`: its index in this text and in the other one; nil
    /// when nothing persists or `i` lies outside the text (a malformed change).
    @inline(__always)
    func anchor(of i: Int) -> (here: Int, there: Int)? {
        guard i >= 0, i < count else { return nil }
        let here = slots[i]
        return here >= 0 ? (here, slots[count + here]) : nil
    }
}
