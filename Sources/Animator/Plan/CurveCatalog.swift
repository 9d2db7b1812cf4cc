/// Finds a plan's curve entry for a (curve, start) pair, so sprites and tracks
/// on the same curve from the same start share one entry.
///
/// A plan uses few distinct curve values (the style's spring, a fade or two, an
/// effect's keyframes): they are kept in a short list and compared by value,
/// the last one matched first, so a `TimingCurve` is never hashed. The pair
/// (value, start in quanta) is then an integer key in a small open-addressing
/// table. Both are kept from plan to plan, so planning allocates nothing once
/// they have grown.
struct CurveCatalog: Sendable {
    private var values: [TimingCurve] = []
    private var lastValue = 0
    /// Key + 1 per slot (0: empty), and the curve entry beside it.
    private var keys: [UInt64] = []
    private var entries: [Int32] = []
    private var used = 0
    private var shift: UInt64 = 64

    /// Forgets every entry, keeping the storage.
    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        lastValue = 0
        if used > 0 {
            for slot in keys.indices { keys[slot] = 0 }
            used = 0
        }
    }

    /// The entry of `curve` from `start` (quantized) in `curves`, appended when new.
    mutating func entry(_ curve: TimingCurve, start: Double, in curves: inout [PlannedCurve]) -> Int32 {
        let value = valueIndex(curve)
        let ticks = Int64((start / PlannedCurve.quantum).rounded())
        let key = (UInt64(value) << 40 | UInt64(bitPattern: ticks) & 0xFF_FFFF_FFFF) &+ 1
        if 2 * (used + 1) > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let stored = keys[slot]
            if stored == key { return entries[slot] }
            if stored == 0 { break }
            slot = (slot &+ 1) & mask
        }
        let entry = Int32(curves.count)
        curves.append(PlannedCurve(curve: curve, start: Double(ticks) * PlannedCurve.quantum))
        keys[slot] = key
        entries[slot] = entry
        used += 1
        return entry
    }

    private mutating func valueIndex(_ curve: TimingCurve) -> Int {
        if lastValue < values.count && values[lastValue] == curve { return lastValue }
        for index in values.indices where values[index] == curve {
            lastValue = index
            return index
        }
        values.append(curve)
        lastValue = values.count - 1
        return lastValue
    }

    private mutating func grow() {
        let oldKeys = keys, oldEntries = entries
        let size = max(64, keys.count * 2)
        keys = [UInt64](repeating: 0, count: size)
        entries = [Int32](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for old in oldKeys.indices where oldKeys[old] != 0 {
            var slot = Int(truncatingIfNeeded: (oldKeys[old] &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[old]
            entries[slot] = oldEntries[old]
        }
    }
}
