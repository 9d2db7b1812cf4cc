/// Writes a monospace layout in one pass: glyphs are placed cell by cell on the
/// current line, straight into the frames' storage, and each finished line
/// records its width without the spaces hanging at its end.
///
/// Frames are written in points from the line's left edge; `align` shifts them
/// once every line's width, and so the box's width, is known. With `tracking`,
/// each glyph after the first on a line sits that many points further along
/// (or back, when negative).
struct GridPen {
    private let cellWidth: Double
    private let cellHeight: Double
    private let tracking: Double
    private let ascent: Double
    /// The frames' storage, initialized in glyph order up to `placed`.
    private let frames: UnsafeMutableBufferPointer<GlyphFrame>
    /// The number of frames written.
    private(set) var placed = 0
    /// The finished lines.
    private(set) var lines: [LayoutLine] = []
    /// Cells used on the current line.
    private(set) var column = 0
    /// Glyphs placed on the current line.
    private(set) var lineGlyphs = 0
    /// Cells up to the end of the current line's last glyph that is not a space.
    private var inkEnd = 0
    /// Glyphs on the current line up to and including its last glyph that is not a space.
    private var inkGlyphs = 0
    private var lineStart = 0
    private var lineTop = 0.0
    private var baseline: Double
    /// Cells per line, nil when lines do not wrap (see `setLines`).
    private var wrapCells: Int?
    /// The wrapping width in points, which decides when tracking spaces the glyphs.
    private var wrapWidth: Double?
    /// Cells between tab stops.
    private var tabWidth = 1

    /// A pen that goes on from the start of line `lines.count` of a layout
    /// already written up to glyph `placed` (its frames in `frames`, its lines
    /// `lines`): the lines before are kept as they are.
    init(
        cellWidth: Double, cellHeight: Double, tracking: Double = 0, frames: UnsafeMutableBufferPointer<GlyphFrame>,
        resumingAfter lines: [LayoutLine], placed: Int
    ) {
        self.init(cellWidth: cellWidth, cellHeight: cellHeight, tracking: tracking, frames: frames)
        self.lines = lines
        self.placed = placed
        lineStart = placed
        lineTop = Double(lines.count) * cellHeight
        baseline = lineTop + ascent
    }

    /// Takes over the rest of an earlier layout from its line `line` on, which
    /// starts at glyph `placed` here: its lines, their glyphs moved by `shift`.
    mutating func adopt(_ previous: ArraySlice<LayoutLine>, shift: Int) {
        for var line in previous {
            line.glyphs = (line.glyphs.lowerBound + shift)..<(line.glyphs.upperBound + shift)
            lines.append(line)
        }
        placed = lines.last?.glyphs.upperBound ?? placed
        lineStart = placed
    }

    init(cellWidth: Double, cellHeight: Double, tracking: Double = 0, frames: UnsafeMutableBufferPointer<GlyphFrame>) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.tracking = tracking
        // Whole points keep baselines on pixel rows; in a cell under 2.5 points that
        // would put the baseline at its top or below its bottom, so tiny cells keep
        // the exact 0.8.
        let rounded = (cellHeight * 0.8).rounded()
        ascent = rounded > 0 && rounded <= cellHeight ? rounded : cellHeight * 0.8
        self.frames = frames
        baseline = ascent
    }

    /// How lines wrap: at `cells` cells (nil: only at newlines), or, with
    /// tracking, at `width` points; and the cells between tab stops.
    mutating func setLines(cells: Int?, width: Double?, tabWidth: Int) {
        wrapCells = cells
        wrapWidth = width
        self.tabWidth = tabWidth
    }

    /// Writes the next glyph's frame at the pen and moves the pen past it.
    @inline(__always)
    mutating func place(cells: Int, isSpace: Bool) {
        let rect = Rect(x: x(column: column, glyphs: lineGlyphs), y: lineTop, width: Double(cells) * cellWidth, height: cellHeight)
        frames.initializeElement(at: placed, to: GlyphFrame(rect: rect, baseline: baseline, line: lines.count))
        placed += 1
        lineGlyphs += 1
        if !isSpace {
            inkEnd = column + cells
            inkGlyphs = lineGlyphs
        }
        column += cells
    }

    /// The x of a glyph after `column` cells and `glyphs` glyphs on its line.
    @inline(__always)
    private func x(column: Int, glyphs: Int) -> Double {
        tracking == 0 ? Double(column) * cellWidth : Double(column) * cellWidth + Double(glyphs) * tracking
    }

    /// The current line's width, in points, once `cells` more cells in `glyphs` more glyphs are placed on it.
    func width(adding cells: Int, glyphs: Int) -> Double {
        let total = lineGlyphs + glyphs
        return max(Double(column + cells) * cellWidth + Double(max(total - 1, 0)) * tracking, 0)
    }

    /// Ends the current line after the glyphs placed so far.
    mutating func finishLine() {
        lines.append(
            LayoutLine(
                glyphs: lineStart..<placed,
                rect: Rect(x: 0, y: lineTop, width: inkWidth, height: cellHeight),
                baseline: baseline))
        lineStart = placed
        column = 0
        lineGlyphs = 0
        inkEnd = 0
        inkGlyphs = 0
        // From the line index, not by adding heights: no rounding drift down a long text.
        lineTop = Double(lines.count) * cellHeight
        baseline = lineTop + ascent
    }

    /// The current line's width up to the end of its last glyph that is not a
    /// space: its cells, plus the tracking between those glyphs.
    private var inkWidth: Double {
        guard tracking != 0 else { return Double(inkEnd) * cellWidth }
        return max(Double(inkEnd) * cellWidth + Double(max(inkGlyphs - 1, 0)) * tracking, 0)
    }

    /// Places every finished line in a box of `width` points (the widest line's
    /// width when nil), its anchor at `fraction` of the width, and returns the
    /// width. Only lines `from...` move: those before are placed already (in a
    /// box of the same width).
    mutating func align(width: Double?, fraction: Double, from firstLine: Int = 0, upTo endLine: Int? = nil) -> Double {
        var widest = 0.0
        for line in lines { widest = max(widest, line.rect.width) }
        let boxWidth = width ?? widest
        for li in firstLine..<(endLine ?? lines.count) {
            let dx = (boxWidth - lines[li].rect.width) * fraction
            lines[li].rect.origin.x = dx
            // Adding a zero moves nothing (no frame sits at x = −0), so leading lines are done.
            if dx != 0 {
                for gi in lines[li].glyphs { frames[gi].rect.origin.x += dx }
            }
        }
        return boxWidth
    }
}

extension GridPen: LineBreakPen {
    var wraps: Bool { wrapCells != nil }

    /// Whether cells are used on the line (glyphs of no cells leave a line empty).
    var lineHasContent: Bool { column > 0 }

    /// Counted in cells without tracking, in points with it.
    @inline(__always)
    func overflows(adding cells: Int, glyphs: Int) -> Bool {
        guard tracking != 0, let wrapWidth else { return column + cells > wrapCells ?? .max }
        return width(adding: cells, glyphs: glyphs) > wrapWidth
    }

    func tabAdvance() -> Int { tabWidth - column % tabWidth }

    @inline(__always)
    mutating func place(_ cells: Int, isSpace: Bool) { place(cells: cells, isSpace: isSpace) }
}
