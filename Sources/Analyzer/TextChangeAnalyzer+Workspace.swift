extension TextChangeAnalyzer {
    /// What successive analyses share: the numbering of glyphs, so equal glyphs
    /// keep their ids from one change to the next (the Director's sprites rely
    /// on it), and the scratch memory of the diff, so a steady stream of
    /// changes allocates only their results.
    ///
    /// ```swift
    /// let workspace = TextChangeAnalyzer.Workspace()
    /// let analyzer = TextChangeAnalyzer()
    /// let first = analyzer.analyze(from: "日本", to: "日本語", in: workspace)
    /// let second = analyzer.analyze(from: "日本語", to: "本語", in: workspace)
    /// // "語" has the same id in both changes.
    /// ```
    ///
    /// Glyphs stay numbered until `compact(keeping:)` forgets those no longer
    /// needed; a workspace that sees an endless variety of glyphs should be
    /// compacted from time to time (the Director does it by itself).
    ///
    /// - Important: A workspace is confined to one thread or actor at a time; it is not `Sendable`.
    public final class Workspace {
        var interner = GlyphInterner()
        /// The last text analysed to, ready to be analysed from (see `LastText`).
        var last: LastText? {
            willSet {
                // Its buffers are the next analysis's to write into, agreeing with the new last text on nothing yet.
                if let last { spare = SpareGlyphs(ids: last.ids, narrow: last.narrow, agreeing: 0) }
            }
        }
        /// The buffers of the text before the last one (see `SpareGlyphs`).
        var spare = SpareGlyphs()
        /// Scratch memory kept between analyses (up to `retainedScratchLimit` bytes).
        private var scratch: UnsafeMutableRawBufferPointer

        /// Scratch beyond this many bytes is freed after each analysis.
        public static let retainedScratchLimit = 4 << 20

        public init() {
            scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
        }

        deinit { scratch.deallocate() }

        /// The glyph of each id given so far.
        public var symbols: GlyphTable { interner.symbols }

        /// The number of ids given, the 128 ASCII ids included.
        public var glyphCount: Int { interner.symbols.count }

        /// The id of a glyph, numbering it if it has none yet.
        public func id(of glyph: Character) -> GlyphID { interner.id(of: glyph) }

        /// Forgets every glyph `keep` does not hold (ASCII glyphs are never
        /// forgotten) and renumbers the others from 128 in their order, so the
        /// table holds only what is in use. Changes made earlier keep their own
        /// table and stay valid; ids in use must be translated.
        ///
        /// - Returns: the new id of every old id, indexed by old id (−1 for a
        ///   forgotten glyph).
        /// - Complexity: O(ids + `keep`).
        @discardableResult
        public func compact(keeping keep: some Sequence<GlyphID>) -> [GlyphID] {
            // The last text's ids change: it is segmented again when next analysed from.
            last = nil
            return interner.compact(keeping: keep)
        }

        /// Runs one analysis in the workspace's scratch memory, growing it for next time.
        func run<R>(expected: Int, _ body: (inout GlyphInterner, inout ScratchArena) -> R) -> R {
            var arena = ScratchArena(stack: scratch, expected: expected)
            let result = body(&interner, &arena)
            let wanted = min(arena.bytesRequested, Self.retainedScratchLimit)
            if wanted > scratch.count {
                scratch.deallocate()
                scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 16)
            }
            return result
        }
    }
}
