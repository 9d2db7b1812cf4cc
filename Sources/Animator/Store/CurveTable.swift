/// The timing curves of a `MotionStore`, each with the absolute time it starts:
/// the one curve table. Sprites and tracks refer to entries (`CurveID`); every
/// sprite and track on the same curve from the same start shares one entry, so
/// a frame evaluates a few hundred curves at most, however many sprites there
/// are. Entry 0 is "at rest": progress 1, no motion.
///
/// Two levels keep planning cheap. A transition uses few distinct curve
/// values (the style's spring, a fade or two, an effect's keyframes): the
/// planner registers each once per template (`value(_:)`, found by its
/// numbers; a `TimingCurve` is never hashed) and refers to it by its
/// `CurveValueID`. An entry is a value and a start, plain numbers, so a
/// staggered glyph's entry copies no curve; while a plan is written, the pair
/// (value, start in quanta) is an integer key in a small open-addressing index.
/// Values and entries are counted by what uses them and recycled when nothing
/// does; storage is kept, so planning allocates nothing once it has grown.
package final class CurveTable {
    // A class, so that calling into the table never copies its arrays: the
    // planner calls it per glyph. Its state sits behind one pointer the table
    // owns (`state`, read and written through addressors): the planner
    // writes it per glyph, and the dynamic exclusivity checks of stored class
    // properties were a third of planning (measured with callgrind on the
    // label's `setText`). The table is confined to its store's owner and its
    // methods make momentary accesses only. The columns of plain numbers are
    // `Column`s, which an array's copy-on-write check would slow the same way.
    private struct State {
        /// The distinct curve values; the value of a free slot is `.instant`.
        /// Room for a plan's few up front: grown from the one literal, a fresh
        /// table copied its curves three times over.
        var values: [TimingCurve] = {
            var values: [TimingCurve] = []
            values.reserveCapacity(8)
            values.append(.instant)
            return values
        }()
        /// Per value: the entries that use it (−1: free), its duration's bits and
        /// its initial velocity (what a sprite continued in motion asks of it).
        var valueUses = Column<Int32>(1)
        var valueDurations = Column<UInt64>(0)
        var valueSlopes = Column<Double>(0)
        var freeValues = Column<Int32>()

        /// Per entry: its value, its absolute start, the records that use it.
        var entryValues = Column<Int32>(0)
        var originColumn = Column<Double>(0)
        var references = Column<Int32>(1)
        var free = Column<Int32>()
        /// The time of the last `update(at:)`.
        var time = 0.0
        /// Samples at the time of the last `update(at:)`, by entry.
        var samples = Column<TimingSample>(CurveTable.restSample)

        // The plan being written: where its starts count from, and its index.
        var planOrigin = 0.0
        /// Key + 1 per slot (0: empty), and the entry beside it.
        var keys = Column<UInt64>()
        var entries = Column<Int32>()
        var used = 0
        /// Whether a plan is under way (between `beginPlan` and `endPlan`):
        /// the index is consulted, and must name live entries, only then.
        var planning = false
        var shift: UInt64 = 64
        /// Entries this plan added, to recycle those no sprite took.
        var added = Column<Int32>()

        func deallocate() {
            valueUses.deallocate()
            valueDurations.deallocate()
            valueSlopes.deallocate()
            freeValues.deallocate()
            entryValues.deallocate()
            originColumn.deallocate()
            references.deallocate()
            free.deallocate()
            samples.deallocate()
            keys.deallocate()
            entries.deallocate()
            added.deallocate()
        }
    }

    private let storage: UnsafeMutablePointer<State>

    /// The table's state, in place.
    private var state: State {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

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

    package init() {
        storage = .owning(State())
    }

    deinit {
        storage.pointee.deallocate()
        storage.free()
    }

    /// The time of the last `update(at:)`.
    package var time: Double { state.time }

    /// The samples at the time of the last `update(at:)`, by entry (at least `count` of them).
    package var samples: UnsafePointer<TimingSample> { UnsafePointer(state.samples.base) }

    /// The absolute start of an entry, in seconds.
    @inline(__always)
    package func origin(of id: CurveID) -> Double { state.originColumn[id.index] }

    /// The number of entries in use (the rest entry included).
    package var liveCount: Int { state.entryValues.count - state.free.count }

    /// The number of entries, free ones included: the size of a sample buffer.
    package var count: Int { state.entryValues.count }

    /// The curve of entry `id`.
    package subscript(id: CurveID) -> TimingCurve {
        state.values[Int(state.entryValues[id.index])]
    }

    /// The value of entry `id`.
    @inline(__always)
    package func value(of id: CurveID) -> CurveValueID { CurveValueID(raw: state.entryValues[id.index]) }

    /// The curve of value `id`.
    package subscript(value id: CurveValueID) -> TimingCurve {
        state.values[id.index]
    }

    /// Calls `body` with the curve of value `id` in place (no copy).
    @inline(__always)
    package func withCurve<R>(_ id: CurveValueID, _ body: (UnsafePointer<TimingCurve>) -> R) -> R {
        state.values.withUnsafeBufferPointer { body($0.baseAddress! + id.index) }
    }

    /// The duration of value `id`.
    @inline(__always)
    package func duration(of id: CurveValueID) -> Double { Double(bitPattern: state.valueDurations[id.index]) }

    /// The initial velocity of value `id` (`TimingCurve.initialVelocity`).
    @inline(__always)
    package func initialVelocity(of id: CurveValueID) -> Double { state.valueSlopes[id.index] }

    // MARK: - Planning

    /// Starts the index of a new plan whose starts count from `origin` (absolute
    /// seconds), sized for about `expected` entries so that it need not grow.
    package func beginPlan(origin: Double, expecting expected: Int = 0) {
        state.planOrigin = origin
        state.planning = true
        state.added.truncate(to: 0)
        // A power of two at least twice the entries (the index is at most half full),
        // no larger: after a long text's plan, a word's plan empties a word's index.
        let size = expected > 0 ? max(1 << (Int.bitWidth - (2 * expected + 1).leadingZeroBitCount), 64) : state.keys.count
        if size != state.keys.count || state.used > 0 {
            emptyIndex(size: size)
        }
        // Room for the entries up front (a fresh table's columns would grow step by step).
        let entries = state.entryValues.count - state.free.count + expected
        state.entryValues.reserve(entries)
        state.originColumn.reserve(entries)
        state.references.reserve(entries)
        state.samples.reserve(entries)
        state.added.reserve(expected)
    }

    /// Makes the index `size` slots (at least 64), all empty.
    private func emptyIndex(size: Int) {
        let size = max(size, 64)
        state.keys.reset(repeating: 0, count: size)
        state.entries.reset(repeating: 0, count: size)
        state.shift = UInt64(64 - size.trailingZeroBitCount)
        state.used = 0
    }

    /// Recycles the entries the plan added that no sprite took, and lets go of
    /// the values no entry uses.
    ///
    /// - Complexity: O(entries added + values).
    package func endPlan() {
        state.planning = false
        for k in state.added.indices where state.references[Int(state.added[k])] == 0 { recycle(state.added[k]) }
        state.added.truncate(to: 0)
        for v in 1..<state.valueUses.count where state.valueUses[v] == 0 { freeValue(v) }
    }

    /// The value slot of `curve`, added when it is new: a template's curves
    /// are registered once per plan and referred to by their value from then on.
    /// A value nothing uses by the end of the plan is let go.
    package func value(_ curve: TimingCurve) -> CurveValueID {
        withUnsafePointer(to: curve) { value($0) }
    }

    /// `value(_:)` for a curve read in place.
    package func value(_ curve: UnsafePointer<TimingCurve>) -> CurveValueID {
        let duration = curve.pointee.duration.bitPattern
        let uses = state.valueUses, durations = state.valueDurations
        let found = state.values.withUnsafeBufferPointer { values -> Int? in
            values.indices.first {
                uses[$0] >= 0 && durations[$0] == duration && TimingCurve.sameCurve(values.baseAddress! + $0, curve)
            }
        }
        if let found { return CurveValueID(raw: Int32(found)) }
        let index: Int
        if let reused = state.freeValues.popLast() {
            index = Int(reused)
            state.values[index] = curve.pointee
            state.valueUses[index] = 0
            state.valueDurations[index] = duration
            state.valueSlopes[index] = curve.pointee.initialVelocity
        } else {
            index = state.values.count
            state.values.append(curve.pointee)
            state.valueUses.append(0)
            state.valueDurations.append(duration)
            state.valueSlopes.append(curve.pointee.initialVelocity)
        }
        return CurveValueID(raw: Int32(index))
    }

    /// The entry of value `value` from `start` seconds after the plan's origin
    /// (rounded to `quantum`), added when new. The entry has no reference until `retain`.
    @inline(__always)
    package func entry(_ value: CurveValueID, start: Double) -> CurveID {
        let ticks = Self.ticks(start)
        let key = (UInt64(value.index) << 40 | UInt64(bitPattern: ticks) & 0xFF_FFFF_FFFF) &+ 1
        if 2 * (state.used + 1) > state.keys.count { grow() }
        let mask = state.keys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> state.shift)
        while true {
            let stored = state.keys[slot]
            if stored == key { return CurveID(raw: state.entries[slot]) }
            if stored == 0 { break }
            slot = (slot &+ 1) & mask
        }
        let entry = add(value: value.raw, origin: origin(ticks: ticks))
        state.added.append(entry)
        state.keys[slot] = key
        state.entries[slot] = entry
        state.used += 1
        return CurveID(raw: entry)
    }

    /// Where an entry started `start` seconds after the plan's origin starts,
    /// on the store's clock: what `origin(of: entry(value, start: start))`
    /// reads, for any value, without adding an entry.
    @inline(__always)
    package func origin(ofStart start: Double) -> Double { origin(ticks: Self.ticks(start)) }

    /// `start` in steps of `quantum` (0 for a start that is not a number or out of range).
    @inline(__always)
    private static func ticks(_ start: Double) -> Int64 {
        let scaled = (start / quantum).rounded()
        return scaled.isFinite && abs(scaled) < 1e15 ? Int64(scaled) : 0
    }

    @inline(__always)
    private func origin(ticks: Int64) -> Double { state.planOrigin + Double(ticks) * Self.quantum }

    /// `entry(_:start:)` for a curve not registered yet.
    package func entry(_ curve: TimingCurve, start: Double) -> CurveID {
        entry(value(curve), start: start)
    }

    /// A new entry of a value started at `origin`, with no references yet. Its
    /// sample is taken at the next `update(at:)`.
    private func add(value: Int32, origin: Double) -> Int32 {
        state.valueUses[Int(value)] += 1
        if let reused = state.free.popLast() {
            state.entryValues[Int(reused)] = value
            state.originColumn[Int(reused)] = origin
            state.references[Int(reused)] = 0
            return reused
        }
        state.entryValues.append(value)
        state.originColumn.append(origin)
        state.references.append(0)
        state.samples.append(Self.restSample)
        return Int32(state.entryValues.count - 1)
    }

    private func grow() {
        let oldKeys = Array(UnsafeBufferPointer(start: state.keys.base, count: state.keys.count))
        let oldEntries = Array(UnsafeBufferPointer(start: state.entries.base, count: state.entries.count))
        let kept = state.used
        emptyIndex(size: state.keys.count * 2)
        state.used = kept
        let mask = state.keys.count - 1
        for old in oldKeys.indices where oldKeys[old] != 0 {
            var slot = Int(truncatingIfNeeded: (oldKeys[old] &* 0x9E37_79B9_7F4A_7C15) >> state.shift)
            while state.keys[slot] != 0 { slot = (slot + 1) & mask }
            state.keys[slot] = oldKeys[old]
            state.entries[slot] = oldEntries[old]
        }
    }

    // MARK: - References

    /// Takes one reference to an entry.
    @inline(__always)
    package func retain(_ id: CurveID) {
        if !id.isRest { state.references[id.index] += 1 }
    }

    /// Gives back one reference; the entry is recycled when none are left. (An
    /// entry the plan being written added is taken before anything releases it:
    /// releases only ever reach entries of earlier plans.)
    @inline(__always)
    package func release(_ id: CurveID) {
        guard !id.isRest else { return }
        let i = id.index
        state.references[i] -= 1
        if state.references[i] == 0 { recycle(id.raw) }
    }

    private func recycle(_ id: Int32) {
        let value = Int(state.entryValues[Int(id)])
        state.references[Int(id)] = -1
        state.entryValues[Int(id)] = 0
        state.free.append(id)
        // A value no entry uses any more is let go at the end of the next plan
        // (a plan under way may still name it).
        state.valueUses[value] -= 1
    }

    /// Frees a value slot no entry uses.
    private func freeValue(_ value: Int) {
        state.values[value] = .instant
        state.valueUses[value] = -1
        state.freeValues.append(Int32(value))
    }

    /// Forgets every entry but the rest entry, keeping the storage.
    package func removeAll() {
        state.values.removeSubrange(1...)
        state.valueUses.truncate(to: 1)
        state.valueDurations.truncate(to: 1)
        state.valueSlopes.truncate(to: 1)
        state.freeValues.truncate(to: 0)
        state.entryValues.truncate(to: 1)
        state.originColumn.truncate(to: 1)
        state.references.truncate(to: 1)
        state.samples.truncate(to: 1)
        state.free.truncate(to: 0)
        beginPlan(origin: 0)
    }

    // MARK: - Sampling

    /// Evaluates every live entry at `t` (absolute seconds).
    ///
    /// - Complexity: O(entries); allocation-free.
    package func update(at t: Double) {
        state.time = t
        sample(at: t, into: state.samples.base)
    }

    /// Evaluates every live entry at `t` into `out` (at least `count` long),
    /// without touching the table's own samples: for reading a plan.
    package func sample(at t: Double, into out: UnsafeMutablePointer<TimingSample>) {
        out[0] = Self.restSample
        let entryValues = state.entryValues.base, references = state.references.base, origins = state.originColumn.base
        let count = state.entryValues.count
        state.values.withUnsafeBufferPointer { values in
            let values = values.baseAddress!
            for i in 1..<count where references[i] > 0 {
                out[i] = TimingCurve.sample(values + Int(entryValues[i]), at: t - origins[i])
            }
        }
    }

    /// Evaluates entry `id` at `t` into `out[id]`: for the few entries one sprite uses.
    @inline(__always)
    package func sample(_ id: CurveID, at t: Double, into out: UnsafeMutablePointer<TimingSample>) {
        guard !id.isRest else { return }
        out[id.index] = withCurve(value(of: id)) { TimingCurve.sample($0, at: t - state.originColumn[id.index]) }
    }

    /// Entry `id`'s sample at `t`, computed on its own.
    @inline(__always)
    package func sample(_ id: CurveID, at t: Double) -> TimingSample {
        guard !id.isRest else { return Self.restSample }
        return withCurve(value(of: id)) { TimingCurve.sample($0, at: t - state.originColumn[id.index]) }
    }

    /// Checks the table's counts: each live value's uses are the live entries
    /// on it, each free slot is on a free list, and, while a plan is under way,
    /// its index names only live entries (between plans the index is stale:
    /// exits that end recycle entries, and the next plan empties it).
    package func checkInvariants() {
        var uses = [Int32](repeating: 0, count: state.values.count)
        for e in 1..<state.entryValues.count where state.references[e] >= 0 { uses[Int(state.entryValues[e])] += 1 }
        for v in 1..<state.values.count where state.valueUses[v] >= 0 {
            precondition(uses[v] == state.valueUses[v], "CurveTable: value \(v) counts \(state.valueUses[v]) uses, has \(uses[v])")
        }
        for k in state.free.indices { precondition(state.references[Int(state.free[k])] == -1, "CurveTable: state.free entry \(state.free[k]) in use") }
        for slot in state.keys.indices where state.planning && state.keys[slot] != 0 {
            precondition(state.references[Int(state.entries[slot])] >= 0, "CurveTable: the plan's index names a state.free entry")
        }
    }
}
