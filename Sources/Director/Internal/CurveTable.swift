import Animator

/// The timing curves live sprites follow, each with the absolute time it
/// started, evaluated once per frame and shared by every sprite that follows it.
///
/// This is the Director's grouping: a transition's sprites are batched by
/// (curve, start time), so a frame evaluates a few hundred curves at most,
/// however many sprites there are. Entry 0 is "at rest": progress 1, no motion.
struct CurveTable {
    /// Delays are rounded to this step (seconds) so that staggered sprites fall into
    /// shared groups: about 2 ms, under a quarter of a 120 Hz frame.
    static let delayQuantum = 1.0 / 480

    struct Key: Hashable {
        var curve: TimingCurve
        var origin: Double
    }

    private(set) var curves: [TimingCurve] = [.instant]
    private(set) var origins: [Double] = [0]
    private var references: [Int] = [1]
    private var free: [Int32] = []
    private var lookup: [Key: Int32] = [:]
    /// The time of the last `update(at:)`.
    private(set) var time = 0.0
    /// Samples at the time of the last `update(at:)`, by entry.
    private(set) var samples: [TimingSample] = [Self.rest]

    static let rest = TimingSample(progress: 1, velocity: 0, carry: 0, carryVelocity: 0)
    static let restID: Int32 = 0

    /// The number of entries in use (the rest entry included).
    var liveCount: Int { curves.count - free.count }

    /// The entry for a curve started at `origin`, shared when one exists.
    mutating func acquire(_ curve: TimingCurve, origin: Double) -> Int32 {
        let key = Key(curve: curve, origin: origin)
        if let id = lookup[key] {
            references[Int(id)] += 1
            return id
        }
        let id: Int32
        if let reused = free.popLast() {
            id = reused
            curves[Int(id)] = curve
            origins[Int(id)] = origin
            references[Int(id)] = 1
            samples[Int(id)] = Self.rest
        } else {
            id = Int32(curves.count)
            curves.append(curve)
            origins.append(origin)
            references.append(1)
            samples.append(Self.rest)
        }
        lookup[key] = id
        return id
    }

    /// Gives back one reference; the entry is recycled when none are left.
    mutating func release(_ id: Int32) {
        guard id != Self.restID else { return }
        let i = Int(id)
        references[i] -= 1
        if references[i] == 0 {
            lookup[Key(curve: curves[i], origin: origins[i])] = nil
            curves[i] = .instant
            free.append(id)
        }
    }

    /// Evaluates every live entry at `t`.
    ///
    /// - Complexity: O(entries); allocation-free.
    mutating func update(at t: Double) {
        time = t
        samples.withUnsafeMutableBufferPointer { out in
            curves.withUnsafeBufferPointer { curves in
                references.withUnsafeBufferPointer { references in
                    for i in 1..<curves.count where references[i] > 0 {
                        out[i] = curves[i].sample(at: t - origins[i])
                    }
                }
            }
        }
    }

    /// Rounds a delay to the grouping step.
    static func quantize(_ delay: Double) -> Double {
        (delay / delayQuantum).rounded() * delayQuantum
    }
}
