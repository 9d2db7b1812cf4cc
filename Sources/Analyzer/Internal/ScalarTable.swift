/// Open addressing from scalar values to glyph ids, for the glyphs that are one
/// scalar of `ScalarClass`: a lookup hashes an integer, never a `Character`.
struct ScalarTable {
    /// Scalar value + 1 per slot (0: empty), and the id beside it.
    private var keys: [UInt32] = []
    private var values: [Int32] = []
    private var count = 0
    private var shift: UInt32 = 32

    /// The id of a scalar, if it has one.
    @inline(__always)
    func id(of value: UInt32) -> Int32? {
        guard count > 0 else { return nil }
        return keys.withUnsafeBufferPointer { keys in
            let mask = keys.count &- 1
            var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
            while true {
                let key = keys[slot]
                if key == value &+ 1 { return values[slot] }
                if key == 0 { return nil }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Records a scalar's id (the scalar must not be in the table).
    mutating func insert(_ value: UInt32, id: Int32) {
        if 2 * (count + 1) > keys.count { grow() }
        place(value, id: id)
        count += 1
    }

    private mutating func place(_ value: UInt32, id: Int32) {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> shift)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = value &+ 1
        values[slot] = id
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let size = max(64, keys.count * 2)
        keys = [UInt32](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
        for slot in oldKeys.indices where oldKeys[slot] != 0 { place(oldKeys[slot] &- 1, id: oldValues[slot]) }
    }
}
