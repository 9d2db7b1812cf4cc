import Animator

/// Seeded random texts for property tests and benchmarks.
public struct TextGenerator: Sendable {
    /// The glyphs words are made of.
    public var letters: [Character]
    /// The glyphs between words; empty for text without whitespace.
    public var separators: [Character]
    /// Word lengths are drawn from this range.
    public var wordLengths: ClosedRange<Int>
    /// When non-empty, words are drawn from this vocabulary instead of being spelled at random.
    public var vocabulary: [[Character]]

    public init(
        letters: [Character], separators: [Character] = [" "], wordLengths: ClosedRange<Int> = 1...9,
        vocabulary: [[Character]] = []
    ) {
        self.letters = letters
        self.separators = separators
        self.wordLengths = wordLengths
        self.vocabulary = vocabulary
    }

    /// Lower-case Latin words separated by single spaces, like prose.
    public static let words = TextGenerator(letters: Array("abcdefghijklmnopqrstuvwxyz"))

    /// A tiny alphabet with repeated short words, to provoke ties and reorderings.
    public static let repetitive = TextGenerator(
        letters: Array("ab"), separators: [" ", " ", "\t", "\n"], wordLengths: 1...3)

    /// Glyphs without whitespace from a small alphabet that mixes ASCII,
    /// combining sequences, emoji and CJK.
    public static let glyphs = TextGenerator(
        letters: ["a", "b", "c", "é", "e\u{301}", "👨‍👩‍👧", "1️⃣", "日", "本", "🇯🇵"], separators: [], wordLengths: 1...1)

    /// Mixed scripts and whitespace, including non-ASCII whitespace and CR LF.
    public static let mixed = TextGenerator(
        letters: ["a", "b", "x", "é", "e\u{301}", "ß", "日", "ש", "ع", "👍🏽", "\u{212A}", "K"],
        separators: [" ", "\u{3000}", "\r\n", "\t", "\u{A0}"], wordLengths: 1...4)

    /// A text of about `count` glyphs.
    public func text(glyphs count: Int, using random: inout SeededRandom) -> [Character] {
        var result: [Character] = []
        result.reserveCapacity(count + wordLengths.upperBound + 2)
        while result.count < count {
            if !result.isEmpty, !separators.isEmpty {
                result.append(separators[random.index(below: separators.count)])
            }
            if vocabulary.isEmpty {
                let length = wordLengths.lowerBound + random.index(below: wordLengths.count)
                for _ in 0..<length { result.append(letters[random.index(below: letters.count)]) }
            } else {
                result.append(contentsOf: vocabulary[random.index(below: vocabulary.count)])
            }
        }
        return Array(result.prefix(count))
    }

    /// `text` with about `rate` × count random single-glyph edits (a third
    /// each substitutions, insertions and deletions; inserted glyphs are
    /// letters or, one time in eight, separators).
    public func edited(_ text: [Character], rate: Double, using random: inout SeededRandom) -> [Character] {
        var result = text
        let edits = Int((Double(text.count) * rate).rounded())
        for _ in 0..<edits {
            let pool = !separators.isEmpty && random.index(below: 8) == 0 ? separators : letters
            let glyph = pool[random.index(below: pool.count)]
            switch random.index(below: 3) {
            case 0 where !result.isEmpty:
                result[random.index(below: result.count)] = glyph
            case 1 where !result.isEmpty:
                result.remove(at: random.index(below: result.count))
            default:
                result.insert(glyph, at: random.index(below: result.count + 1))
            }
        }
        return result
    }
}

extension SeededRandom {
    /// A uniform integer in `0..<bound` (bound > 0).
    public mutating func index(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next() % UInt64(bound))
    }
}
