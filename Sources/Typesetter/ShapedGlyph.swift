import Animator

/// The drawing of one Character (all its glyphs: a base letter and its marks).
public struct ShapedGlyph: Hashable, Sendable {
    /// The outline in points, y down, relative to the Character's pen origin on
    /// the baseline (translate by `(frame.rect.minX, frame.baseline)` to place it).
    /// Empty for spaces, newlines and other blank Characters, and for glyphs a
    /// colour font draws as pictures (see ``images``).
    public var outline: GlyphPath
    /// A deterministic name of the outline: equal keys mean equal outlines, so
    /// a renderer can define each distinct shape once and reuse it. It lists the
    /// font file and face index, the size, and each glyph id with its offset in
    /// font units (`"<file>#<face>@<size>:<glyph>,<dx>,<dy>;…"`). Empty exactly
    /// when the Character draws nothing (no outline and no picture).
    public var shapeKey: String
    /// The font file whose glyphs draw the Character (a fallback font's file
    /// when the primary font lacks it).
    public var fontFile: String
    /// The colour pictures of the Character's colour glyphs (an emoji's), drawn
    /// over the outline in the same space; empty for glyphs without colour.
    public var images: [GlyphImage]
    /// Whether the drawing is a pen's strokes (open paths, see ``PenFont``)
    /// rather than an outline: renderers stroke it and never fill it.
    public var isPenStroke: Bool

    /// Creates a shaped glyph from its parts.
    public init(
        outline: GlyphPath, shapeKey: String, fontFile: String, isPenStroke: Bool = false, images: [GlyphImage] = []
    ) {
        self.outline = outline
        self.shapeKey = shapeKey
        self.fontFile = fontFile
        self.isPenStroke = isPenStroke
        self.images = images
    }

    /// Whether the Character draws nothing (see `GlyphDrawing.drawsNothing`).
    public var drawsNothing: Bool { drawing.drawsNothing }

    /// The tight bounds of what is drawn (see `GlyphDrawing.inkBounds`).
    public var inkBounds: Rect? { drawing.inkBounds }
}

extension ShapedGlyph {
    /// The drawing renderers use: the outline, its key, whether it is a pen's strokes, the pictures.
    public var drawing: GlyphDrawing {
        GlyphDrawing(outline: outline, shapeKey: shapeKey, isPenStroke: isPenStroke, images: images)
    }
}
