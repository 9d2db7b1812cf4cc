import Animator
import Director

/// Draws frames of a timeline laid out on a `MonospaceLayout` grid as lines
/// of terminal text.
///
/// ```swift
/// let grid = MonospaceLayout()   // 10 × 20-point cells
/// let timeline = try Timeline(texts: ["99", "100"], layout: grid, effect: .rolling, mode: .numeric())
/// let terminal = TerminalRenderer(layout: grid)
/// print(terminal.render(timeline.frames.last!, in: timeline))
/// ```
///
/// Each sprite lands in the cell nearest to its box's top-left corner
/// (rotation, skew and scale are not drawn; a glyph scaled up past 1.12 is
/// shown bold, as emphasis). Opacity becomes a shade: hidden under 0.15, then
/// dim or a darker grey, then normal.
///
/// Written-on glyphs (`strokeEnd`, `fill`) are revealed progressively: a cell
/// cannot show half an outline, so a glyph appears once its pen has drawn half
/// of it (`strokeEnd` ≥ 0.5), as an outline at half strength (dim), and
/// brightens with its fill: its shade is opacity × max(`fill`, 0.5 once
/// half-written). An unfilled written glyph stays dim; a glyph at rest
/// (`fill` 1) is drawn as usual. The grid spans every cell a glyph of the
/// timeline lands in, so every frame has the same size, at most
/// ``maximumColumns`` × ``maximumRows``.
///
/// Shapes (`Frame.shapes`) are drawn coarsely as blocks (`█`) in the text
/// colour: the cells their filled outline covers, and the cells their stroke
/// passes through up to `strokeEnd`, shaded like glyphs by opacity (× `fill`
/// and the paint's alpha). `.belowText` shapes go under the glyphs,
/// `.aboveText` ones over them; the grid spans their cells too.
///
/// User text never reaches the terminal as control codes: a glyph containing a
/// control character (ESC, BEL, C1 codes…) or a bidirectional formatting
/// character is left out, as are glyphs the layout gives no cell. The only
/// escape sequences in the output are the renderer's own SGR codes.
public struct TerminalRenderer: Sendable {
    /// How opacity is shown.
    public enum Shading: String, Hashable, Sendable, CaseIterable {
        /// No escape codes: a glyph shows at opacity 0.5 and above (for files and pipes).
        case none
        /// SGR dim for faint glyphs, bold for emphasised ones (every terminal).
        case attributes
        /// The 24-step grey ramp of 256-colour terminals (light text on a dark background).
        case greys
    }

    /// The widest grid drawn; wider bounds are cut on the right.
    public static let maximumColumns = 400
    /// The tallest grid drawn; taller bounds are cut at the bottom.
    public static let maximumRows = 200

    /// The width of a cell in layout points.
    public var cellWidth: Double
    /// The height of a cell in layout points.
    public var cellHeight: Double
    /// How opacity is shown.
    public var shading: Shading

    /// A renderer for timelines laid out with `layout`.
    public init(layout: MonospaceLayout = MonospaceLayout(), shading: Shading = .attributes) {
        cellWidth = layout.cellWidth
        cellHeight = layout.cellHeight
        self.shading = shading
    }

    /// The cells a timeline's frames use: the first column and row (counted
    /// in cells from the layout's origin) and the size.
    public struct Grid: Hashable, Sendable {
        /// The first column and row, in cells from the layout's origin (negative when glyphs move left of or above it).
        public var column: Int, row: Int
        /// The size in cells.
        public var columns: Int, rows: Int
    }

