import Animator

/// Turns shaped paragraphs into frames: breaks lines, orders each line
/// visually, aligns the lines in the box.
struct LineComposer {
    var size: Double
    var lineHeight: Double
    /// Distance from a line's top to its baseline.
    var baselineOffset: Double
    var wrapWidth: Double?
    var alignment: TextAlignment
    /// Points after each Character but the last of a line.
    var tracking: Double = 0

    /// A line before alignment: Characters in logical order, x positions from 0.
    private struct PendingLine {
        var glyphs: Range<Int>
        var visibleMinX: Double
        var visibleWidth: Double
        /// Whether its paragraph runs right to left (leading is then the right edge).
        var rightToLeft = false
    }

    /// Lays out `glyphs`, given the paragraphs and their shapes.
    ///
    /// - Complexity: O(n) in the number of glyphs (O(n·w) for wrapped lines,
    ///   w the longest word).
    func compose(_ glyphs: [Character], paragraphs: [ParagraphSpan], shaped: [ShapedParagraph]) -> TextLayoutResult {
        var frames = [GlyphFrame](repeating: GlyphFrame(rect: .zero, baseline: 0, line: 0), count: glyphs.count)
        var pending: [PendingLine] = []
        var drawings = [Int32](repeating: 0, count: glyphs.count)
        for (span, paragraph) in zip(paragraphs, shaped) {
            let base = span.characters.lowerBound
            for (k, id) in paragraph.drawings.enumerated() { drawings[base + k] = id }
            let advances = paragraph.advances.map { $0 * size }
            let blank = paragraph.blanks
            let breaks = Self.breakLines(advances: advances, blank: blank, width: wrapWidth, tracking: tracking)
            for (k, range) in breaks.enumerated() {
                let isLast = k == breaks.count - 1
                let newline = isLast ? span.newline : nil
                var line = placeLine(
                    range, of: paragraph, advances: advances, blank: blank, base: base,
                    newline: newline, lineIndex: pending.count, frames: &frames)
                line.rightToLeft = paragraph.paragraphLevel == 1
                pending.append(line)
            }
        }

        let boxWidth = wrapWidth ?? pending.map(\.visibleWidth).max() ?? 0
        var lines: [LayoutLine] = []
        lines.reserveCapacity(pending.count)
        for (index, line) in pending.enumerated() {
            let left = (boxWidth - line.visibleWidth) * alignment.anchorFraction(rightToLeft: line.rightToLeft)
            let shift = left - line.visibleMinX
            for i in line.glyphs { frames[i].rect.origin.x += shift }
            let top = Double(index) * lineHeight
            lines.append(LayoutLine(
                glyphs: line.glyphs,
                rect: Rect(x: left, y: top, width: line.visibleWidth, height: lineHeight),
                baseline: top + baselineOffset))
        }
        var result = TextLayoutResult(
            frames: frames, lines: lines,
            size: Size(width: boxWidth, height: Double(lines.count) * lineHeight),
            alignment: alignment, fontSize: size)
        result.drawings = drawings
        result.isRightToLeft = shaped.first?.paragraphLevel == 1
        return result
    }

    /// Places one line's Characters left to right in visual order from x = 0.
    private func placeLine(
        _ range: Range<Int>, of paragraph: ShapedParagraph, advances: [Double], blank: [Bool], base: Int,
        newline: Int?, lineIndex: Int, frames: inout [GlyphFrame]
    ) -> PendingLine {
        // Trailing blanks do not count towards the line's width (they hang past
        // the edge when a line wraps) and take the paragraph's level (rule L1).
        var visibleEnd = range.upperBound
        while visibleEnd > range.lowerBound && blank[visibleEnd - 1] { visibleEnd -= 1 }
        var levels = Array(paragraph.levels[range])
        for i in (visibleEnd - range.lowerBound)..<levels.count { levels[i] = paragraph.paragraphLevel }
        // The newline sits at the visual end of its line, a zero-width frame.
        if newline != nil { levels.append(paragraph.paragraphLevel) }

        let top = Double(lineIndex) * lineHeight
        let baseline = top + baselineOffset
        var x = 0.0
        var visibleMinX = Double.infinity
        var placedGlyphs = 0
        for position in Bidi.visualOrder(levels) {
            let local = range.lowerBound + position
            let isNewline = position == range.count
            let glyph = isNewline ? newline! : base + local
            let advance = isNewline ? 0 : advances[local]
            if placedGlyphs > 0 { x += tracking }
            placedGlyphs += 1
            if !isNewline && local < visibleEnd { visibleMinX = min(visibleMinX, x) }
            frames[glyph] = GlyphFrame(
                rect: Rect(x: x, y: top, width: advance, height: lineHeight), baseline: baseline, line: lineIndex)
            x += advance
        }
        var visibleWidth = 0.0
        for i in range.lowerBound..<visibleEnd { visibleWidth += advances[i] }
        visibleWidth = max(visibleWidth + Double(max(visibleEnd - range.lowerBound - 1, 0)) * tracking, 0)
        if visibleMinX == .infinity { visibleMinX = paragraph.paragraphLevel == 0 ? 0 : x }
        let first = base + range.lowerBound
        let last = newline.map { $0 + 1 } ?? base + range.upperBound
        return PendingLine(glyphs: first..<last, visibleMinX: visibleMinX, visibleWidth: visibleWidth)
    }

    /// Greedy line breaking in logical order. A line may break after a run of
    /// blanks (the blanks stay at the end of the earlier line and hang); a word
    /// wider than the width breaks between Characters; a single Character wider
    /// than the width gets a line of its own. Blanks never cause a break, and
    /// nothing breaks before a zero-width Character (it stays with the one before).
    ///
    /// Widths are summed left to right from the line start, exactly as
    /// `placeLine` sums them (each Character after the first adds `tracking`),
    /// so a line the breaker accepted never measures wider afterwards.
    ///
    /// - Returns: ranges into the paragraph, covering it; one empty range for an
    ///   empty paragraph.
    /// - Complexity: O(n·w) for n Characters and w the longest word.
    static func breakLines(advances: [Double], blank: [Bool], width: Double?, tracking: Double = 0) -> [Range<Int>] {
        let count = advances.count
        guard let width, count > 0 else { return [0..<count] }
        var lines: [Range<Int>] = []
        var start = 0
        var lastBreak: Int?
        var lineWidth = 0.0
        var i = 0
        while i < count {
            let gap = i > start ? tracking : 0
            if blank[i] {
                lineWidth += gap + advances[i]
                i += 1
                continue
            }
            if i > start && blank[i - 1] { lastBreak = i }
            if i > start && advances[i] > 0 && lineWidth + gap + advances[i] > width {
                let end = lastBreak.flatMap { $0 > start ? $0 : nil } ?? i
                lines.append(start..<end)
                start = end
                lastBreak = nil
                lineWidth = 0
                for k in start..<i { lineWidth += (k > start ? tracking : 0) + advances[k] }
                continue
            }
            lineWidth += gap + advances[i]
            i += 1
        }
        lines.append(start..<count)
        return lines
    }
}
