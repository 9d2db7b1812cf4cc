import Animator
import Director

/// How every glyph a timeline shows is drawn, for the renderers that draw
/// shapes (SVG, PNG, GIF, WebP, video, Lottie); the terminal renderer needs none.
///
/// A glyph's drawing depends on its neighbours (an Arabic letter's joining
/// form, a ligature, a mark placed over a syllable), so a layout that names
/// its drawings (`TextLayoutResult.drawings`, Typesetter's `FontLayout`) gives
/// each sprite the drawing of the text it belongs to (`SpriteFrame.drawing`),
/// and renderers draw that: a settled frame looks exactly like its text laid
/// out alone. A glyph whose shape changes mid-transition is drawn with its old
/// and new drawings in shares (`Frame.drawings(of:cursor:)`). Drawings given
/// Character by Character (``init(drawings:fontSize:)``) draw every sprite of
/// their Character, and a sprite whose layout could not name its drawing (−1,
/// past the process's million distinct drawings) is drawn by its Character's
/// first named drawing in the texts.
///
/// ```swift
/// let font = try FontLayout(size: 48)
/// let outlines = GlyphOutlines(texts: ["Send Action", "Action Sent"], layout: font)
/// outlines["A"]?.shapeKey   // "/usr/share/fonts/…/DejaVuSans.ttf#0@48:36,0,0"
/// ```
///
/// A layout that only places glyphs (`MonospaceLayout`) has no drawings:
/// ``drawsGlyphs`` is false, and the renderers that draw shapes refuse a
/// recording that shows glyphs without them (``RenderError`` `.noOutlines`)
/// rather than draw an empty picture.
public struct GlyphOutlines: Sendable {
    private var table: [Character: GlyphDrawing]
    /// Drawings by the id their layout named them with, made ahead for every text given.
    private var named: [Int32: GlyphDrawing] = [:]
    /// The layout, for drawings named later (texts not given ahead).
    private var layout: (any GlyphLayout)?
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

    /// Every text's drawings from the layout, by the id the layout named each
    /// unit with in context, and each Character's first one; none when the
    /// layout does not draw (``drawsGlyphs`` is then false).
    ///
    /// - Complexity: O(n) in the total number of Characters, plus shaping.
    public init(texts: [String], layout: any GlyphLayout) {
        table = [:]
        let empty = layout.layout([])
        fontSize = empty.fontSize
        drawsGlyphs = empty.drawings != nil
        guard drawsGlyphs else { return }
        self.layout = layout
        for text in texts {
            let glyphs = Array(text)
            for (character, id) in zip(glyphs, layout.layout(glyphs).drawings ?? []) where id > 0 {
                if named[id] == nil, let drawing = layout.drawing(named: id) { named[id] = drawing }
                if table[character] == nil { table[character] = named[id] }
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

    /// The drawing a layout named (`SpriteFrame.drawing`): nil for 0 (nothing to draw).
    public subscript(drawing id: Int32) -> GlyphDrawing? {
        guard id > 0 else { return nil }
        return named[id] ?? layout?.drawing(named: id)
    }

    /// The drawing of a sprite's glyph for a renderer that draws shapes: nil
    /// for a blank glyph (a space, a newline) that has none.
    ///
    /// - Throws: ``RenderError`` `.noOutlines` for a visible glyph without a
    ///   drawing: these outlines came from a layout that does not draw, or from
    ///   texts that did not hold the glyph.
    func drawing(for character: Character) throws(RenderError) -> GlyphDrawing? {
        if let drawing = table[character] { return drawing }
        if character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return nil
        }
        throw .noOutlines(character, fromLayout: drawsGlyphs)
    }

    /// What a sprite showing `symbol` draws for drawing `id`: the named drawing
    /// (nothing for 0), or the Character's when the layout names none (−1) or
    /// the id is unknown to these outlines.
    ///
    /// - Throws: as ``drawing(for:)``.
    func drawing(_ id: Int32, symbol: Character) throws(RenderError) -> GlyphDrawing? {
        if id == 0 { return nil }
        if id > 0, let drawing = self[drawing: id] { return drawing }
        return try drawing(for: symbol)
    }

    /// Whether no Character has a drawing.
    public var isEmpty: Bool { table.isEmpty && named.isEmpty }

    /// The tight bounds of a drawing's ink, nil when it draws nothing.
    func inkBounds(_ id: Int32, symbol: Character) -> Rect? {
        (try? drawing(id, symbol: symbol))??.inkBounds
    }
}

/// One drawing of a sprite with the share of the sprite's opacity it is shown
/// at: a sprite shows one, or two while its shape changes.
struct DrawnPart {
    var id: Int32
    var share: Double
    /// The sprite as this drawing is placed: the old drawing of a changing
    /// shape has its old box, at its place along the sprite's.
    var sprite: SpriteFrame

    /// The parts of sprite `index` of `frame`, the old drawing first; `cursor`
    /// walks the frame's reshapes (start at 0, sprites in order).
    static func parts(of index: Int, in frame: Frame, cursor: inout Int) -> (DrawnPart?, DrawnPart) {
        let sprite = frame.sprites[index]
        let d = frame.drawings(of: index, cursor: &cursor)
        let to = DrawnPart(id: d.to, share: d.toShare, sprite: sprite)
        var peek = cursor
        guard d.from >= 0, d.fromShare > 0, let reshape = frame.reshape(of: index, cursor: &peek) else { return (nil, to) }
        var old = sprite
        // The old box's centre: its pen origin lies `offset` from the sprite's, along the (scaled, turned) box.
        let along = reshape.centreOffset(boxWidth: sprite.boxSize.width)
        let turn = Transform.rotation(sprite.state.rotation)
        let shift = turn.apply(Point(x: along * sprite.state.scaleX, y: 0))
        old.state.position = Point(x: sprite.state.position.x + shift.x, y: sprite.state.position.y + shift.y)
        old.boxSize.width = reshape.width
        old.drawing = d.from
        return (DrawnPart(id: d.from, share: d.fromShare, sprite: old), to)
    }
}
