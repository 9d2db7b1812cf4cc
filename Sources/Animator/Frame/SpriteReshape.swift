/// A sprite whose drawing is changing in a frame: a glyph that persists while
/// its shape in context changes (an Arabic letter taking its joined form, a
/// ligature forming, a syllable gaining a mark). It blends from its drawing in
/// the old text into `SpriteFrame.drawing` as its motion goes (`progress`
/// 0 → 1), and shows the new drawing alone once it settles. See
/// `Frame.drawings(of:cursor:)` for the shares a renderer draws each with.
@frozen
public struct SpriteReshape: Hashable, Sendable {
    /// The sprite's index in `Frame.sprites`.
    public var sprite: Int32
    /// The drawing it blends from.
    public var from: Int32
    /// How far the blend has gone, 0…1.
    public var progress: Double
    /// Where the old drawing's pen origin lies from the sprite's, along its box
    /// (before the sprite's transform): the two drawings share their start edge,
    /// the right one in right-to-left text.
    public var offset: Double
    /// The width of the old drawing's box.
    public var width: Double

    /// How far the old drawing's box centre lies from the sprite's, along its
    /// box (before the sprite's scale and rotation), for a sprite whose own box
    /// is `boxWidth` wide.
    @inlinable
    public func centreOffset(boxWidth: Double) -> Double {
        offset + (width - boxWidth) / 2
    }

    @inlinable
    public init(sprite: Int32, from: Int32, progress: Double, offset: Double = 0, width: Double = 0) {
        self.sprite = sprite
        self.from = from
        self.progress = progress
        self.offset = offset
        self.width = width
    }
}
