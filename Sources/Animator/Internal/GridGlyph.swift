import Analyzer

/// What a monospace layout needs to know about one glyph, decided with one look
/// at its bytes: the layout asks about every glyph, and a printable ASCII glyph
/// answers everything without a Unicode property lookup.
struct GridGlyph {
    /// Cells taken on the grid (0 for control and format characters, 2 for wide
    /// ones); a tab's width depends on its column and is resolved when it is placed.
    var cells: Int
    /// `Character.isWhitespace`: spaces hang at the end of a line and separate words.
    var isSpace: Bool
    /// `Character.isNewline`: the glyph ends its line.
    var isNewline: Bool
    /// A horizontal tab, which advances to the next tab stop.
    var isTab: Bool

    @inline(__always)
    init(_ g: Character) {
        guard let ascii = g.singleASCII else {
            self = Self.unicode(g)
            return
        }
        self.init(ascii: ascii)
    }

    /// The glyph that is this one ASCII byte.
    @inline(__always)
    init(ascii: UInt8) {
        cells = ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        isNewline = ascii >= 0x0A && ascii <= 0x0D
        isSpace = ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
        isTab = ascii == 0x09
    }

    init(cells: Int, isSpace: Bool, isNewline: Bool, isTab: Bool = false) {
        self.cells = cells
        self.isSpace = isSpace
        self.isNewline = isNewline
        self.isTab = isTab
    }

    /// The Unicode property lookups, kept out of line so that the ASCII path inlines small.
    @inline(never)
    private static func unicode(_ g: Character) -> GridGlyph {
        GridGlyph(cells: MonospaceLayout.cells(g), isSpace: ScalarProperties.isWhitespace(g), isNewline: g.isNewline)
    }
}

/// The glyphs a grid lays out, read by index.
protocol GridGlyphSource: LineBreakGlyphs where Width == Int {
    func grid(at index: Int) -> GridGlyph
}

extension GridGlyphSource {
    /// The glyph for line breaking: its cells and kind.
    @inline(__always)
    func breakGlyph(at index: Int) -> BreakGlyph<Int> {
        let g = grid(at: index)
        return BreakGlyph(width: g.cells, isSpace: g.isSpace, isNewline: g.isNewline, isTab: g.isTab)
    }
}

/// Glyphs given as characters.
struct CharacterGrid: GridGlyphSource {
    let glyphs: [Character]

    var count: Int { glyphs.count }

    @inline(__always)
    func grid(at index: Int) -> GridGlyph { GridGlyph(glyphs[index]) }
}

/// Glyphs given as the ids of one side of a change: each distinct glyph is
/// measured once, its cells and kind kept by id for the rest of the layout.
struct IDGrid: GridGlyphSource {
    private let ids: UnsafeBufferPointer<GlyphID>
    private let symbols: GlyphTable
    /// Per id: the glyph as the grid sees it (`packed`), or 0xFF when not measured yet.
    private let measured: UnsafeMutableBufferPointer<UInt8>

    var count: Int { ids.count }

    /// Calls `body` with the grid of `glyphs` (its scratch on the stack for small glyph tables).
    static func with<R>(_ glyphs: GlyphSequence, _ body: (IDGrid) -> R) -> R {
        glyphs.withUnsafeIDs { ids in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(glyphs.symbols.count, 1)) { measured in
                measured.initialize(repeating: 0xFF)
                return body(IDGrid(ids: ids, symbols: glyphs.symbols, measured: measured))
            }
        }
    }

    @inline(__always)
    func grid(at index: Int) -> GridGlyph {
        let id = Int(ids[index])
        guard id >= 0, id < measured.count else { return GridGlyph(symbols[id]) }
        var packed = measured[id]
        if packed == 0xFF {
            // An ASCII glyph is measured from its byte, without making its `Character`.
            let code = symbols.asciiCode(GlyphID(truncatingIfNeeded: id))
            packed = Self.pack(code.map { GridGlyph(ascii: $0) } ?? GridGlyph(symbols[id]))
            measured[id] = packed
        }
        return Self.unpack(packed)
    }

    /// Cells in the low two bits (0, 1 or 2), then space, newline and tab.
    private static func pack(_ g: GridGlyph) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(g.cells, 0), 3)) | (g.isSpace ? 4 : 0) | (g.isNewline ? 8 : 0) | (g.isTab ? 16 : 0)
    }

    private static func unpack(_ packed: UInt8) -> GridGlyph {
        GridGlyph(cells: Int(packed & 3), isSpace: packed & 4 != 0, isNewline: packed & 8 != 0, isTab: packed & 16 != 0)
    }
}
