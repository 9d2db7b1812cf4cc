import Analyzer

/// The coherence rule of `Choreography`: which persisting glyphs may move.
///
/// Persisting glyphs come in runs: consecutive in both texts. A run that does
/// not move is kept. A moving run is kept when it reads as the same text
/// rearranging: at least `shortestRun` visible glyphs, a whole word on both
/// sides, only whitespace, or a short move along its line that passes no glyph
/// staying in place. The others are broken: each glyph leaves and a copy enters,
/// as does every glyph that changes line (a word wrapping onto the next line
/// leaves its old line and enters the new one instead of cutting across). In a
/// text of several lines a long run that passes text on its line (text that
/// stays, or runs trading places with it) breaks too: the lane it would take
/// lies on the next line's edge.
/// When the shared visible glyphs kept are fewer than `commonShare` of the
/// longer text's, every moving run is broken too.
struct Coherence {
    let mutations: MutationList
    /// The part of the change looked at glyph by glyph: the kept ends persist in place.
    let window: PlanWindow
    let oldIDs: GlyphSequence
    let newIDs: GlyphSequence
    /// The visible glyphs of each text, when the analyzer counted them.
    let visible: (old: Int, new: Int)?
    let symbols: GlyphTable
    let old: AnchoredFrames
    let new: AnchoredFrames
    let rules: Choreography

    /// Marks in `broken` (indexed by mutation; false on entry for the window's
    /// new glyphs) the transforms that must leave and enter instead of moving,
    /// and in `still` (indexed from the window's first new glyph) the new
    /// glyphs that stay in place; returns how many it broke, or nil when it
    /// would break a run that goes on into a kept end (the window does not
    /// hold all it decides about).
    ///
    /// A run that reaches the window's end goes on through the kept glyphs after
    /// it (they persist in place, one after the other in both texts): it holds
    /// at least `shortestRun` visible glyphs there (see `PlanWindow.narrowed`),
    /// so it is coherent where glyphs may move (where none may, it breaks, and
    /// the window cannot hold that). A run at the window's start goes on back into the kept
    /// glyphs before it, which stay: it starts in place.
    ///
    /// - Complexity: O(window), plus O(n) to count visible glyphs when a run
    ///   moves and the analyzer did not count them.
    func breakIncoherentMoves(broken: inout [Bool], still: inout [Bool]) -> Int? {
        let newRange = window.newRange
        let low = newRange.lowerBound, high = newRange.upperBound
        // Which new glyphs stay where they were (they are what a short move must not pass).
        still.removeAll(keepingCapacity: true)
        still.append(contentsOf: repeatElement(false, count: newRange.count))
        for k in newRange where mutations.action(at: k) == .transform {
            if !moves(old[mutations.indexFrom(at: k)], new[k]).moves { still[k - low] = true }
        }
        // In a paragraph a run that passes text on its line leaves and enters:
        // a lane beside the line would run into the next one.
        let paragraph = old.lineCount > 1 || new.lineCount > 1
        var count = 0
        var keptVisible = 0
        var movingRuns: [(run: Range<Int>, reachesKept: Bool)] = []
        var k = low
        while k < high {
            guard mutations.action(at: k) == .transform else {
                k += 1
                continue
            }
            // The run: consecutive in both texts (transforms come in new-text order).
            var end = k + 1
            while end < high, mutations.action(at: end) == .transform,
                mutations.indexFrom(at: end) == mutations.indexFrom(at: end - 1) + 1,
                mutations.indexTo(at: end) == mutations.indexTo(at: end - 1) + 1
            {
                end += 1
            }
            var run = k..<end
            k = end
            // A word that changes line leaves its old line and enters the new one:
            // travelling there would cut across the text between. Runs split where
            // that begins or ends; the glyphs that keep their line go on as a run.
            let wraps = rules.allowsMoves && changesLine(run.lowerBound)
            if rules.allowsMoves {
                var split = run.lowerBound + 1
                while split < end, changesLine(split) == wraps { split += 1 }
                run = run.lowerBound..<split
                k = split
            }
            if wraps {
                for m in run { broken[m] = true }
                count += run.count
                continue
            }
            var visible = 0
            for m in run where !isBlank(mutations.glyph(at: m)) { visible += 1 }
            let from = old[mutations.indexFrom(at: run.lowerBound)], to = new[mutations.indexTo(at: run.lowerBound)]
            let motion = moves(from, to)
            guard motion.moves else {
                keptVisible += visible
                continue
            }
            let reachesKept = run.upperBound == high && high < window.newCount
            // Where nothing may move, a run that moves breaks, the kept glyphs it reaches with it.
            if reachesKept && !rules.allowsMoves { return nil }
            let coherent =
                reachesKept
                || (visible == 0 || !rules.allowsMoves ? visible == 0
                    : (visible >= rules.shortestRun || isWholeWord(run))
                        && !(paragraph && motion.sameLine
                            && passes(run, from: from.rect.midX, to: to.rect.midX, still: still, orTraded: true))
                        || (motion.sameLine
                            && abs(to.rect.midX - from.rect.midX) <= rules.shortMove * max(from.rect.width, 1e-9)
                            && !passes(run, from: from.rect.midX, to: to.rect.midX, still: still, orTraded: false)))
            if coherent {
                keptVisible += visible
                // (Room made at the first: a label's runs fit at once, where grown from empty it
                // was four moves a change, and a change whose runs all stay or break makes none.)
                if movingRuns.isEmpty { movingRuns.reserveCapacity(min(newRange.count, 32)) }
                movingRuns.append((run, reachesKept))
            } else {
                for m in run { broken[m] = true }
                count += run.count
            }
        }
        // Little in common: nothing moves. The kept ends count in full.
        guard !movingRuns.isEmpty else { return count }
        let longer: Int
        if let visible {
            // The kept ends: the new text's visible glyphs outside the window.
            keptVisible += visible.new - visibleCount(newIDs, low..<high)
            longer = max(visible.old, visible.new)
        } else {
            keptVisible += visibleCount(newIDs, 0..<low) + visibleCount(newIDs, high..<newIDs.count)
            longer = max(visibleCount(oldIDs, 0..<oldIDs.count), visibleCount(newIDs, 0..<newIDs.count))
        }
        if longer > 0, Double(keptVisible) < rules.commonShare * Double(longer) {
            for (run, reachesKept) in movingRuns {
                if reachesKept { return nil }
                for m in run { broken[m] = true }
                count += run.count
            }
        }
        return count
    }

