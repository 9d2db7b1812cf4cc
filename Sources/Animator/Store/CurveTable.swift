/// The timing curves of a `MotionStore`, each with the absolute time it starts:
/// the one curve table. Sprites and tracks refer to entries by index; every
/// sprite and track on the same curve from the same start shares one entry, so
/// a frame evaluates a few hundred curves at most, however many sprites there
/// are. Entry 0 is "at rest": progress 1, no motion.
///
/// The planner finds (or adds) an entry for a (curve, start) pair with
/// `entry(_:start:)`: a plan uses few distinct curve values (the style's
/// spring, a fade or two, an effect's keyframes), kept in a short list and
/// compared by their numbers, so a `TimingCurve` is never hashed; the pair
/// (value, start in quanta) is then an integer key in a small open-addressing
/// index. Entries are counted by the records that use them and recycled when
/// none do; storage is kept, so planning allocates nothing once it has grown.
package struct CurveTable: Sendable {
    package private(set) var curves: [TimingCurve] = [.instant]
    /// Absolute start of each entry, in seconds.
    package private(set) var origins: [Double] = [0]
    private var references: [Int32] = [1]
    private var free: [Int32] = []
    /// The time of the last `update(at:)`.
    package private(set) var time = 0.0
    /// Samples at the time of the last `update(at:)`, by entry.
    package private(set) var samples: [TimingSample] = [CurveTable.restSample]

    // The plan being written: where its starts count from, and its index.
    private var planOrigin = 0.0
    private var values: [TimingCurve] = []
    /// Each value's duration, bit for bit: equal curves have equal durations.
    private var durations: [UInt64] = []
    /// Each value's numbers when it is held inline (see `fingerprint(_:)`).
    private var fingerprints: [Fingerprint?] = []
    private var lastValue = 0
    /// Key + 1 per slot (0: empty), and the entry beside it.
    private var keys: [UInt64] = []
    private var entries: [Int32] = []
    private var used = 0
    private var shift: UInt64 = 64
    /// Entries this plan added, to recycle those no sprite took.
    private var added: [Int32] = []

    /// The entry at rest.
    package static let restID: Int32 = 0

    /// The sample of the rest entry.
    package static let restSample = TimingSample(progress: 1, velocity: 0, carry: 0, carryVelocity: 0)

    /// Starts are rounded to this step (seconds) so that staggered sprites fall into
    /// shared groups: about 2 ms, under a quarter of a 120 Hz frame.
    package static let quantum = 1.0 / 480

    /// Rounds a time to the grouping step.
    @inlinable
    package static func quantize(_ time: Double) -> Double {
        (time / quantum).rounded() * quantum
    }

    package init() {}

    /// The number of entries in use (the rest entry included).
    package var liveCount: Int { curves.count - free.count }

    /// The number of entries, free ones included: the size of a sample buffer.
    package var count: Int { curves.count }

    // MARK: - Planning

    /// Starts the index of a new plan whose starts count from `origin` (absolute seconds).
    package mutating func beginPlan(origin: Double) {
        planOrigin = origin
        values.removeAll(keepingCapacity: true)
        durations.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        added.removeAll(keepingCapacity: true)
        lastValue = 0
        if used > 0 {
            for slot in keys.indices { keys[slot] = 0 }
            used = 0
        }
    }

    /// Recycles the entries the plan added that no sprite took.
    package mutating func endPlan() {
        for id in added where references[Int(id)] == 0 { recycle(id) }
        added.removeAll(keepingCapacity: true)
    }

    /// The entry of `curve` from `start` seconds after the plan's origin (rounded to
    /// `quantum`), added when new. The entry has no reference until `retain`.
    package mutating func entry(_ curve: TimingCurve, start: Double) -> Int32 {
        withUnsafePointer(to: curve) { entry($0, start: start) }
    }

    /// `entry(_:start:)` for a curve read in place: copying a curve retains what
    /// it holds, so it is copied only into a new entry.
    package mutating func entry(_ curve: UnsafePointer<TimingCurve>, start: Double) -> Int32 {
        let value = valueIndex(curve)
        let scaled = (start / Self.quantum).rounded()
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
        let entry = add(curve.pointee, origin: planOrigin + Double(ticks) * Self.quantum)
        added.append(entry)
        keys[slot] = key
        entries[slot] = entry
        used += 1
        return entry
    }

    /// A new entry for a curve started at `origin`, with no references yet. Its
    /// sample is taken at the next `update(at:)`.
    private mutating func add(_ curve: TimingCurve, origin: Double) -> Int32 {
        if let reused = free.popLast() {
            curves[Int(reused)] = curve
            origins[Int(reused)] = origin
            references[Int(reused)] = 0
            return reused
        }
        curves.append(curve)
        origins.append(origin)
        references.append(0)
        samples.append(Self.restSample)
        return Int32(curves.count - 1)
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
        // Equal values held differently (a keyframed or repeating curve in its own box).
        let duration = curve.pointee.duration.bitPattern
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

    private struct Fingerprint: Equatable, Sendable {
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

    // MARK: - References

    /// Takes one reference to an entry.
    @inline(__always)
    package mutating func retain(_ id: Int32) {
        if id != Self.restID { references[Int(id)] += 1 }
    }

    /// Gives back one reference; the entry is recycled when none are left. (An
    /// entry the plan being written added is taken before anything releases it:
    /// releases only ever reach entries of earlier plans.)
    @inline(__always)
    package mutating func release(_ id: Int32) {
        guard id != Self.restID else { return }
        let i = Int(id)
        references[i] -= 1
        if references[i] == 0 { recycle(id) }
    }

    private mutating func recycle(_ id: Int32) {
        curves[Int(id)] = .instant
        references[Int(id)] = -1
        free.append(id)
    }

    /// Forgets every entry but the rest entry, keeping the storage.
    package mutating func removeAll() {
        curves.removeSubrange(1...)
        origins.removeSubrange(1...)
        references.removeSubrange(1...)
        samples.removeSubrange(1...)
        free.removeAll(keepingCapacity: true)
        beginPlan(origin: 0)
    }

    // MARK: - Sampling

    /// Evaluates every live entry at `t` (absolute seconds).
    ///
    /// - Complexity: O(entries); allocation-free.
    package mutating func update(at t: Double) {
        time = t
        samples.withUnsafeMutableBufferPointer { out in
            Self.sample(curves: curves, origins: origins, references: references, at: t, into: out.baseAddress!)
        }
    }

    /// Evaluates every live entry at `t` into `out` (at least `count` long),
    /// without touching the table's own samples: for reading a plan.
    package func sample(at t: Double, into out: UnsafeMutablePointer<TimingSample>) {
        Self.sample(curves: curves, origins: origins, references: references, at: t, into: out)
    }

    /// Evaluates entry `id` at `t` into `out[id]`: for the few entries one sprite uses.
    @inline(__always)
    package func sample(_ id: Int32, at t: Double, into out: UnsafeMutablePointer<TimingSample>) {
        guard id != Self.restID else { return }
        out[Int(id)] = curves[Int(id)].sample(at: t - origins[Int(id)])
    }

    private static func sample(
        curves: [TimingCurve], origins: [Double], references: [Int32], at t: Double,
        into out: UnsafeMutablePointer<TimingSample>
    ) {
        out[0] = restSample
        curves.withUnsafeBufferPointer { curves in
            references.withUnsafeBufferPointer { references in
                origins.withUnsafeBufferPointer { origins in
                    for i in 1..<curves.count where references[i] > 0 {
                        out[i] = curves[i].sample(at: t - origins[i])
                    }
                }
            }
        }
    }
}
