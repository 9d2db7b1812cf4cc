import Analyzer

extension MonospaceLayout {
    /// Lays out the new text of a change from the grid's layout of the old text
    /// (`previous`, which this layout made): the lines before the line of the
    /// first glyph that changed, and the line before it (a word made shorter may
    /// now fit there), are the old ones; the grid lays out from there until a
    /// line starts, within the unchanged end, at the glyph an old line of the
    /// same number started at, and takes the old lines from there on. A word
    /// typed into a long text lays out a line or two.
    ///
    /// Reuses only where the old layout's lines stay where they were: with a
    /// wrapping width (every line is placed in a box of that width), or with
    /// leading alignment. Otherwise, or when `previous` cannot be the old
    /// text's layout, it lays out afresh.
    ///
    /// - Complexity: O(glyphs laid out again + lines), plus copying the old frames.
    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int)
    ) -> ReusedLayout {
        let n = previous.frames.count, m = glyphs.count
        let (prefix, suffix) = unchanged
        let lines = previous.lines
        guard n > 0, m > 0, prefix >= 0, suffix >= 0, prefix + suffix <= min(n, m),
            previous.alignment == alignment, previous.fontSize == cellHeight, !previous.isRightToLeft,
            previous.drawings == nil, previous.ink == nil, lines.last?.glyphs.upperBound == n,
            wrapWidth != nil || alignment == .leading
        else {
            return ReusedLayout(layout(glyphs), comparedWith: previous, unchanged: unchanged)
        }
        // The last line starting at or before the first changed glyph, and the one before it.
        let low = partitionPoint(in: 0..<lines.count) { lines[$0].glyphs.lowerBound > prefix }
        let firstLine = max(low - 2, 0)
        let start = lines[firstLine].glyphs.lowerBound
        let shift = m - n
        var laidOut = (lines: [LayoutLine](), width: 0.0, resumedAt: m)
        let frames = [GlyphFrame](unsafeUninitializedCapacity: m) { buffer, initialized in
            previous.frames.withUnsafeBufferPointer { old in
                buffer.baseAddress!.initialize(from: old.baseAddress!, count: start)
                var pen = GridPen(
                    cellWidth: cellWidth, cellHeight: cellHeight, tracking: appliedTracking, frames: buffer,
                    resumingAfter: Array(lines[0..<firstLine]), placed: start)
                var resumedLine = -1
                let resumed = IDGrid.with(glyphs) { source in
                    place(source, from: start, pen: &pen) { pen in
                        // A line starting in the unchanged end where an old line of the same number
                        // started: from here on the layout is the old one.
                        let j = pen.placed, k = pen.lines.count
                        guard j >= m - suffix, j < m, k < lines.count, lines[k].glyphs.lowerBound == j - shift else {
                            return false
                        }
                        (buffer.baseAddress! + j).initialize(from: old.baseAddress! + (j - shift), count: m - j)
                        resumedLine = k
                        laidOut.resumedAt = j
                        pen.adopt(lines[k...], shift: shift)
                        return true
                    }
                }
                if !resumed { pen.finishLine() }
                // The lines laid out again take their place in the box; the others have theirs.
                laidOut.width = pen.align(
                    width: wrapWidth, fraction: alignment.anchorFraction, from: firstLine,
                    upTo: resumed ? resumedLine : nil)
                laidOut.lines = pen.lines
                initialized = pen.placed
            }
        }
        let result = self.result(frames: frames, lines: laidOut.lines, width: laidOut.width)
        // The old frames kept at the start, then those laid out again that came out the same.
        var samePrefix = start
        while samePrefix < prefix, frames[samePrefix] == previous.frames[samePrefix] { samePrefix += 1 }
        var sameSuffix = m - laidOut.resumedAt
        while sameSuffix < min(suffix, m - samePrefix),
            frames[m - 1 - sameSuffix] == previous.frames[n - 1 - sameSuffix]
        {
            sameSuffix += 1
        }
        return ReusedLayout(layout: result, samePrefix: samePrefix, sameSuffix: sameSuffix)
    }
}
