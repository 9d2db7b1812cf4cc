import Animator

/// The texts of a simulated app: labels, counters, chat lines and names in
/// many scripts, seeded, with a steady supply of graphemes never seen before
/// (random CJK ideographs, Hangul syllables, emoji with skin tones and ZWJ
/// families, letters under random combining marks), the way a long-running
/// app that shows user content meets them.
struct SoakText {
    private var counter = 0

    /// The next text: an edit of `previous` (typing, a counter ticking, a word
    /// swapped) or a fresh one.
    mutating func next(after previous: String, using random: inout SeededRandom) -> String {
        switch random.next() % 10 {
        case 0, 1:
            counter += Int(random.next() % 250) - 60
            return "\(counter < 0 ? "−" : "")$\(abs(counter) / 100).\(abs(counter) % 100 < 10 ? "0" : "")\(abs(counter) % 100)"
        case 2, 3:
            // Typing: a glyph added or deleted at the end.
            var glyphs = Array(previous)
            if glyphs.isEmpty || random.next() % 3 != 0 {
                glyphs.append(grapheme(using: &random))
            } else {
                glyphs.removeLast()
            }
            return String(glyphs.suffix(48))
        case 4:
            // Words of the previous text reordered.
            let words = previous.split(separator: " ")
            return words.reversed().joined(separator: " ")
        default:
            let words = 1 + Int(random.next() % 5)
            return (0..<words).map { _ in word(using: &random) }.joined(separator: " ")
        }
    }

    private func word(using random: inout SeededRandom) -> String {
        let length = 1 + Int(random.next() % 7)
        return String((0..<length).map { _ in grapheme(using: &random) })
    }

    /// One grapheme, from a mix where most are common and some are new.
    private func grapheme(using random: inout SeededRandom) -> Character {
        func scalar(_ range: ClosedRange<UInt32>) -> Unicode.Scalar {
            Unicode.Scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count)))!
        }
        switch random.next() % 12 {
        case 0: return Character(scalar(0x4E00...0x9FFF))  // CJK ideograph
        case 1: return Character(scalar(0xAC00...0xD7A3))  // Hangul syllable
        case 2:
            // Emoji, sometimes with a skin tone.
            var s = String(scalar(0x1F600...0x1F64F))
            if random.next() % 2 == 0 { s.unicodeScalars.append(scalar(0x1F3FB...0x1F3FF)) }
            return Character(s)
        case 3:
            // A ZWJ family of two to four people.
            let people: [Unicode.Scalar] = ["\u{1F468}", "\u{1F469}", "\u{1F466}", "\u{1F467}"]
            let count = 2 + Int(random.next() % 3)
            return Character((0..<count).map { _ in String(people[Int(random.next() % 4)]) }.joined(separator: "\u{200D}"))
        case 4:
            // A Latin letter under one to three random combining marks.
            var s = String(scalar(0x61...0x7A))
            for _ in 0...(random.next() % 3) { s.unicodeScalars.append(scalar(0x300...0x36F)) }
            return Character(s)
        case 5: return Character(scalar(0x30...0x39))
        default: return Character(scalar(0x61...0x7A))
        }
    }
}
