/// Open addressing from scalar values to glyph ids, for the glyphs that are one
/// scalar of `ScalarClass`: a lookup hashes an integer, never a `Character`.
///
/// Each slot is one word: (scalar value + 1) in the high half, the id in the
/// low half, 0 when empty.
struct ScalarTable {
    private var slots: [UInt64] = []
    private var count = 0
    private var shift: UInt32 = 32

    /// The id of a scalar, if it has one.
    @inline(__always)
    func id(of value: UInt32) -> Int32? {
        guard count > 0 else { return nil }
        let key = UInt64(value &+ 1) << 32
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
            while true {
                let entry = slots[slot]
                if entry & 0xFFFF_FFFF_0000_0000 == key { return Int32(truncatingIfNeeded: entry) }
                if entry == 0 { return nil }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Records a scalar's id (the scalar must not be in the table).
    mutating func insert(_ value: UInt32, id: Int32) {
        if 2 * (count + 1) > slots.count { grow() }
        Self.place(UInt64(value &+ 1) << 32 | UInt64(UInt32(bitPattern: id)), in: &slots, shift: shift)
        count += 1
    }

    private static func place(_ entry: UInt64, in slots: inout [UInt64], shift: UInt32) {
        let value = UInt32(truncatingIfNeeded: entry >> 32) &- 1
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = entry
        }
    }

    private mutating func grow() {
        let old = slots
        let size = max(64, slots.count * 2)
        slots = [UInt64](repeating: 0, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
        for entry in old where entry != 0 { Self.place(entry, in: &slots, shift: shift) }
    }
}