    /// The grid of a timeline: the cells any visible glyph of any frame lands in.
    ///
    /// - Complexity: O(frames × sprites).
    public func grid(for timeline: Timeline) -> Grid {
        var c0 = Int.max, r0 = Int.max, c1 = Int.min, r1 = Int.min
        for frame in timeline.frames {
            for sprite in frame.sprites where Self.intensity(sprite.state) >= threshold {
                guard let (column, row) = place(sprite), let glyph = Self.neutralized(frame.symbol(of: sprite)) else { continue }
                c0 = min(c0, column); c1 = max(c1, column + MonospaceLayout.cells(glyph))
                r0 = min(r0, row); r1 = max(r1, row + 1)
            }
        }
        for frame in timeline.frames {
            for shape in frame.shapes {
                for cell in shapeCells(shape) where cell.intensity >= threshold {
                    c0 = min(c0, cell.column); c1 = max(c1, cell.column + 1)
                    r0 = min(r0, cell.row); r1 = max(r1, cell.row + 1)
                }
            }
        }
        guard c0 <= c1, r0 <= r1 else { return Grid(column: 0, row: 0, columns: 1, rows: 1) }
        return Grid(column: c0, row: r0, columns: min(c1 - c0, Self.maximumColumns), rows: min(r1 - r0, Self.maximumRows))
    }

    /// A frame of the timeline as lines of text, all of the grid's height.
    public func lines(_ frame: Frame, in timeline: Timeline) -> [String] {
        lines(frame, grid: grid(for: timeline))
    }

    /// A frame as lines of text on a grid (see ``grid(for:)``).
    ///
    /// - Complexity: O(sprites + cells).
    public func lines(_ frame: Frame, grid: Grid) -> [String] {
        var cells = [[Cell]](repeating: [Cell](repeating: .blank, count: grid.columns), count: grid.rows)
        for shape in frame.shapes where shape.layer == .belowText { draw(shape, on: &cells, grid: grid) }
        for sprite in frame.sprites {
            let s = sprite.state
            guard let (c, r) = place(sprite), let glyph = Self.neutralized(frame.symbol(of: sprite)) else { continue }
            let intensity = Self.intensity(s)
            guard intensity >= threshold else { continue }
            let column = c - grid.column, row = r - grid.row
            let width = MonospaceLayout.cells(glyph)
            guard row >= 0, row < grid.rows, column >= 0, column + width <= grid.columns else { continue }
            let bold = (s.scaleX + s.scaleY) / 2 >= 1.12 && intensity >= 0.5
            cells[row][column] = Cell(glyph: glyph, intensity: intensity, bold: bold, continuation: false)
            if width == 2 { cells[row][column + 1] = Cell(glyph: " ", intensity: 0, bold: false, continuation: true) }
        }
        for shape in frame.shapes where shape.layer == .aboveText { draw(shape, on: &cells, grid: grid) }
        return cells.map(line)
    }

    /// The block a shape's cells show.
    static let shapeBlock: Character = "█"

    /// Draws a shape's cells as blocks, over what is there (a wide glyph a block lands on is cleared whole).
    private func draw(_ shape: ShapeSprite, on cells: inout [[Cell]], grid: Grid) {
        for cell in shapeCells(shape) where cell.intensity >= threshold {
            let row = cell.row - grid.row, column = cell.column - grid.column
            guard row >= 0, row < grid.rows, column >= 0, column < grid.columns else { continue }
            if cells[row][column].continuation, column > 0 { cells[row][column - 1] = .blank }
            if column + 1 < grid.columns, cells[row][column + 1].continuation { cells[row][column + 1] = .blank }
            cells[row][column] = Cell(glyph: Self.shapeBlock, intensity: cell.intensity, bold: false, continuation: false)
        }
    }

