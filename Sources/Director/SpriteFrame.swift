import Analyzer
import Animator

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
    /// Position (centre of the glyph's box), scale, rotation, opacity and the rest.
    public var state: GlyphState
    /// The size of the glyph's layout box (advance × line height).
    public var boxSize: Size
    /// How far the baseline lies below the box centre, in points.
    public var baselineOffset: Double

    @inlinable
    public init(id: Int32, glyph: GlyphID, role: SpriteRole, state: GlyphState, boxSize: Size, baselineOffset: Double) {
        self.id = id
        self.glyph = glyph
        self.role = role
        self.state = state
        self.boxSize = boxSize
        self.baselineOffset = baselineOffset
    }
}

/// Everything visible at one instant: the shapes and glyph sprites in drawing
/// order and the particles above them.
///
/// Drawing order: `shapes` whose layer is `.belowText` (tiles, a scene's
/// shapes by default), then the glyph `sprites`, then `.aboveText` shapes, then
/// particles.
public struct Frame: Sendable {
    /// The time the frame shows.
    public var time: Double
    /// Live glyph sprites in z-order: exiting under persisting under entering, reading order within each.
    public var sprites: [SpriteFrame]
    /// Live shape sprites (a scene's shapes, the tiles under glyphs), in drawing order within each layer.
    public var shapes: [ShapeSprite]
    /// Particles alive at this time, drawn over the sprites.
    public var particles: [Particle]
    /// The glyphs sprites refer to (`SpriteFrame.glyph` indexes it).
    public var symbols: GlyphTable

    public init(
        time: Double, sprites: [SpriteFrame], particles: [Particle], symbols: GlyphTable, shapes: [ShapeSprite] = []
    ) {
        self.time = time
        self.sprites = sprites
        self.shapes = shapes
        self.particles = particles
        self.symbols = symbols
    }

    /// The glyph a sprite shows.
    @inlinable
    public func symbol(of sprite: SpriteFrame) -> Character {
        symbols[sprite.glyph]
    }
}
