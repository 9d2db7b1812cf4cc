import Animator

/// The timing curves live sprites follow, each with the absolute time it
/// started, evaluated once per frame and shared by every sprite and track that
/// follows it.
///
/// This is the Director's grouping: a plan arrives with its curves already
/// shared by (curve, start), and each becomes one entry here, counted by the
/// records that use it; a frame evaluates a few hundred curves at most,
/// however many sprites there are. Entry 0 is "at rest": progress 1, no motion.
/// Entries are found by index, never by hashing a curve.
struct CurveTable {
    private(set) var curves: [TimingCurve] = [.instant]
    private(set) var origins: [Double] = [0]
    private var references: [Int32] = [1]
    private var free: [Int32] = []
    /// The time of the last `update(at:)`.
    private(set) var time = 0.0
    /// Samples at the time of the last `update(at:)`, by entry.
    private(set) var samples: [TimingSample] = [PlannedCurve.restSample]

    static let restID: Int32 = 0

    /// The number of entries in use (the rest entry included).
    var liveCount: Int { curves.count - free.count }

    /// A new entry for a curve started at `origin`, with no references yet. Its
    /// sample is taken at the next `update(at:)`, which comes before any read.
    mutating func add(_ curve: TimingCurve, origin: Double) -> Int32 {
        let id: Int32
        if let reused = free.popLast() {
            id = reused
            curves[Int(id)] = curve
            origins[Int(id)] = origin
            references[Int(id)] = 0
        } else {
            id = Int32(curves.count)
            curves.append(curve)
            origins.append(origin)
            references.append(0)
            samples.append(PlannedCurve.restSample)
        }
        return id
    }

    /// Takes one reference to an entry.
    @inline(__always)
    mutating func retain(_ id: Int32) {
        if id != Self.restID { references[Int(id)] += 1 }
    }

    /// Gives back one reference; the entry is recycled when none are left.
    @inline(__always)
    mutating func release(_ id: Int32) {
        guard id != Self.restID else { return }
        let i = Int(id)
        references[i] -= 1
        if references[i] == 0 { recycle(id) }
    }

    /// Recycles an entry no record took (a plan's curve no sprite kept).
    mutating func releaseIfUnused(_ id: Int32) {
        if id != Self.restID && references[Int(id)] == 0 { recycle(id) }
    }

    private mutating func recycle(_ id: Int32) {
        curves[Int(id)] = .instant
        references[Int(id)] = -1
        free.append(id)
    }

    /// Evaluates every live entry at `t`.
    ///
    /// - Complexity: O(entries); allocation-free.
    mutating func update(at t: Double) {
        time = t
        samples.withUnsafeMutableBufferPointer { out in
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
}
