/// How a layout draws one glyph: its outline, the pictures of its colour
/// glyphs (an emoji's), and a name for the whole.
///
/// Layouts that only place glyphs (``MonospaceLayout``) have none; a layout
/// backed by a font (Typesetter's `FontLayout`) names one per glyph in each
/// result (``TextLayoutResult/drawings``) and gives it back by that name
/// (``GlyphLayout/drawing(named:)``), which is how renderers get outlines
/// without knowing the layout's type.
public struct GlyphDrawing: Hashable, Sendable {
    /// The outline in points, y down, relative to the glyph's pen origin on the
    /// baseline (translate by `(frame.rect.minX, frame.baseline)` to place it);
    /// empty for spaces and other blank glyphs.
    public var outline: ShapePath
    /// Equal keys mean equal drawings, so a renderer can define each shape once.
    /// Empty exactly when the glyph draws nothing (no outline, no picture).
    public var shapeKey: String
    /// Whether the outline is a pen's open strokes, to be stroked and never filled.
    public var isPenStroke: Bool
    /// The colour pictures drawn over the outline, in its space (see `GlyphImage`).
    public var images: [GlyphImage]

    /// A drawing from its parts.
    public init(outline: ShapePath, shapeKey: String, isPenStroke: Bool = false, images: [GlyphImage] = []) {
        self.outline = outline
        self.shapeKey = shapeKey
        self.isPenStroke = isPenStroke
        self.images = images
    }

    /// Whether the glyph draws nothing: no outline and no picture.
    public var drawsNothing: Bool { outline.isEmpty && images.isEmpty }

    /// The tight bounds of what is drawn (the outline and the pictures), nil when nothing is.
    public var inkBounds: Rect? {
        var bounds = outline.bounds
        for image in images { bounds = bounds.map { $0.union(image.rect) } ?? image.rect }
        return bounds
    }
}
