/// The shapes of a store's shape sprites, by slot (`nil` for a glyph's slot).
///
/// A shape is large and few sprites are shapes, so each slot holds an index into
/// a dense list rather than an optional shape: a column of optional shapes cost a
/// whole shape per slot to make and to grow, which was a tenth of planning a
/// label on its own. A class, confined to its store like the store itself, so
/// that reading it from the store copies no arrays.
package final class ShapeColumn {
    /// By slot: the index of its shape in `rows`, or −1.
    // Unchecked exclusivity: the column is confined to its store's owner and
    // every access is momentary (no caller code runs during one). Checked, a
    // settled 40-glyph `setText` costs 267,000 instructions instead of 260,000.
    @usableFromInline @exclusivity(unchecked) var index: [Int32] = []
    @usableFromInline @exclusivity(unchecked) var rows: [ShapeRow] = []
    /// Indices of `rows` no slot uses.
    @exclusivity(unchecked) private var free: [Int32] = []

    package init() {}

    package subscript(slot: Int) -> ShapeRow? {
        @inlinable get {
            let i = index[slot]
            return i >= 0 ? rows[Int(i)] : nil
        }
        set {
            let i = index[slot]
            if let newValue {
                if i >= 0 {
                    rows[Int(i)] = newValue
                } else if let reused = free.popLast() {
                    rows[Int(reused)] = newValue
                    index[slot] = reused
                } else {
                    index[slot] = Int32(rows.count)
                    rows.append(newValue)
                }
            } else if i >= 0 {
                index[slot] = -1
                // The last row goes at once; another waits for the next shape.
                if Int(i) == rows.count - 1 { rows.removeLast() } else { free.append(i) }
            }
        }
    }

    /// Whether `slot` holds a shape (no copy of it).
    @inlinable
    package func contains(_ slot: Int) -> Bool { index[slot] >= 0 }

    /// The number of slots.
    package var count: Int { index.count }

    /// Adds `extra` slots without shapes.
    func grow(by extra: Int) {
        index.append(contentsOf: repeatElement(-1, count: extra))
    }

    /// Forgets every shape, keeping the slots and the storage.
    func removeAll() {
        for slot in index.indices { index[slot] = -1 }
        rows.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
    }
}