    /// The cells a shape covers (in cells from the layout's origin, in order),
    /// each with how strongly it shows: the cells its filled outline covers
    /// (sampled 3 × 3 per cell, and every cell its edge passes through, so a
    /// thin bar shows) at opacity × `fill` × the fill's alpha, and the cells
    /// its stroke passes through up to `strokeEnd` at opacity × the stroke's alpha.
    func shapeCells(_ shape: ShapeSprite) -> [(column: Int, row: Int, intensity: Double)] {
        let s = shape.state
        guard s.isFinite, s.opacity > 0, cellWidth > 0, cellHeight > 0 else { return [] }
        func alpha(_ paint: ShapePaint) -> Double {
            switch paint {
            case .none: 0
            case .ink: 1
            case .color(let c): c.alpha.isFinite ? min(max(c.alpha, 0), 1) : 0
            }
        }
        let opacity = min(s.opacity, 1)
        let fillIntensity = opacity * ShapeStyle.fillShare(s) * alpha(shape.shape.fill)
        let drawn = ShapeStyle.strokeShare(s)
        let strokeIntensity = shape.shape.lineWidth > 0 && drawn > 0 ? opacity * alpha(shape.shape.stroke) : 0
        guard fillIntensity > 0 || strokeIntensity > 0 else { return [] }
        let placed = shape.placedOutline
        // A quarter of a cell between samples along an edge, so no cell it crosses is skipped.
        let step = min(cellWidth, cellHeight) / 4
        var found: [Int64: Int] = [:]
        var out: [(column: Int, row: Int, intensity: Double)] = []
        func mark(_ column: Int, _ row: Int, _ intensity: Double) {
            let key = Int64(column) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: row)))
            if let i = found[key] {
                out[i].intensity = max(out[i].intensity, intensity)
            } else {
                found[key] = out.count
                out.append((column, row, intensity))
            }
        }
        func markPoints(_ polylines: [[Point]], _ intensity: Double) {
            for line in polylines {
                for p in line { mark(Self.floorCell(p.x / cellWidth), Self.floorCell(p.y / cellHeight), intensity) }
            }
        }
        if fillIntensity > 0, let box = placed.bounds {
            let polygons = Self.flattened(placed, step: step)
            markPoints(polygons, fillIntensity)
            let c0 = Self.floorCell(box.minX / cellWidth), c1 = Self.floorCell(box.maxX / cellWidth)
            let r0 = Self.floorCell(box.minY / cellHeight), r1 = Self.floorCell(box.maxY / cellHeight)
            // A shape larger than the grid can show is not sampled past it.
            if c1 - c0 <= Self.maximumColumns, r1 - r0 <= Self.maximumRows {
                for row in r0...r1 {
                    for column in c0...c1 {
                        var inside = false
                        for i in 0..<3 where !inside {
                            for j in 0..<3 where !inside {
                                let p = Point(
                                    x: (Double(column) + (Double(j) + 0.5) / 3) * cellWidth,
                                    y: (Double(row) + (Double(i) + 0.5) / 3) * cellHeight)
                                inside = Self.winding(p, polygons) != 0
                            }
                        }
                        if inside { mark(column, row, fillIntensity) }
                    }
                }
            }
        }
        if strokeIntensity > 0 {
            let stroke = drawn >= 1 ? placed : PathMeasure(placed).trimmed(toFraction: drawn)
            markPoints(Self.flattened(stroke, step: step), strokeIntensity)
        }
        return out
    }

    /// A path as polylines, one per subpath, with points at most about `step` apart.
    static func flattened(_ path: ShapePath, step: Double) -> [[Point]] {
        var lines: [[Point]] = []
        var current: [Point] = []
        var start = Point.zero, pen = Point.zero
        func add(to end: Point, _ at: (Double) -> Point, length: Double) {
            if current.isEmpty { current = [pen] }
            let n = min(max(Int((length / step).rounded(.up)), 1), 4096)
            for k in 1...n { current.append(at(Double(k) / Double(n))) }
            pen = end
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                if !current.isEmpty { lines.append(current) }
                current = [p]
                start = p
                pen = p
            case .line(let p):
                let a = pen
                add(to: p, { a + (p - a) * $0 }, length: (p - a).length)
            case .quad(let c, let p):
                let a = pen
                add(to: p, { t in a * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p * (t * t) },
                    length: (c - a).length + (p - c).length)
            case .cubic(let c1, let c2, let p):
                let a = pen
                add(to: p, { t in
                    let u = 1 - t
                    return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                }, length: (c1 - a).length + (c2 - c1).length + (p - c2).length)
            case .close:
                let a = pen, b = start
                add(to: b, { a + (b - a) * $0 }, length: (b - a).length)
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The non-zero winding number of polygons (each closed back to its start) around a point.
    static func winding(_ p: Point, _ polygons: [[Point]]) -> Int {
        var winding = 0
        for polygon in polygons where polygon.count > 2 {
            for (k, a) in polygon.enumerated() {
                let b = polygon[(k + 1) % polygon.count]
                if a.y <= p.y {
                    if b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }

    /// The least opacity shown.
    private var threshold: Double { shading == .none ? 0.5 : 0.15 }

    /// How strongly a glyph shows, 0…1: its opacity times its ink (its fill, or
    /// half once its outline is half written).
    static func intensity(_ s: GlyphState) -> Double {
        let written = s.strokeEnd >= 0.5 ? 0.5 : 0
        let ink = s.fill.isNaN ? 0 : max(min(s.fill, 1), written)
        return min(max(s.opacity, 0), 1) * ink
    }

    /// The cell of a sprite's box's top-left corner, in cells from the layout's origin.
    private func place(_ sprite: SpriteFrame) -> (column: Int, row: Int)? {
        let s = sprite.state
        guard s.isFinite else { return nil }
        let column = Self.cell((s.position.x - sprite.boxSize.width / 2) / cellWidth)
        let row = Self.cell((s.position.y - sprite.boxSize.height / 2) / cellHeight)
        return (column, row)
    }

    /// A frame as one string: ``lines(_:in:)`` joined with newlines.
    public func render(_ frame: Frame, in timeline: Timeline) -> String {
        lines(frame, in: timeline).joined(separator: "\n")
    }

    /// The glyph as it may be shown, or nil when it must not reach a terminal:
    /// it holds a scalar `TerminalEscape` escapes (a control character, a
    /// bidirectional formatting character, a line separator), or it takes no cell.
    public static func neutralized(_ glyph: Character) -> Character? {
        if glyph.unicodeScalars.contains(where: TerminalEscape.mustEscape) { return nil }
        return MonospaceLayout.cells(glyph) == 0 ? nil : glyph
    }

    private struct Cell {
        var glyph: Character
        var intensity: Double
        var bold: Bool
        var continuation: Bool

        static let blank = Cell(glyph: " ", intensity: 0, bold: false, continuation: false)
    }

    private func line(_ row: [Cell]) -> String {
        var out = ""
        var current = ""
        for cell in row where !cell.continuation {
            let sgr = cell.glyph == " " ? "" : style(cell)
            if sgr != current {
                if !current.isEmpty { out += "\u{1B}[0m" }
                if !sgr.isEmpty { out += "\u{1B}[" + sgr + "m" }
                current = sgr
            }
            out.append(cell.glyph)
        }
        if !current.isEmpty { out += "\u{1B}[0m" }
        // Trailing blanks carry nothing.
        while out.last == " " { out.removeLast() }
        return out
    }

    /// The SGR parameters of a cell ("" for the terminal's default).
    private func style(_ cell: Cell) -> String {
        switch shading {
        case .none:
            return ""
        case .attributes:
            if cell.bold { return "1" }
            return cell.intensity < 0.6 ? "2" : ""
        case .greys:
            let grey = 232 + Int((min(cell.intensity, 1) * 23).rounded())
            return (cell.bold ? "1;" : "") + "38;5;\(grey)"
        }
    }

    /// The cell a coordinate (in cells) falls in.
    private static func floorCell(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return Int(min(max(x.rounded(.down), -1e6), 1e6))
    }

    private static func cell(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return Int(min(max(x.rounded(.toNearestOrAwayFromZero), -1e6), 1e6))
    }
}
