/// What a sprite draws: a glyph of the text, or a shape.
///
/// The raw values are the names `kinetype frames --json` writes in `"kind"`.
public enum SpriteKind: String, Hashable, Sendable, CaseIterable {
    /// A glyph of a text.
    case glyph
    /// A rectangle, its corners rounded by `Shape.cornerRadius`.
    case rect
    /// An ellipse filling the shape's box.
    case ellipse
    /// A straight line across the middle of the shape's box, left to right (drawn by its stroke).
    case line
    /// A path of the shape's own (`Shape.path`), in its box's coordinates.
    case path
}
