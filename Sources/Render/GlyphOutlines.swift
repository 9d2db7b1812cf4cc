import Animator

/// The outline of every glyph a timeline shows, for the renderers that draw
/// shapes (SVG, PNG, GIF, WebP, video, Lottie); the terminal renderer needs none.
///
/// Sprites name their glyph by `Character`, so each Character is drawn with one
/// outline: the one it has at its first occurrence in the texts, shaped in
/// context by the layout (`GlyphLayout.drawings(_:)`). Ligatures are off in Typesetter, so a
/// Character's outline only depends on its neighbours in scripts whose letters
/// change shape (Arabic joining forms); there a sprite keeps the form of its
/// first occurrence.
///
/// ```swift
/// let font = try FontLayout(size: 48)
/// let outlines = GlyphOutlines(texts: ["Send Action", "Action Sent"], layout: font)
/// outlines["A"]?.shapeKey   // "/usr/share/fonts/…/DejaVuSans.ttf#0@48:36,0,0"
/// ```
///
/// A layout that only places glyphs (`MonospaceLayout`) has no drawings:
/// ``drawsGlyphs`` is false, and the renderers that draw shapes refuse a
/// recording that shows glyphs without them (``RenderError/Code/noOutlines``)
/// rather than draw an empty picture.
public struct GlyphOutlines: Sendable {
    private var table: [Character: GlyphDrawing]
    /// The font size the outlines were shaped at (nil when unknown): what a
    /// ``StrokeStyle`` width in ems is relative to.
    public private(set) var fontSize: Double?

    /// No outlines: for the terminal renderer, which draws glyphs as characters.
    /// Renderers that draw shapes refuse glyphs without outlines.
    public init() {
        table = [:]
        drawsGlyphs = false
    }

    /// Outlines given Character by Character (a drawing that is not a font's:
    /// a traced path shown as a glyph, see ``PathWriter``).
    public init(drawings: [Character: GlyphDrawing], fontSize: Double? = nil) {
        table = drawings
        self.fontSize = fontSize
        drawsGlyphs = true
    }

    /// Every text's drawings from the layout, each Character's first one kept;
    /// none when the layout does not draw (``drawsGlyphs`` is then false).
    ///
    /// - Complexity: O(n) in the total number of Characters, plus shaping.
    public init(texts: [String], layout: any GlyphLayout) {
        table = [:]
        fontSize = layout.layout([]).fontSize
        drawsGlyphs = layout.drawings([]) != nil
        guard drawsGlyphs else { return }
        for text in texts {
            let glyphs = Array(text)
            let missing = glyphs.contains { table[$0] == nil }
            guard missing, let drawings = layout.drawings(glyphs) else { continue }
            for (character, drawing) in zip(glyphs, drawings) where table[character] == nil {
                table[character] = drawing
            }
        }
    }

    /// Whether these outlines come from a layout that draws glyphs (or were
    /// given); false for ``init()`` and layouts without drawings.
    public let drawsGlyphs: Bool

    /// The drawing of a Character, if one of the texts had it.
    public subscript(character: Character) -> GlyphDrawing? {
        table[character]
    }

    /// The drawing of a sprite's glyph for a renderer that draws shapes: nil
    /// for a blank glyph (a space, a newline) that has none.
    ///
    /// - Throws: ``RenderError/Code/noOutlines`` for a visible glyph without a
    ///   drawing: these outlines came from a layout that does not draw, or from
    ///   texts that did not hold the glyph.
    func drawing(for character: Character) throws(RenderError) -> GlyphDrawing? {
        if let drawing = table[character] { return drawing }
        if character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return nil
        }
        throw .noOutlines(character, fromLayout: drawsGlyphs)
    }

    /// Whether no Character has a drawing.
    public var isEmpty: Bool { table.isEmpty }

    /// The tight bounds of a Character's outline, nil when it draws nothing.
    func inkBounds(of character: Character) -> Rect? {
        table[character]?.outline.bounds
    }
}
