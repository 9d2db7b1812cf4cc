import Analyzer
import Animator

/// When a transition's new text can be read: the moment every glyph of it
/// (whitespace aside) stands in place, nearly fully visible, for good (see
/// `LegibilityReport.timeToRead`), found from the frames a Director draws.
///
/// A glyph stands in place when its position is within 5 % of its box's
/// height of where it comes to rest, its scale within 5 % of its scale at
/// rest, its blur at most 2.5 % of its box's height and its opacity at least
/// `Legibility.Criteria.readOpacity`: the rest states come from the rows the
/// plan wrote, so no frame after the settle is needed.
struct ReadingClock {
    private struct Rest {
        var x, y, scaleX, scaleY, width, height: Double
    }

    /// The new text's glyphs at rest, by sprite id.
    private var rests: [Int32: Rest] = [:]
    /// When the transition started.
    private(set) var start = 0.0
    /// The first frame of the current run of frames in which the whole text reads.
    private var readSince: Double?
    private(set) var isRunning = false

    /// A transition starts at `t`: the new text's rest states are read now.
    mutating func begin(at t: Double, stage: RunStage) {
        rests.removeAll(keepingCapacity: true)
        let symbols = stage.workspace.symbols
        stage.forEachMotion(atPlanTime: t) { m in
            guard m.role != .exiting, symbols.indices.contains(Int(m.glyph)), !symbols.isWhitespace(m.glyph) else {
                return
            }
            rests[m.id] = Rest(
                x: m.rest.position.x, y: m.rest.position.y, scaleX: m.rest.scaleX, scaleY: m.rest.scaleY,
                width: m.boxSize.width, height: m.boxSize.height)
        }
        start = t
        readSince = nil
        isRunning = true
    }

    /// Where the new text's glyph `id` comes to rest: its box's left and right
    /// edges, scaled as it rests; nil for a sprite not of the new text, or
    /// with no transition running.
    func restEdges(of id: Int32) -> (left: Double, right: Double)? {
        guard isRunning, let rest = rests[id] else { return nil }
        let half = abs(rest.scaleX) * rest.width / 2
        return (rest.x - half, rest.x + half)
    }

    /// Notes whether the whole new text reads in `frame`.
    mutating func record(_ frame: Frame, readOpacity: Double) {
        guard isRunning else { return }
        var inPlace = 0
        for sprite in frame.sprites where sprite.role != .exiting {
            guard let rest = rests[sprite.id] else { continue }
            let s = sprite.state, tolerance = 0.05 * rest.height
            guard s.opacity >= readOpacity, abs(s.position.x - rest.x) <= tolerance,
                abs(s.position.y - rest.y) <= tolerance, abs(s.scaleX - rest.scaleX) <= 0.05,
                abs(s.scaleY - rest.scaleY) <= 0.05, s.blur <= 0.5 * tolerance
            else { break }
            inPlace += 1
        }
        if inPlace == rests.count {
            if readSince == nil { readSince = frame.time }
        } else {
            readSince = nil
        }
    }

    /// The transition settled at `t`: seconds from its start until its text
    /// read for good (the settle, if no frame before it read).
    mutating func settle(at t: Double) -> Double {
        isRunning = false
        return max(min(readSince ?? t, t) - start, 0)
    }

    /// The transition was interrupted: its text never read.
    mutating func interrupt() {
        isRunning = false
    }
}
