extension Legibility {
    /// Two clearly visible glyphs on one line whose boxes overlap too much to read.
    public struct GarbledPair: Hashable, Sendable {
        /// The time of the frame.
        public var time: Double
        /// The id of the sprite drawn first (lower in z-order).
        public var first: Int32
        /// The glyph of the sprite drawn first.
        public var firstSymbol: Character
        /// The id of the sprite drawn second.
        public var second: Int32
        /// The glyph of the sprite drawn second.
        public var secondSymbol: Character
        /// The horizontal overlap as a share of the narrower box's width, in (0, 1].
        public var overlap: Double
    }

    /// A glyph shown clearly visible more often than the texts in play allow.
    public struct DoubledGlyph: Hashable, Sendable {
        /// The time of the frame.
        public var time: Double
        /// The glyph.
        public var symbol: Character
        /// How many clearly visible sprites show it.
        public var shown: Int
        /// How many the texts in play allow (`GlyphAllowance.limit(of:)`).
        public var allowed: Int
    }
}
