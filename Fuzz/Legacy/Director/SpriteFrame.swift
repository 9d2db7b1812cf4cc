import LegacyAnalyzer
import LegacyAnimator

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
    /// The sprites whose drawing is changing (a letter that joins its new
    /// neighbour, a syllable that gains a mark), in the order of `sprites`.
    public var reshapes: [SpriteReshape]

    public init(
        time: Double, sprites: [SpriteFrame], particles: [Particle], symbols: GlyphTable, shapes: [ShapeSprite] = [],
        reshapes: [SpriteReshape] = []
    ) {
        self.time = time
        self.sprites = sprites
        self.shapes = shapes
        self.particles = particles
        self.symbols = symbols
        self.reshapes = reshapes
    }

    /// The share of each drawing a sprite shows: its `drawing` at `to`, and,
    /// while its shape changes, its old drawing at `from` (drawn first, under
    /// the new one). Shares multiply the sprite's opacity; the old drawing stays
    /// whole until the new one is half in, so a shape that changes never dims
    /// where both drawings have ink.
    ///
    /// `cursor` walks `reshapes` along `sprites`: start it at 0 and pass sprites in order.
    @inlinable
    public func drawings(of index: Int, cursor: inout Int) -> (from: Int32, fromShare: Double, to: Int32, toShare: Double) {
        let sprite = sprites[index]
        guard let reshape = reshape(of: index, cursor: &cursor) else { return (-1, 0, sprite.drawing, 1) }
        let p = min(max(reshape.progress, 0), 1)
        return (reshape.from, min(2 * (1 - p), 1), sprite.drawing, min(2 * p, 1))
    }

    /// The reshape of sprite `index`, if its shape is changing (`cursor` as in `drawings(of:cursor:)`).
    @inlinable
    public func reshape(of index: Int, cursor: inout Int) -> SpriteReshape? {
        while cursor < reshapes.count && Int(reshapes[cursor].sprite) < index { cursor += 1 }
        guard cursor < reshapes.count, Int(reshapes[cursor].sprite) == index else { return nil }
        return reshapes[cursor]
    }

    /// The glyph a sprite shows.
    @inlinable
    public func symbol(of sprite: SpriteFrame) -> Character {
        symbols[sprite.glyph]
    }
}
