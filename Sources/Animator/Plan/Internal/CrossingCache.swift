/// First crossings already solved while planning: the glyphs of a transition
/// share a few curves and levels (every leaving glyph's fade, every arrival's),
/// so each is solved once, by the curve's value in the store's curve table.
struct CrossingCache {
    private struct Solved {
        var value: CurveValueID
        var level: Double
        var time: Double?
    }

    /// A handful is all a plan uses; beyond, each is solved (rare: many effects in one).
    private static let capacity = 16
    /// In one list (one allocation, made with room for them all).
    private var solved: [Solved] = []

    /// The first time the curve of `value` reaches `level` (see
    /// `TimingCurve.firstTime(reaching:)`), solved once per curve and level.
    mutating func firstTime(_ value: CurveValueID, in curves: CurveTable, reaching level: Double) -> Double? {
        for s in solved where s.value == value && s.level.bitPattern == level.bitPattern { return s.time }
        let time = curves.withCurve(value) { $0.pointee.firstTime(reaching: level) }
        if solved.count < Self.capacity {
            if solved.isEmpty { solved.reserveCapacity(Self.capacity) }
            solved.append(Solved(value: value, level: level, time: time))
        }
        return time
    }

    /// Forgets every crossing (a new plan's curve values are not the last one's), keeping the storage.
    mutating func removeAll() { solved.removeAll(keepingCapacity: true) }

    /// `firstTime(_:in:reaching:)`, or the curve's duration when it never gets there.
    mutating func firstTimeOrEnd(_ value: CurveValueID, in curves: CurveTable, reaching level: Double) -> Double {
        firstTime(value, in: curves, reaching: level) ?? curves.duration(of: value)
    }
}
