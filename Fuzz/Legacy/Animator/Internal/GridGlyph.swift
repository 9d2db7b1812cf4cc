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
        cells = ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        isNewline = ascii >= 0x0A && ascii <= 0x0D
        isSpace = ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
        isTab = ascii == 0x09
    }

    private init(cells: Int, isSpace: Bool, isNewline: Bool) {
        self.cells = cells
        self.isSpace = isSpace
        self.isNewline = isNewline
        isTab = false
    }

    /// The Unicode property lookups, kept out of line so that the ASCII path inlines small.
    @inline(never)
    private static func unicode(_ g: Character) -> GridGlyph {
        GridGlyph(cells: MonospaceLayout.cells(g), isSpace: g.isWhitespace, isNewline: g.isNewline)
    }
}
