/// The band a sprite is drawn in.
///
/// Bands stack bottom to top in declaration order: glyphs leaving the text are
/// drawn under the glyphs that stay, and those under the glyphs arriving, so an
/// arriving glyph is never hidden behind one that is fading out. Within a band,
/// sprites are drawn in reading order (see ``SpritePool/withZOrder(_:)``).
///
/// ```swift
/// SpriteLayer.exiting < .persisting   // true
/// SpriteLayer.persisting < .entering  // true
/// ```
public enum SpriteLayer: UInt8, Comparable, CaseIterable, Sendable {
    /// A glyph of the old text that is leaving; drawn lowest.
    case exiting = 0
    /// A glyph present in both texts; drawn over exiting glyphs.
    case persisting = 1
    /// A glyph of the new text that is arriving; drawn on top.
    case entering = 2

    /// Whether `lhs` is drawn below `rhs`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: SpriteLayer, rhs: SpriteLayer) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
