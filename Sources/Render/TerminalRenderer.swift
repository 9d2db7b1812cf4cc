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
        return cells.map(line)
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
    /// it contains a control character (C0, DEL, C1) or a bidirectional
    /// formatting character, or it takes no cell.
    public static func neutralized(_ glyph: Character) -> Character? {
        for scalar in glyph.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F..<0xA0).contains(v) { return nil }
            if v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                return nil
            }
        }
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

    private static func cell(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return Int(min(max(x.rounded(.toNearestOrAwayFromZero), -1e6), 1e6))
    }
}
