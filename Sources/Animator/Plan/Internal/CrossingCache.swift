/// First crossings already solved while planning: the glyphs of a transition
/// share a few curves and levels (every leaving glyph's fade, every arrival's),
/// so each is solved once, by the curve's value in the store's curve table.
struct CrossingCache {
    private var values: [CurveValueID] = []
    private var levels: [Double] = []
    private var times: [Double?] = []

    /// The first time the curve of `value` reaches `level` (see
    /// `TimingCurve.firstTime(reaching:)`), solved once per curve and level.
    mutating func firstTime(_ value: CurveValueID, in curves: CurveTable, reaching level: Double) -> Double? {
        for i in values.indices where values[i] == value && levels[i].bitPattern == level.bitPattern { return times[i] }
        let time = curves.withCurve(value) { $0.pointee.firstTime(reaching: level) }
        // A handful is all a plan uses; beyond, each is solved (rare: many effects in one).
        if values.count < 16 {
            values.append(value)
            levels.append(level)
            times.append(time)
        }
        return time
    }

    /// `firstTime(_:in:reaching:)`, or the curve's duration when it never gets there.
    mutating func firstTimeOrEnd(_ value: CurveValueID, in curves: CurveTable, reaching level: Double) -> Double {
        firstTime(value, in: curves, reaching: level) ?? curves.duration(of: value)
    }
}
