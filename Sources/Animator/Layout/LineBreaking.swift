/// One glyph as line breaking sees it: its advance, in the layout's own unit
/// (cells on a grid, points when measured), and what kind of glyph it is.
struct BreakGlyph<Width> {
    /// The advance (a tab's is the pen's to decide: it depends on where the pen stands).
    var width: Width
    /// `Character.isWhitespace`: spaces hang at the end of a line and separate words.
    var isSpace: Bool
    /// `Character.isNewline`: the glyph ends its line.
    var isNewline: Bool
    /// A horizontal tab, which advances to the next tab stop.
    var isTab: Bool
}

/// The glyphs a layout breaks into lines, read by index.
protocol LineBreakGlyphs {
    associatedtype Width: AdditiveArithmetic
    var count: Int { get }
    func breakGlyph(at index: Int) -> BreakGlyph<Width>
}

/// What places glyphs on lines for the line breaker: a layout's pen.
protocol LineBreakPen {
    associatedtype Width: AdditiveArithmetic
    /// Whether lines wrap (at a width the pen knows) or only break at newlines.
    var wraps: Bool { get }
    /// Whether the current line holds something that a wrap would leave behind.
    var lineHasContent: Bool { get }
    /// Whether `width` more, in `glyphs` more glyphs, would overflow the current line.
    func overflows(adding width: Width, glyphs: Int) -> Bool
    /// The advance of a tab where the pen stands.
    func tabAdvance() -> Width
    /// Places the next glyph at the pen and moves the pen past it.
    mutating func place(_ width: Width, isSpace: Bool)
    /// Ends the current line after the glyphs placed so far.
    mutating func finishLine()
}

/// Breaks `glyphs` into lines from glyph `start` (where `pen` stands, at a
/// line's start) to the end, the one rule every layout of the engine follows:
/// a newline ends its line; when the pen wraps, a word (a run of glyphs that are
/// not spaces) that does not fit on a line with content starts the next one,
/// and a word wider than a whole line breaks between glyphs; spaces never wrap
/// (they hang at the end of the line). After each line that ends before a word
/// or at a newline, `resumes` may say that the rest is laid out already: the
/// breaker then stops, and returns true.
///
/// The last line is left open: the caller finishes it.
///
/// - Complexity: O(n) in the glyphs from `start`.
@inline(__always)
func breakLines<Glyphs: LineBreakGlyphs, Pen: LineBreakPen>(
    _ glyphs: Glyphs, from start: Int, pen: inout Pen, resumes: (inout Pen) -> Bool = { _ in false }
) -> Bool where Glyphs.Width == Pen.Width {
    let n = glyphs.count
    let wraps = pen.wraps
    var i = start
    while i < n {
        let g = glyphs.breakGlyph(at: i)
        if g.isNewline {
            pen.place(.zero, isSpace: g.isSpace)
            pen.finishLine()
            if resumes(&pen) { return true }
            i += 1
            continue
        }
        if wraps, !g.isSpace {
            // A word: wrap before it when it does not fit and the line already has content.
            var end = i + 1
            var width = g.width
            while end < n {
                let next = glyphs.breakGlyph(at: end)
                if next.isSpace { break }
                width += next.width
                end += 1
            }
            if pen.overflows(adding: width, glyphs: end - i), pen.lineHasContent {
                pen.finishLine()
                if resumes(&pen) { return true }
            }
            for j in i..<end {
                let w = j == i ? g.width : glyphs.breakGlyph(at: j).width
                if pen.overflows(adding: w, glyphs: 1), pen.lineHasContent { pen.finishLine() }
                pen.place(w, isSpace: false)
            }
            i = end
            continue
        }
        pen.place(g.isTab ? pen.tabAdvance() : g.width, isSpace: g.isSpace)
        i += 1
    }
    return false
}
