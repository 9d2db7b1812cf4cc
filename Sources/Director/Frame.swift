import Analyzer
import Animator

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
