import LegacyAnimator

/// A histogram of how long `frame(at:)` took, in power-of-two buckets of nanoseconds.
///
/// Opt-in (`TransitionDirector.enableHeatMap`), because measuring means reading
/// a clock, which the engine otherwise never does.
public struct FrameHeatMap: Hashable, Sendable {
    /// `counts[k]` frames took less than `upperBounds[k]` nanoseconds (and at least the bound before).
    public var counts: [Int]
    /// Bucket upper bounds in nanoseconds: 1 µs, 2 µs, 4 µs, … 2²⁸ µs… the last is unbounded.
    public var upperBounds: [UInt64]
    /// Frames measured.
    public var frames: Int { counts.reduce(0, +) }

    public init() {
        upperBounds = (0..<24).map { UInt64(1_000) << UInt64($0) }
        upperBounds[upperBounds.count - 1] = .max
        counts = [Int](repeating: 0, count: upperBounds.count)
    }

    /// Counts one frame that took `nanoseconds`.
    public mutating func record(_ nanoseconds: UInt64) {
        var k = 0
        while nanoseconds >= upperBounds[k] && k < upperBounds.count - 1 { k += 1 }
        counts[k] += 1
    }

    /// The upper bound of the bucket holding the `p`-quantile (0…1) of frame costs, or nil when empty.
    public func quantileBound(_ p: Double) -> UInt64? {
        let total = frames
        guard total > 0 else { return nil }
        let rank = Int((Double(total) * min(max(p, 0), 1)).rounded(.up))
        var seen = 0
        for (k, c) in counts.enumerated() {
            seen += c
            if seen >= max(rank, 1) { return upperBounds[k] }
        }
        return upperBounds.last
    }
}

/// Holds the clock and the histogram while the heat map is on.
final class HeatMapRecorder {
    let clock: () -> UInt64
    var map = FrameHeatMap()

    init(clock: @escaping () -> UInt64) {
        self.clock = clock
    }

    func record(_ nanoseconds: UInt64) {
        map.record(nanoseconds)
    }
}

extension TransitionDirector {
    /// Starts measuring every `frame(at:)` into a heat map.
    ///
    /// - Parameter clock: nanoseconds from a monotonic clock; nil for the system's.
    public func enableHeatMap(clock: (() -> UInt64)? = nil) {
        heat = HeatMapRecorder(clock: clock ?? { monotonicNanoseconds() })
    }

    /// Stops measuring; the heat map collected so far is returned.
    @discardableResult
    public func disableHeatMap() -> FrameHeatMap? {
        defer { heat = nil }
        return heat?.map
    }

    /// The frame-cost histogram so far, when the heat map is on.
    public var heatMap: FrameHeatMap? { heat?.map }
}
