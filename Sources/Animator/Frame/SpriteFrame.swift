import Analyzer

/// One sprite in a frame: its identity, its glyph and what it shows.
///
/// Plain data, so frames of thousands of sprites are written without reference
/// counting; the glyph is an index into the frame's `symbols`
/// (`frame.symbol(of: sprite)`).
@frozen
public struct SpriteFrame: Hashable, Sendable {
    /// The sprite's identity: the same glyph keeps its id across frames and interruptions.
    public var id: Int32
    /// The glyph's identity, an index into `Frame.symbols` (see `GlyphID`).
    public var glyph: GlyphID
    /// Leaving, staying or arriving.
    public var role: SpriteRole
    /// What the glyph looks like: its drawing in the text it belongs to, as the
    /// layout named it (`TextLayoutResult.drawings`; 0: nothing of its own), or
    /// −1 when the layout names no drawings (draw the glyph by its symbol).
    /// A glyph whose shape is changing also has a `SpriteReshape` in the frame.
    public var drawing: Int32
    /// Position (centre of the glyph's box), scale, rotation, opacity and the rest.
    public var state: GlyphState
    /// The size of the glyph's layout box (advance × line height).
    public var boxSize: Size
    /// How far the baseline lies below the box centre, in points.
    public var baselineOffset: Double

    @inlinable
    public init(
        id: Int32, glyph: GlyphID, role: SpriteRole, state: GlyphState, boxSize: Size, baselineOffset: Double,
        drawing: Int32 = -1
    ) {
        self.id = id
        self.glyph = glyph
        self.role = role
        self.drawing = drawing
        self.state = state
        self.boxSize = boxSize
        self.baselineOffset = baselineOffset
    }
}
