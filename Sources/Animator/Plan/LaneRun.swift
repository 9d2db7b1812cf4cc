/// A run of persisting glyphs (consecutive in both texts) as the lanes see it:
/// its span along the line in the old layout and the new, and its line in both.
/// Runs that pass one another on a line take lanes a line apart.
struct LaneRun {
    var oldLow: Double, oldHigh: Double, newLow: Double, newHigh: Double
    var oldY: Double, newY: Double, height: Double

    /// The run whose first and last glyphs have boxes `a0`, `a1` in the old layout and `b0`, `b1` in the new.
    init(old a0: Rect, _ a1: Rect, new b0: Rect, _ b1: Rect) {
        oldLow = min(a0.minX, a1.minX)
        oldHigh = max(a0.maxX, a1.maxX)
        newLow = min(b0.minX, b1.minX)
        newHigh = max(b0.maxX, b1.maxX)
        oldY = a0.midY
        newY = b0.midY
        height = max(a0.height, b0.height)
    }

    /// How far its middle moves along the line.
    var shift: Double { (newLow + newHigh - oldLow - oldHigh) / 2 }

    /// Whether it and `b` pass each other: both stay on one line, the same one, their order flipped.
    func passes(_ b: LaneRun) -> Bool {
        guard abs(oldY - newY) < 0.5 * height, abs(b.oldY - b.newY) < 0.5 * b.height, abs(b.oldY - oldY) < 0.5 * height
        else { return false }
        return (oldLow + oldHigh < b.oldLow + b.oldHigh) != (newLow + newHigh < b.newLow + b.newHigh)
    }

    /// Each run's lane in half lines (0 the line itself; negative above), given out
    /// from the shortest move on so that runs that pass each other are a whole line
    /// apart; a run that stays, or passes none, is on the line. Nil for more than
    /// 256 runs (the pairs would cost more than the lanes are worth).
    static func lanes(of runs: [LaneRun]) -> [Int8]? {
        guard runs.count <= 256 else { return nil }
        var lane = [Int8?](repeating: nil, count: runs.count)
        for i in runs.indices where abs(runs[i].shift) <= 1e-9 { lane[i] = 0 }
        let order = runs.indices.filter { lane[$0] == nil }.sorted {
            let a = abs(runs[$0].shift), b = abs(runs[$1].shift)
            return a != b ? a < b : $0 < $1
        }
        for i in order {
            let partners = runs.indices.filter { $0 != i && runs[i].passes(runs[$0]) }
            guard !partners.isEmpty else { continue }
            let up: Int8 = runs[i].shift > 0 ? -1 : 1
            for candidate in [up, -up, 3 * up, -3 * up, 5 * up] {
                if partners.allSatisfy({ j in lane[j].map { abs(Int($0) - Int(candidate)) >= 2 } ?? true }) {
                    lane[i] = candidate
                    break
                }
            }
        }
        return lane.map { $0 ?? 0 }
    }
}
