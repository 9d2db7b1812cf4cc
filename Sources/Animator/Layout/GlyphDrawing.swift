/// How a layout draws one glyph: its outline and a name for that outline.
///
/// Layouts that only place glyphs (``MonospaceLayout``) have none; a layout
/// backed by a font (Typesetter's `FontLayout`) gives one per glyph through
/// ``GlyphLayout/drawings(_:)``, which is how renderers get outlines without
/// knowing the layout's type.
public struct GlyphDrawing: Hashable, Sendable {
    /// The outline in points, y down, relative to the glyph's pen origin on the
    /// baseline (translate by `(frame.rect.minX, frame.baseline)` to place it);
    /// empty for spaces and other blank glyphs.
    public var outline: ShapePath
    /// Equal keys mean equal outlines, so a renderer can define each shape once.
    /// Empty exactly when the outline is empty.
    public var shapeKey: String
    /// Whether the outline is a pen's open strokes, to be stroked and never filled.
    public var isPenStroke: Bool

    /// A drawing from its parts.
    public init(outline: ShapePath, shapeKey: String, isPenStroke: Bool = false) {
        self.outline = outline
        self.shapeKey = shapeKey
        self.isPenStroke = isPenStroke
    }
}
