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
        var none = RecycledFrames()
        return layout(glyphs, reusing: previous, unchanged: unchanged, recycling: &none)
    }

    /// As `layout(_:reusing:unchanged:)`, laying the new text out into the
    /// storage of `spare` (an older layout's frames, left empty) when nothing
    /// else holds it: of the old frames kept at the start, only those after
    /// `spare.sameAsPrevious` are copied. Text streaming onto the end of a long
    /// one copies a line or two per word instead of every frame.
    ///
    /// - Complexity: O(glyphs laid out again + lines + frames copied), the
    ///   latter O(old frames) without a spare.
    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
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
        /// Lays out from `start` into `buffer`, whose first `start` frames are the old ones.
        func relayout(_ buffer: UnsafeMutableBufferPointer<GlyphFrame>, _ old: UnsafeBufferPointer<GlyphFrame>) -> Int {
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
                    // Frames are plain values: writing over a recycled one needs no deinitialising.
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
            return pen.placed
        }
        var frames: [GlyphFrame] = []
        swap(&frames, &spare.frames)
        let kept = min(spare.sameAsPrevious, start, frames.count)
        spare.sameAsPrevious = 0
        if kept > 0 {
            // The spare's first frames are the old ones: copy the rest of the kept start,
            // then lay out over room made at the end.
            frames.removeSubrange(kept...)
            // Room to grow by half again: a text streaming in grows at every word,
            // and an exact fit would be copied whole at the next one.
            if frames.capacity < m { frames.reserveCapacity(m + m / 2) }
            frames.append(contentsOf: previous.frames[kept..<start])
            frames.append(contentsOf: repeatElement(previous.frames[0], count: m - start))
            let placed = frames.withUnsafeMutableBufferPointer { buffer in
                previous.frames.withUnsafeBufferPointer { relayout(buffer, $0) }
            }
            frames.removeSubrange(placed...)
        } else {
            frames = [GlyphFrame](unsafeUninitializedCapacity: m) { buffer, initialized in
                previous.frames.withUnsafeBufferPointer { old in
                    buffer.baseAddress!.initialize(from: old.baseAddress!, count: start)
                    initialized = relayout(buffer, old)
                }
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
