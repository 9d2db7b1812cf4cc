import Analyzer
import Animator

/// One shape in a frame: its identity, what it draws and how it shows.
///
/// A shape's `state` has the same channels as a glyph's: its box (`shape.size`)
/// is centred on `state.position`, scaled and rotated about it; `opacity`,
/// `blur`, `strokeEnd` and `fill` apply as to glyphs.
public struct ShapeSprite: Hashable, Sendable {
    /// Which shapes are drawn under the text and which over it.
    public enum Layer: String, Hashable, Sendable, CaseIterable {
        /// Drawn before the glyphs (tiles, icons beside a label).
        case belowText
        /// Drawn after the glyphs, under the particles.
        case aboveText
    }

    /// The sprite's identity: the same key keeps its id across scene states and interruptions.
    public var id: Int32
    /// The scene element's key ("tile" for a tile under a glyph).
    public var key: String
    /// What is drawn, at this instant (sizes and paths blend between scene states).
    public var shape: Shape
    /// Leaving, staying or arriving.
    public var role: SpriteRole
    /// Position (centre of the shape's box), scale, rotation, opacity and the rest.
    public var state: GlyphState
    /// Under or over the text.
    public var layer: Layer
    /// For a tile, the id of the glyph sprite it carries; -1 otherwise.
    public var glyphSprite: Int32

    public init(
        id: Int32, key: String, shape: Shape, role: SpriteRole, state: GlyphState, layer: Layer = .belowText,
        glyphSprite: Int32 = -1
    ) {
        self.id = id
        self.key = key
        self.shape = shape
        self.role = role
        self.state = state
        self.layer = layer
        self.glyphSprite = glyphSprite
    }

    /// What the sprite draws.
    public var kind: SpriteKind { shape.kind }

    /// The shape's outline placed in the frame: its box centred on the position, scaled and rotated.
    public var placedOutline: ShapePath {
        shape.outline.applying(state.transform(boxSize: shape.size))
    }
}
