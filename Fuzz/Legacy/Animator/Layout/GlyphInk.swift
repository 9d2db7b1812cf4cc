/// How much a pen writes for a glyph and where the glyph falls in its pen's
/// journey: what the `write` effect times a single-stroke font by (see
/// `TextLayoutResult.ink`). All lengths are in points of ink; every value is
/// 0 when the layout has no pen.
///
/// The pen writes the entering glyphs in reading order and un-writes the
/// exiting ones backwards, from the last: a glyph's ``before`` counts its
/// peers (the glyphs entering, or exiting, with it) that come before it in
/// its text.
public struct GlyphInk: Hashable, Sendable {
    /// The glyph's own ink.
    public var length: Double
    /// The ink of its peers before it in reading order.
    public var before: Double
    /// The ink of all its peers, itself included.
    public var total: Double
    /// For an entering glyph: the ink of the glyphs leaving in the same change,
    /// which the pen un-writes first. 0 for the others.
    public var leaving: Double

    /// A glyph with no pen ink.
    public static let none = GlyphInk(length: 0, before: 0, total: 0, leaving: 0)

    public init(length: Double, before: Double, total: Double, leaving: Double = 0) {
        self.length = length
        self.before = before
        self.total = total
        self.leaving = leaving
    }

    /// Whether the glyph is written by a pen: its peers have ink.
    @inlinable
    public var isWritten: Bool { total > 0 }
}
