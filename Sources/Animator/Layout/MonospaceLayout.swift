import Analyzer

/// A layout on a grid of equal cells, for terminals and tests.
///
/// Each glyph takes one cell, or two for wide glyphs (East Asian wide and
/// full-width characters, emoji); control and format characters take none; a
/// tab advances to the next multiple of `tabWidth` cells. `\n` (and `\r\n`)
/// ends a line; with `wrapWidth` set, lines also wrap at whitespace, and a word
/// longer than the width breaks between glyphs. Whitespace at the end of a line
/// hangs: it does not count towards the line's width for alignment.
///
/// `tracking` spaces the letters: each glyph after the first on a line moves
/// that many points further along than the one before (closer, when
/// negative), so the k-th glyph of a line (from 0) shifts by k × `tracking`.
/// Line widths, alignment and wrapping count it.
///
/// ```swift
/// let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
/// let result = layout.layout(Array("Hello\nworld"))
/// result.lines.count   // 2
/// ```
///
/// An empty text has no frames and one empty line, one cell high.
///
/// Every number is kept usable, whether given to `init` or set later: a cell
/// size that is not a positive number becomes the default (10 × 20) and one
/// outside ``cellSizeRange`` is clamped into it; a wrapping width that is not a
/// positive number means no wrapping; a tab width is clamped into
/// 1…``maximumTabWidth``; a tracking that is not finite means none, and one
/// beyond ``trackingCells`` (in cells) is clamped into it when laying out. So
/// every frame of every layout is finite.
public struct MonospaceLayout: GlyphLayout, Hashable {
    /// The width of one cell, in points, in ``cellSizeRange``.
    public var cellWidth: Double {
        didSet { cellWidth = Self.cellSize(cellWidth, default: 10) }
    }
    /// The height of one cell (the line height), in points, in ``cellSizeRange``.
    public var cellHeight: Double {
        didSet { cellHeight = Self.cellSize(cellHeight, default: 20) }
    }
    /// The width at which lines wrap, in points (finite and greater than 0); `nil` for no wrapping.
    public var wrapWidth: Double? {
        didSet { wrapWidth = Self.wrapping(wrapWidth) }
    }
    /// Where lines sit in the box.
    public var alignment: TextAlignment
    /// Cells between tab stops, in 1…``maximumTabWidth``.
    public var tabWidth: Int {
        didSet { tabWidth = Self.tabStops(tabWidth) }
    }

    /// Points added after each glyph but the last of its line (negative: taken away).
    /// Laying out clamps it into ``trackingCells`` × ``cellWidth``.
    public var tracking: Double {
        didSet { tracking = Self.spacing(tracking) }
    }

    /// The tracking applied, in cells: from half a cell back (glyphs overlap by at
    /// most half) to ten cells forward.
    public static let trackingCells: ClosedRange<Double> = -0.5...10

    /// The accepted cell sizes, in points: from a thousandth of a point to the
    /// largest font size `FontLayout` accepts.
    public static let cellSizeRange: ClosedRange<Double> = 0.001...100_000
    /// The widest tab stop, in cells.
    public static let maximumTabWidth = 1000

    public init(
        cellWidth: Double = 10, cellHeight: Double = 20, wrapWidth: Double? = nil, alignment: TextAlignment = .leading,
        tabWidth: Int = 4, tracking: Double = 0
    ) {
        self.cellWidth = Self.cellSize(cellWidth, default: 10)
        self.cellHeight = Self.cellSize(cellHeight, default: 20)
        self.wrapWidth = Self.wrapping(wrapWidth)
        self.alignment = alignment
        self.tabWidth = Self.tabStops(tabWidth)
        self.tracking = Self.spacing(tracking)
    }

    private static func spacing(_ points: Double) -> Double {
        points.isFinite ? points : 0
    }

    /// The tracking laid out: ``tracking`` clamped into ``trackingCells`` cells.
    var appliedTracking: Double {
        min(max(tracking, Self.trackingCells.lowerBound * cellWidth), Self.trackingCells.upperBound * cellWidth)
    }

    private static func cellSize(_ size: Double, default fallback: Double) -> Double {
        guard size.isFinite, size > 0 else { return fallback }
        return min(max(size, cellSizeRange.lowerBound), cellSizeRange.upperBound)
    }

