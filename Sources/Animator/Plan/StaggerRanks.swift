import Analyzer

/// The keys the stagger orders glyphs by (`StaggerOrder`): entering glyphs among
/// themselves, exiting glyphs among themselves. Sorted, equal keys start together
/// (a word, a line) and share a rank.
enum StaggerRanks {
    /// What the orders read of the two texts.
    struct Texts {
        var oldCount: Int
        var newCount: Int
        /// Word numbers by glyph (see `WordNumbers`).
        var oldWords: [Int32]
        var newWords: [Int32]
        var old: AnchoredFrames
        var new: AnchoredFrames
        var seed: UInt64
    }

    /// The sort key of the glyph at `i` of the new text (`entering`) or the old one, in an order.
    static func key(index i: Int, entering: Bool, order: StaggerOrder, texts: Texts) -> Int64 {
        let count = entering ? texts.newCount : texts.oldCount
        switch order {
        case .reading, .simultaneous:
            return Int64(i)
        case .reversed:
            return -Int64(i)
        case .fromCenter:
            // Twice the distance from the middle, so that both middles of an even count
            // tie: glyphs the same distance either side start together.
            return Int64(abs(2 * i - (count - 1)))
        case .fromEdges:
            return Int64(min(i, count - 1 - i))
        case .byWords:
            let words = entering ? texts.newWords : texts.oldWords
            return i >= 0 && i < words.count ? Int64(words[i]) : Int64(i)
        case .byLines:
            return Int64((entering ? texts.new : texts.old)[i].line)
        case .random:
            // A seeded draw per glyph, separate for the two texts.
            var random = SeededRandom(seed: texts.seed).derived(UInt64(truncatingIfNeeded: i) << 1 | (entering ? 1 : 0))
            return Int64(bitPattern: random.next() >> 1)
        }
    }
}
