/// The analysis of a change from one text to another: what persists, what leaves, what enters.
public struct TextChange: Hashable, Sendable {
    /// The old text's glyphs (extended grapheme clusters).
    public var oldGlyphs: [Character]
    /// The new text's glyphs.
    public var newGlyphs: [Character]
    /// One mutation per glyph: inserts and transforms in new-text order, then removes in old-text order.
    public var mutations: [GlyphMutation]
    /// min((inserted + removed) / max(oldCount, newCount), 1); 0 when both texts are empty.
    public var changeRatio: Double
    /// +1 or −1: the numeric direction of the change (+1 when the texts are not numbers).
    public var trend: Int
    /// The mode the change was analyzed with.
    public var mode: DiffMode

    /// A change with every field given; `TextChangeAnalyzer` makes these.
    public init(
        oldGlyphs: [Character], newGlyphs: [Character], mutations: [GlyphMutation],
        changeRatio: Double, trend: Int, mode: DiffMode
    ) {
        self.oldGlyphs = oldGlyphs
        self.newGlyphs = newGlyphs
        self.mutations = mutations
        self.changeRatio = changeRatio
        self.trend = trend
        self.mode = mode
    }
}
