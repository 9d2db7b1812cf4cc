import Animator

/// Seeded word-like text for the analyzer cases: lower-case words of 1–9
/// letters between single spaces, and random single-glyph edits.
enum WordText {
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    static func text(glyphs count: Int, seed: UInt64) -> [Character] {
        var random = SeededRandom(seed: seed)
        var result: [Character] = []
        result.reserveCapacity(count + 10)
        while result.count < count {
            if !result.isEmpty { result.append(" ") }
            for _ in 0..<(1 + Int(random.next() % 9)) { result.append(letters[Int(random.next() % 26)]) }
        }
        return Array(result.prefix(count))
    }

    /// Random single-glyph edits at about `rate` of the positions, a third
    /// each substitution, insertion and deletion; one inserted glyph in
    /// eight is a space. One pass, so a million glyphs take milliseconds.
    static func edited(_ text: [Character], rate: Double, seed: UInt64) -> [Character] {
        var random = SeededRandom(seed: seed)
        var result: [Character] = []
        result.reserveCapacity(text.count + text.count / 10 + 8)
        let threshold = UInt64(rate * Double(UInt64.max >> 11)) << 11
        for glyph in text {
            guard random.next() < threshold else {
                result.append(glyph)
                continue
            }
            let inserted: Character = random.next() % 8 == 0 ? " " : letters[Int(random.next() % 26)]
            switch random.next() % 3 {
            case 0: result.append(inserted)
            case 1: break
            default: result.append(contentsOf: [inserted, glyph])
            }
        }
        return result
    }
}
