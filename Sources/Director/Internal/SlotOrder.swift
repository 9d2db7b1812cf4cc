import Animator

/// Puts rows in slot order, the order the director hands sprites back to the
/// pool in.
struct SlotOrder {
    /// One bit per slot, zero between calls.
    private var bits: [UInt64] = []

    /// Puts `rows` (distinct rows) in slot order. Where the rows are many
    /// beside the highest slot (a label, a line), each sets its slot's bit and
    /// the bits are read back in order: O(n + slots / 64) with no comparison.
    /// Otherwise they are sorted.
    mutating func sort(_ rows: inout [RowID]) {
        guard rows.count > 1 else { return }
        var highest = 0, ordered = true
        for k in rows.indices {
            highest = max(highest, rows[k].slot)
            if k > 0 && rows[k - 1].slot > rows[k].slot { ordered = false }
        }
        guard !ordered else { return }
        let words = highest / 64 + 1
        guard words <= 2 * rows.count else { return rows.sortStably { $0.slot < $1.slot } }
        if bits.count < words { bits.append(contentsOf: repeatElement(0, count: words - bits.count)) }
        bits.withUnsafeMutableBufferPointer { bits in
            for row in rows {
                assert(bits[row.slot >> 6] & 1 << (row.slot & 63) == 0, "a row listed twice")
                bits[row.slot >> 6] |= 1 << (row.slot & 63)
            }
            rows.withUnsafeMutableBufferPointer { rows in
                var k = 0
                for w in 0..<words {
                    var word = bits[w]
                    bits[w] = 0
                    while word != 0 {
                        rows[k] = RowID(slot: w << 6 | word.trailingZeroBitCount)
                        k += 1
                        word &= word - 1
                    }
                }
            }
        }
    }
}
