import Analyzer

/// A letter that only gains or loses marks ("ค" → "ค่", a consonant gaining a
/// tone mark; "क" → "कि", a vowel sign; "e" + U+0301) is another grapheme
/// cluster, so the diff removes the one and inserts the other. Animated so,
/// the letter itself would cross-fade with a copy of itself and dim halfway.
/// The planner keeps its sprite instead: the pair is one persisting glyph
/// (`RunStage`'s `fuseMarkedLetters`), and the sprite's drawing blends from the
/// old cluster to the new one, the old drawing whole until the new one is half
/// in, so the letter never dims.
///
/// The diff stays as it is (its `.transform`s are between equal glyphs); only
/// the plan reads such a pair as one glyph whose marks change.
enum MarkedLetters {
    /// Whether two differently encoded glyphs are one letter with other (or
    /// the same) marks: the same base letter, followed by marks only on both
    /// sides. A precomposed letter counts as its base letter with a mark ("é"
    /// as "e" + U+0301, as its Unicode name says), so "cafe" → "café" keeps the
    /// "e" whichever way the "é" is encoded, and the two encodings of "é" are
    /// one letter. Only letters: two emoji, or two symbols, are different glyphs.
    static func sameLetter(_ a: Character, _ b: Character) -> Bool {
        guard !a.unicodeScalars.elementsEqual(b.unicodeScalars) else { return false }
        var x = a.unicodeScalars.makeIterator(), y = b.unicodeScalars.makeIterator()
        guard let first = x.next(), let second = y.next(), isLetter(first), isLetter(second) else { return false }
        while let scalar = x.next() { if !isMark(scalar) { return false } }
        while let scalar = y.next() { if !isMark(scalar) { return false } }
        return first == second || baseLetter(first) == baseLetter(second)
    }

    /// The letter a precomposed letter is made from, as Unicode names it: "e"
    /// for "é" ("LATIN SMALL LETTER E WITH ACUTE"), "α" for "ά"; the letter
    /// itself otherwise. The standard library has no decomposition mappings;
    /// the tables (`BaseLetters`, made from the names) are 8.5 KB where
    /// the names are hundreds.
    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let letters = BaseLetters.letters
        let key = scalar.value << 11  // scalars are below 2^21
        let low = partitionPoint(in: 0..<letters.count) { letters[$0] >= key }
        guard low < letters.count, letters[low] >> 11 == scalar.value else { return scalar }
        return Unicode.Scalar(BaseLetters.bases[Int(letters[low] & 0x7FF)]) ?? scalar
    }

    /// A letter of general category Lu, Ll, Lt or Lo.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ScalarCategory.of(scalar.value) == .letter
    }

    /// A mark: general category Mn, Mc or Me.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        ScalarCategory.of(scalar.value) == .mark
    }
}