    private static func wrapping(_ width: Double?) -> Double? {
        width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    private static func tabStops(_ cells: Int) -> Int {
        min(max(cells, 1), maximumTabWidth)
    }

    /// Lays the glyphs out on the grid.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public func layout(_ glyphs: [Character]) -> TextLayoutResult {
        layout(CharacterGrid(glyphs: glyphs))
    }

    /// Lays the glyphs of one side of a change out on the grid, reading their
    /// ids (each distinct glyph is measured once).
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public func layout(_ glyphs: GlyphSequence) -> TextLayoutResult {
        IDGrid.with(glyphs) { layout($0) }
    }

    /// Lays out the glyphs a source gives.
    func layout<Source: GridGlyphSource>(_ glyphs: Source) -> TextLayoutResult {
        var lines: [LayoutLine] = []
        var boxWidth = 0.0
        let frames: [GlyphFrame]
        if glyphs.count == 0 {
            // Not `Array(unsafeUninitializedCapacity: 0)`: that stores the count into
            // the process-wide empty-array singleton, a write that races with every
            // other thread reading any empty array (ThreadSanitizer reports it).
            (lines, boxWidth) = place(glyphs, into: UnsafeMutableBufferPointer(start: nil, count: 0)).layout
            frames = []
        } else {
            // One pass writes every frame in place; no frame is moved or copied afterwards.
            frames = [GlyphFrame](unsafeUninitializedCapacity: glyphs.count) { buffer, initialized in
                let placed: Int
                (placed, (lines, boxWidth)) = place(glyphs, into: buffer)
                initialized = placed
            }
        }
        return result(frames: frames, lines: lines, width: boxWidth)
    }

    /// A layout of this grid's.
    func result(frames: [GlyphFrame], lines: [LayoutLine], width: Double) -> TextLayoutResult {
        TextLayoutResult(
            frames: frames, lines: lines, size: Size(width: width, height: Double(lines.count) * cellHeight),
            alignment: alignment, fontSize: cellHeight)
    }

    /// Writes the frames of `glyphs` into `buffer` (one per glyph) and returns
    /// how many it wrote, the lines and the box's width.
    private func place<Source: GridGlyphSource>(
        _ glyphs: Source, into buffer: UnsafeMutableBufferPointer<GlyphFrame>
    ) -> (placed: Int, layout: (lines: [LayoutLine], width: Double)) {
        var pen = GridPen(cellWidth: cellWidth, cellHeight: cellHeight, tracking: appliedTracking, frames: buffer)
        _ = place(glyphs, from: 0, pen: &pen)
        // There is always a last line to close: the glyphs after the last break, or
        // the empty line after a final newline (or of an empty text).
        pen.finishLine()
        let width = pen.align(width: wrapWidth, fraction: alignment.anchorFraction)
        return (pen.placed, (pen.lines, width))
    }

    /// Places `glyphs` from glyph `start` (where `pen` stands, at a line's
    /// start) to the end, broken into lines by `breakLines`; after each line
    /// that ends before a word (or at a newline), asks `resumes` whether the
    /// rest is laid out already and stops when it says so. Returns whether it
    /// stopped so.
    func place<Source: GridGlyphSource>(
        _ glyphs: Source, from start: Int, pen: inout GridPen, resumes: (inout GridPen) -> Bool = { _ in false }
    ) -> Bool {
        // Cells per line; a width of more than 2^53 cells wraps nothing (and would not fit an Int).
        let limit = wrapWidth.map { Int(min(max(($0 / cellWidth).rounded(.down), 1), 0x1p53)) }
        pen.setLines(cells: limit, width: wrapWidth, tabWidth: tabWidth)
        return breakLines(glyphs, from: start, pen: &pen, resumes: resumes)
    }

    /// The cells a glyph takes on a terminal: 0 for control and format characters,
    /// 2 for wide ones, 1 otherwise.
    public static func cells(_ g: Character) -> Int {
        // Printable ASCII, the common case, without Unicode property lookups.
        if let ascii = g.singleASCII { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let first = g.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if ScalarCategory.of(v) == .format && g.unicodeScalars.count == 1 { return 0 }
        // Emoji shown as pictures, and sequences with a presentation selector.
        if ScalarProperties.isEmojiPresentation(v) || g.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && v > 0xFF {
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
