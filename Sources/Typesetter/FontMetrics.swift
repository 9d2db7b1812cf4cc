/// The vertical metrics of a font at a size, in points, for renderers and layouts.
///
/// All distances are positive numbers measured from the baseline: ``ascent``
/// upwards, ``descent`` downwards. They come from FreeType's reading of the
/// font (`hhea`, or `OS/2` when `hhea` is empty), scaled from font units to
/// the size without hinting.
public struct FontMetrics: Hashable, Sendable {
    /// The em size in points (the font size).
    public var size: Double
    /// The font's design grid: units per em (2048 for DejaVu Sans).
    public var unitsPerEm: Int
    /// Distance from the baseline up to the top of the line's glyph area.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line's glyph area.
    public var descent: Double
    /// Extra space the font asks for between lines.
    public var lineGap: Double

    /// Creates metrics from their parts.
    public init(size: Double, unitsPerEm: Int, ascent: Double, descent: Double, lineGap: Double) {
        self.size = size
        self.unitsPerEm = unitsPerEm
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    /// The font's natural distance from one baseline to the next:
    /// `ascent + descent + lineGap`.
    public var lineHeight: Double { ascent + descent + lineGap }
}
