/// What the legibility measure finds in one frame (`Legibility.check`).
public struct FrameLegibility: Hashable, Sendable {
    /// The time of the frame.
    public var time: Double
    /// How many sprites are clearly visible (whitespace aside).
    public var visibleGlyphs: Int
    /// Pairs of clearly visible glyphs on one line whose boxes overlap too much, the largest overlap first.
    public var garbledPairs: [Legibility.GarbledPair]
    /// Glyphs shown clearly visible more often than the texts in play allow, in drawing order.
    public var doubledGlyphs: [Legibility.DoubledGlyph]

    public init(
        time: Double, visibleGlyphs: Int, garbledPairs: [Legibility.GarbledPair] = [],
        doubledGlyphs: [Legibility.DoubledGlyph] = []
    ) {
        self.time = time
        self.visibleGlyphs = visibleGlyphs
        self.garbledPairs = garbledPairs
        self.doubledGlyphs = doubledGlyphs
    }

    /// Whether some pair is garbled.
    public var isGarbled: Bool { !garbledPairs.isEmpty }
    /// Whether some glyph is doubled.
    public var hasDoubledGlyph: Bool { !doubledGlyphs.isEmpty }
    /// Whether the frame reads: nothing garbled, nothing doubled.
    public var isLegible: Bool { garbledPairs.isEmpty && doubledGlyphs.isEmpty }
}
