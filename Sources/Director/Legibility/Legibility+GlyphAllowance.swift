extension Legibility {
    /// How many times each glyph may be shown at once: the most any of the texts
    /// in play holds it. A glyph shown clearly visible more often is doubled.
    ///
    /// ```swift
    /// var allowance = Legibility.GlyphAllowance(["Send Action", "Action Sent"])
    /// allowance.limit(of: "n")    // 2: each text holds two
    /// allowance.limit(of: "d")    // 1
    /// allowance.include("Sent, Sent")
    /// allowance.limit(of: "S")    // 2
    /// ```
    ///
    /// Glyphs are `Character`s, compared as Swift compares them (canonical equivalence).
    public struct GlyphAllowance: Hashable, Sendable {
        private var limits: [Character: Int] = [:]

        /// An allowance of nothing: every visible glyph is one too many.
        public init() {}

        /// The allowance of the texts given: per glyph, the most any of them holds.
        ///
        /// - Complexity: O(g) in the glyphs of the texts.
        public init(_ texts: some Sequence<String>) {
            for text in texts { include(text) }
        }

        /// Adds a text to those in play: each of its glyphs may now be shown as
        /// often as it holds it, if that is more than before.
        ///
        /// - Complexity: O(g) in the glyphs of the text.
        public mutating func include(_ text: String) {
            var counts: [Character: Int] = [:]
            for glyph in text { counts[glyph, default: 0] += 1 }
            for (glyph, count) in counts where count > limits[glyph, default: 0] { limits[glyph] = count }
        }

        /// How many times `glyph` may be shown clearly visible at once.
        public func limit(of glyph: Character) -> Int {
            limits[glyph] ?? 0
        }
    }
}