    /// Whether transform `m` takes its glyph to another line.
    private func changesLine(_ m: Int) -> Bool {
        !moves(old[mutations.indexFrom(at: m)], new[mutations.indexTo(at: m)]).sameLine
    }

    /// Whether a glyph moves from one frame to another, and whether it stays on its line.
    private func moves(_ from: GlyphFrame, _ to: GlyphFrame) -> (moves: Bool, sameLine: Bool) {
        let width = max(from.rect.width, 1e-9), height = max(from.rect.height, 1e-9)
        let dx = abs(to.rect.midX - from.rect.midX), dy = abs(to.rect.midY - from.rect.midY)
        return (dx > 0.25 * width || dy > 0.25 * height, dy <= 0.25 * height)
    }

    /// Whether a glyph draws nothing (whitespace).
    @inline(__always)
    private func isBlank(_ glyph: GlyphID) -> Bool {
        symbols.isWhitespace(glyph)
    }

    private func visibleCount(_ glyphs: GlyphSequence, _ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return glyphs.withUnsafeIDs { ids in ids[range].reduce(0) { $0 + (isBlank($1) ? 0 : 1) } }
    }

    /// Whether a run is exactly a word (bounded by whitespace or the text's ends) in both texts.
    private func isWholeWord(_ run: Range<Int>) -> Bool {
        func bounded(_ glyphs: GlyphSequence, _ start: Int) -> Bool {
            let end = start + run.count
            return (start == 0 || isBlank(glyphs.id(at: start - 1))) && (end == glyphs.count || isBlank(glyphs.id(at: end)))
        }
        return bounded(oldIDs, mutations.indexFrom(at: run.lowerBound))
            && bounded(newIDs, mutations.indexTo(at: run.lowerBound))
    }

    /// Whether a visible glyph on a run's path, on its line in the new text
    /// between the run's old and new places (`from`, `to`: the x of its first
    /// glyph), stays in place, or, with `orTraded`, moves the other way round
    /// it (it stood on the run's other side in the old text: the two trade places).
    private func passes(_ run: Range<Int>, from: Double, to: Double, still: [Bool], orTraded: Bool) -> Bool {
        let low = min(from, to), high = max(from, to)
        let j = mutations.indexTo(at: run.lowerBound)
        let line = new[j].line, oldLine = old[mutations.indexFrom(at: run.lowerBound)].line
        // Moving right, the glyphs passed are before the run's new place; moving left, after it.
        let step = to > from ? -1 : 1
        var i = step < 0 ? j - 1 : mutations.indexTo(at: run.upperBound - 1) + 1
        while i >= 0 && i < newIDs.count {
            let frame = new[i]
            guard frame.line == line, frame.rect.midX > low, frame.rect.midX < high else { break }
            defer { i += step }
            guard !isBlank(newIDs.id(at: i)) else { continue }
            // Outside the window every glyph is kept, in place.
            let inWindow = i >= window.keptPrefix && i < window.newCount - window.keptSuffix
            if !inWindow || still[i - window.keptPrefix] { return true }
            if orTraded, mutations.action(at: i) == .transform {
                let was = old[mutations.indexFrom(at: i)]
                if was.line == oldLine, (was.rect.midX - from) * Double(step) < 0 { return true }
            }
        }
        return false
    }
}
