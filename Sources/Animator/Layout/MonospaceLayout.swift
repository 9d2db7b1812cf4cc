/// A layout on a grid of equal cells, for terminals and tests.
///
/// Each glyph takes one cell, or two for wide glyphs (East Asian wide and
/// full-width characters, emoji); control and format characters take none; a
/// tab advances to the next multiple of `tabWidth` cells. `\n` (and `\r\n`)
/// ends a line; with `wrapWidth` set, lines also wrap at whitespace, and a word
/// longer than the width breaks between glyphs. Whitespace at the end of a line
/// hangs: it does not count towards the line's width for alignment.
///
/// ```swift
/// let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
/// let result = layout.layout(Array("Hello\nworld"))
/// result.lines.count   // 2
/// ```
///
/// An empty text has no frames and one empty line, one cell high.
public struct MonospaceLayout: GlyphLayout, Hashable {
    /// The width of one cell, in points.
    public var cellWidth: Double
    /// The height of one cell (the line height), in points.
    public var cellHeight: Double
    /// The width at which lines wrap, in points; `nil` for no wrapping.
    public var wrapWidth: Double?
    /// Where lines sit in the box.
    public var alignment: TextAlignment
    /// Cells between tab stops.
    public var tabWidth: Int

    public init(
        cellWidth: Double = 10, cellHeight: Double = 20, wrapWidth: Double? = nil, alignment: TextAlignment = .leading,
        tabWidth: Int = 4
    ) {
        self.cellWidth = cellWidth.isFinite && cellWidth > 0 ? cellWidth : 10
        self.cellHeight = cellHeight.isFinite && cellHeight > 0 ? cellHeight : 20
        self.wrapWidth = wrapWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.alignment = alignment
        self.tabWidth = max(tabWidth, 1)
    }

    /// Lays the glyphs out on the grid.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public func layout(_ glyphs: [Character]) -> TextLayoutResult {
        let limit = wrapWidth.map { max(Int(($0 / cellWidth).rounded(.down)), 1) }
        var lines: [LayoutLine] = []
        var boxWidth = 0.0
        // One pass writes every frame in place; no frame is moved or copied afterwards.
        let frames = [GlyphFrame](unsafeUninitializedCapacity: glyphs.count) { buffer, initialized in
            var pen = GridPen(cellWidth: cellWidth, cellHeight: cellHeight, frames: buffer)
            let n = glyphs.count
            var i = 0
            while i < n {
                let g = GridGlyph(glyphs[i])
                if g.isNewline {
                    pen.place(cells: 0, isSpace: g.isSpace)
                    pen.finishLine()
                    i += 1
                    continue
                }
                if let limit, !g.isSpace {
                    // A word: wrap before it when it does not fit and the line already has content.
                    var end = i + 1
                    var cells = g.cells
                    while end < n {
                        let next = GridGlyph(glyphs[end])
                        if next.isSpace { break }
                        cells += next.cells
                        end += 1
                    }
                    if pen.column + cells > limit, pen.column > 0 { pen.finishLine() }
                    for j in i..<end {
                        let c = j == i ? g.cells : GridGlyph(glyphs[j]).cells
                        if pen.column + c > limit, pen.column > 0 { pen.finishLine() }
                        pen.place(cells: c, isSpace: false)
                    }
                    i = end
                    continue
                }
                pen.place(cells: g.isTab ? tabWidth - pen.column % tabWidth : g.cells, isSpace: g.isSpace)
                i += 1
            }
            // There is always a last line to close: the glyphs after the last break, or
            // the empty line after a final newline (or of an empty text).
            pen.finishLine()
            boxWidth = pen.align(width: wrapWidth, fraction: alignment.anchorFraction)
            initialized = pen.placed
            lines = pen.lines
        }
        return TextLayoutResult(
            frames: frames, lines: lines, size: Size(width: boxWidth, height: Double(lines.count) * cellHeight),
            alignment: alignment, fontSize: cellHeight)
    }

    /// The cells a glyph takes on a terminal: 0 for control and format characters,
    /// 2 for wide ones, 1 otherwise.
    public static func cells(_ g: Character) -> Int {
        // Printable ASCII, the common case, without Unicode property lookups.
        if let ascii = g.singleASCII { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let first = g.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if first.properties.generalCategory == .format && g.unicodeScalars.count == 1 { return 0 }
        // Emoji shown as pictures, and sequences with a presentation selector.
        if first.properties.isEmojiPresentation || g.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && v > 0xFF {
            return 2
        }
        return isWide(v) ? 2 : 1
    }

    /// East Asian wide and full-width ranges (UAX #11), condensed.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
