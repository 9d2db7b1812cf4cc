/// What the legibility measure finds in one frame (`Legibility.check`).
public struct FrameLegibility: Hashable, Sendable {
    /// The time of the frame.
    public var time: Double
    /// How many sprites are clearly visible (whitespace aside).
    public var visibleGlyphs: Int
    /// Pairs of readable glyphs on one line whose boxes overlap too much, the largest overlap first.
    public var garbledPairs: [Legibility.GarbledPair]
    /// Glyphs shown clearly visible more often than the texts in play allow, in drawing order.
    public var doubledGlyphs: [Legibility.DoubledGlyph]
    /// Spaces both texts keep shown collapsed or doubled, left to right, line by line.
    public var spaceGaps: [Legibility.SpaceGap]

    package init(
        time: Double, visibleGlyphs: Int, garbledPairs: [Legibility.GarbledPair] = [],
        doubledGlyphs: [Legibility.DoubledGlyph] = [], spaceGaps: [Legibility.SpaceGap] = []
    ) {
        self.time = time
        self.visibleGlyphs = visibleGlyphs
        self.garbledPairs = garbledPairs
        self.doubledGlyphs = doubledGlyphs
        self.spaceGaps = spaceGaps
    }

    /// Whether some pair is garbled.
    public var isGarbled: Bool { !garbledPairs.isEmpty }
    /// Whether some glyph is doubled.
    public var hasDoubledGlyph: Bool { !doubledGlyphs.isEmpty }
    /// Whether some space both texts keep is collapsed or doubled.
    public var hasSpaceGap: Bool { !spaceGaps.isEmpty }
    /// Whether the frame reads: nothing garbled, nothing doubled, no space collapsed or doubled.
    public var isLegible: Bool { garbledPairs.isEmpty && doubledGlyphs.isEmpty && spaceGaps.isEmpty }
}
