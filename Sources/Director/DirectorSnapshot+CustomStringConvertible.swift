import Analyzer
import Pool

extension DirectorSnapshot: CustomStringConvertible {
    /// The snapshot for people: the running transition, the counts, then a table
    /// of the sprites, e.g.
    ///
    ///     Director: transition 2 to "Action Sent", 0.000 s → 0.732 s, not looping
    ///       11 live sprites, 3 curve groups; pool capacity 64, in use 11, high water 16, 0 growths
    ///       id  glyph  role        start    settle   curve
    ///        4  "A"    persisting  0.000 s  0.454 s  spring(m 1, k 350, c 30)
    public var description: String {
        var lines: [String] = []
        if let running = activeTransition {
            lines.append(
                "Director: transition \(running.serial) to \(running.text.debugDescription), \(seconds(running.start)) → "
                    + "\(seconds(running.end)), \(running.looping ? "looping" : "not looping")")
        } else {
            lines.append("Director at rest")
        }
        lines.append(
            "  \(liveSprites) live sprites, \(curveGroups) curve groups; pool capacity \(pool.capacity), in use "
                + "\(pool.inUse), high water \(pool.highWater), \(pool.growths) growths")
        if let legibility {
            lines.append("  legibility: this transition \(legibility.transition); in all \(legibility.total)")
        }
        lines.append("  id  glyph  role        start    settle   curve")
        for glyph in glyphs { lines.append(glyph.description) }
        return lines.joined(separator: "\n")
    }
}

extension DirectorSnapshot.GlyphTiming: CustomStringConvertible {
    /// One row of the snapshot's table, e.g.
    /// `   4  "A"    persisting  0.000 s  0.454 s  spring(m 1, k 350, c 30)`.
    public var description: String {
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        let id = String(self.id)
        var row = "  " + String(repeating: " ", count: max(0, 2 - id.count)) + id + "  "
        row += padded(String(symbol).debugDescription, 5) + "  " + padded(role.name, 10) + "  "
        row += padded(seconds(start), 7) + "  " + padded(seconds(settle), 7) + "  " + curve
        if appearanceCurve != "at rest" && appearanceCurve != curve { row += ", fade \(appearanceCurve)" }
        if carriesVelocity { row += " (carries velocity)" }
        return row
    }
}
