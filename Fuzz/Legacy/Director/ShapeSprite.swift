import LegacyAnalyzer
import LegacyAnimator

/// One shape in a frame: its identity, what it draws and how it shows.
///
/// A shape's `state` has the same channels as a glyph's: its box (`shape.size`)
/// is centred on `state.position`, scaled and rotated about it; `opacity`,
/// `blur`, `strokeEnd` and `fill` apply as to glyphs.
///
/// A shape that changes between two scene states blends from one to the other:
/// the sprite carries both and how far the blend has gone, and `shape` is the
/// blend at this instant (made when it is read, so making a frame allocates
/// nothing even while a path morphs).
public struct ShapeSprite: Hashable, Sendable {
    /// Which shapes are drawn under the text and which over it.
    public typealias Layer = ShapeLayer

    /// The sprite's identity: the same key keeps its id across scene states and interruptions.
    public var id: Int32
    /// The scene element's key ("tile" for a tile under a glyph).
    public var key: String
    /// The shape the sprite blends from.
    public var from: Shape
    /// The shape it blends to.
    public var to: Shape
    /// How far the blend has gone, 0…1.
    public var blend: Double
    /// Leaving, staying or arriving.
    public var role: SpriteRole
    /// Position (centre of the shape's box), scale, rotation, opacity and the rest.
    public var state: GlyphState
    /// Under or over the text.
    public var layer: Layer
    /// For a tile, the id of the glyph sprite it carries; -1 otherwise.
    public var glyphSprite: Int32

    /// A sprite that draws `shape` (no blend).
    public init(
        id: Int32, key: String, shape: Shape, role: SpriteRole, state: GlyphState, layer: Layer = .belowText,
        glyphSprite: Int32 = -1
    ) {
        self.init(
            id: id, key: key, from: shape, to: shape, blend: 1, role: role, state: state, layer: layer,
            glyphSprite: glyphSprite)
    }

    /// A sprite blending from one shape to another.
    public init(
        id: Int32, key: String, from: Shape, to: Shape, blend: Double, role: SpriteRole, state: GlyphState,
        layer: Layer = .belowText, glyphSprite: Int32 = -1
    ) {
        self.id = id
        self.key = key
        self.from = from
        self.to = to
        self.blend = blend.isFinite ? min(max(blend, 0), 1) : 1
        self.role = role
        self.state = state
        self.layer = layer
        self.glyphSprite = glyphSprite
    }

    /// What is drawn at this instant (sizes and paths blend between scene states).
    ///
    /// - Complexity: O(path elements) while a path blends.
    public var shape: Shape {
        get { blend >= 1 || from == to ? to : from.interpolated(to: to, blend) }
        set {
            from = newValue
            to = newValue
            blend = 1
        }
    }

    /// What the sprite draws.
    public var kind: SpriteKind { blend < 0.5 ? from.kind : to.kind }

    /// The shape's outline placed in the frame: its box centred on the position, scaled and rotated.
    public var placedOutline: ShapePath {
        let shape = self.shape
        return shape.outline.applying(state.transform(boxSize: shape.size))
    }
}
