import LegacyAnalyzer
import LegacyAnimator

/// Which glyphs of a role an effect file moves, and how much: a shape laid
/// over the text from `start` to `end` (fractions of it, 0 its start and 1 its
/// end), read at the middle of each glyph's glyph, word or line, as After
/// Effects' range selector does. Glyphs outside the range do not move at all;
/// `amount` scales the whole.
struct RangeSelector: Hashable, Sendable {
    /// What the text is divided into.
    enum Unit: String, CaseIterable, Sendable {
        case glyphs, words, lines
    }

    /// How the weight rises and falls between `start` and `end`.
    enum Shape: String, CaseIterable, Sendable {
        /// 1 throughout.
        case square
        /// From 0 at `start` to 1 at `end` (give `start` > `end` to fall instead).
        case ramp
        /// From 0 at both ends to 1 in the middle, in straight lines.
        case triangle
        /// From 0 at both ends to 1 in the middle, on a cosine (a soft bell).
        case smooth
    }

    var unit: Unit = .glyphs
    var shape: Shape = .square
    var start: Double = 0
    var end: Double = 1
    var amount: Double = 1

    /// The weight of the context's glyph, 0…1 times `amount`.
    func weight(_ context: EffectContext) -> Double {
        let (index, count): (Int, Int)
        switch unit {
        case .glyphs: (index, count) = (context.index, context.count)
        case .words: (index, count) = (context.word, context.wordCount)
        case .lines: (index, count) = (context.line, context.lineCount)
        }
        let u = (Double(index) + 0.5) / Double(max(count, 1))
        let low = min(start, end), high = max(start, end)
        guard u >= low, u <= high else { return 0 }
        // Where u lies between start and end, 0…1 (a zero-width range is all middle).
        let s = high > low ? (u - start) / (end - start) : 0.5
        let w: Double
        switch shape {
        case .square: w = 1
        case .ramp: w = s
        case .triangle: w = 1 - abs(2 * s - 1)
        case .smooth: w = 0.5 - 0.5 * Math.cos(2 * .pi * s)
        }
        return w * amount
    }
}
