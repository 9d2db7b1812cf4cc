import Animator

/// A laid-out text together with the outline of every Character: what a
/// renderer needs to draw it. Produced by ``FontLayout/shape(_:)``.
public struct ShapedText: Hashable, Sendable {
    /// The frames, lines and size, exactly as ``FontLayout/layout(_:)`` gives them.
    public var layout: TextLayoutResult
    /// One entry per Character, in the same order as `layout.frames`.
    public var glyphs: [ShapedGlyph]

    /// Creates a shaped text from its parts.
    public init(layout: TextLayoutResult, glyphs: [ShapedGlyph]) {
        self.layout = layout
        self.glyphs = glyphs
    }
}
