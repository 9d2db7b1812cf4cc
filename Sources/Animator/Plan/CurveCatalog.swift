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
    /// Each value's duration, bit for bit: equal curves have equal durations, so only
    /// values with the same one are compared in full.
    private var durations: [UInt64] = []
    /// Each value's numbers when it is held inline (see `fingerprint(_:)`).
    private var fingerprints: [Fingerprint?] = []
    private var lastValue = 0
    /// Key + 1 per slot (0: empty), and the curve entry beside it.
    private var keys: [UInt64] = []
    private var entries: [Int32] = []
    private var used = 0
    private var shift: UInt64 = 64

    /// Forgets every entry, keeping the storage.
    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        durations.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        lastValue = 0
        if used > 0 {
            for slot in keys.indices { keys[slot] = 0 }
            used = 0
        }
    }

    /// The entry of `curve` from `start` (quantized) in `curves`, appended when new.
    mutating func entry(_ curve: TimingCurve, start: Double, in curves: inout [PlannedCurve]) -> Int32 {
        withUnsafePointer(to: curve) { entry($0, start: start, in: &curves) }
    }

    /// `entry(_:start:in:)` for a curve read in place: copying a curve retains
    /// what it holds, so it is copied only into a new entry.
    mutating func entry(_ curve: UnsafePointer<TimingCurve>, start: Double, in curves: inout [PlannedCurve]) -> Int32 {
        let value = valueIndex(curve)
        let scaled = (start / PlannedCurve.quantum).rounded()
        let ticks = scaled.isFinite && abs(scaled) < 1e15 ? Int64(scaled) : 0
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
        curves.append(PlannedCurve(curve: curve.pointee, start: Double(ticks) * PlannedCurve.quantum))
        keys[slot] = key
        entries[slot] = entry
        used += 1
        return entry
    }

    private mutating func valueIndex(_ curve: UnsafePointer<TimingCurve>) -> Int {
        // The same value again (most glyphs of a plan share their curves): equal
        // bits are equal curves, and comparing them costs no copy.
        let found = values.withUnsafeBufferPointer { values -> Int? in
            if lastValue < values.count && Self.sameBits(values.baseAddress! + lastValue, curve) { return lastValue }
            for index in values.indices where Self.sameBits(values.baseAddress! + index, curve) { return index }
            return nil
        }
        if let found {
            lastValue = found
            return found
        }
        // Equal values held differently (a keyframed or repeating curve in its own box):
        // compared in place, without copying either.
        let duration = curve.pointee.duration.bitPattern
        // Curves held inline (instant, Bézier, spring) compare by their numbers; only
        // boxed ones (keyframes, dual-phase, repeating) are compared in full.
        let print = Self.fingerprint(curve)
        let equal = values.withUnsafeBufferPointer { values -> Int? in
            for index in values.indices where durations[index] == duration {
                if let print {
                    if fingerprints[index] == print { return index }
                } else if fingerprints[index] == nil && values[index] == curve.pointee {
                    return index
                }
            }
            return nil
        }
        if let equal {
            lastValue = equal
            return equal
        }
        values.append(curve.pointee)
        durations.append(duration)
        fingerprints.append(print)
        lastValue = values.count - 1
        return lastValue
    }

    /// The numbers that make an inline curve (instant, Bézier, spring) what it
    /// is, or nil for a boxed one. Two inline curves are equal when these are.
    private static func fingerprint(_ curve: UnsafePointer<TimingCurve>) -> Fingerprint? {
        switch curve.pointee.kind {
        case .instant:
            return Fingerprint(kind: 0, a: 0, b: 0, c: 0, d: 0, e: 0)
        case .bezier(let b, let duration):
            return Fingerprint(
                kind: 1, a: b.x1.bitPattern, b: b.y1.bitPattern, c: b.x2.bitPattern, d: b.y2.bitPattern,
                e: duration.bitPattern)
        case .spring(let s):
            return Fingerprint(
                kind: 2, a: s.mass.bitPattern, b: s.stiffness.bitPattern, c: s.damping.bitPattern,
                d: s.initialVelocity.bitPattern, e: 0)
        case .dualPhase, .keyframes, .repeating:
            return nil
        }
    }

    struct Fingerprint: Equatable, Sendable {
        var kind: UInt8
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64, e: UInt64
    }

    @inline(__always)
    private static func sameBits(_ a: UnsafePointer<TimingCurve>, _ b: UnsafePointer<TimingCurve>) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        let size = MemoryLayout<TimingCurve>.size
        var offset = 0
        while offset + 8 <= size {
            if x.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != y.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < size {
            if x.load(fromByteOffset: offset, as: UInt8.self) != y.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
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
