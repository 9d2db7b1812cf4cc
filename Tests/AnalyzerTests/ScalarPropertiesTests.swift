import Testing

@testable import Analyzer

/// `ScalarProperties` answers as the standard library does, for every scalar.
@Suite("ScalarProperties")
struct ScalarPropertiesTests {
    static let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test func whitespaceIsTheStandardLibrarys() {
        for scalar in Self.scalars where ScalarProperties.isWhitespace(scalar.value) != scalar.properties.isWhitespace {
            Issue.record("U+\(String(scalar.value, radix: 16)): White_Space differs")
        }
    }

    /// A glyph is whitespace when its first scalar is, marks after it or not.
    @Test(arguments: [" ", "\u{20}\u{301}", "\u{3000}\u{302}", "\r\n", "\u{A0}", "é", "e\u{301}", "\u{1F600}", "\u{85}"])
    func glyphWhitespaceIsCharacterIsWhitespace(_ text: String) {
        let glyph = Character(text)
        #expect(ScalarProperties.isWhitespace(glyph) == glyph.isWhitespace)
    }

    @Test func emojiPresentationIsTheStandardLibrarys() {
        for scalar in Self.scalars
        where ScalarProperties.isEmojiPresentation(scalar.value) != scalar.properties.isEmojiPresentation {
            Issue.record("U+\(String(scalar.value, radix: 16)): Emoji_Presentation differs")
        }
    }

    /// Decimal digits and their values, as the general category and numeric value say.
    @Test func decimalDigitValuesAreTheStandardLibrarys() {
        for scalar in Self.scalars {
            let properties = scalar.properties
            var expected: Int?
            if properties.generalCategory == .decimalNumber, let value = properties.numericValue, (0...9).contains(value) {
                expected = Int(value)
            }
            if ScalarProperties.decimalDigitValue(scalar) != expected {
                Issue.record("U+\(String(scalar.value, radix: 16)): digit value differs")
            }
        }
    }

    /// Letters, marks, decimal digits and format characters, as the general category says.
    @Test func categoriesAreTheStandardLibrarys() {
        for value in UInt32(0)...0x10FFFF {
            var expected = ScalarCategory.other
            if let scalar = Unicode.Scalar(value) {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: expected = .letter
                case .nonspacingMark, .spacingMark, .enclosingMark: expected = .mark
                case .decimalNumber: expected = .digit
                case .format: expected = .format
                default: break
                }
            }
            if ScalarCategory.of(value) != expected {
                Issue.record("U+\(String(value, radix: 16)): category \(ScalarCategory.of(value)), not \(expected)")
            }
        }
    }

    @Test func categoriesOfSomeScalars() {
        #expect(ScalarCategory.of(0x41) == .letter)  // A
        #expect(ScalarCategory.of(0x2B0) == .other)  // ʰ, a modifier letter
        #expect(ScalarCategory.of(0x301) == .mark)
        #expect(ScalarCategory.of(0x669) == .digit)  // Arabic-Indic nine
        #expect(ScalarCategory.of(0x200D) == .format)  // zero width joiner
        #expect(ScalarCategory.of(0x20) == .other)
        #expect(ScalarCategory.of(0x10FFFF) == .other)
    }

    /// Every scalar lowercased alone, as `String.lowercased()` does.
    @Test func lowercaseIsTheStandardLibrarys() {
        for scalar in Self.scalars {
            let text = String(scalar)
            let expected = Array(text.lowercased().unicodeScalars)
            if ScalarProperties.lowercased(text.unicodeScalars) != expected {
                Issue.record("U+\(String(scalar.value, radix: 16)): lowercase differs")
            }
        }
    }

    /// Whole strings, and the limit, which counts the lowercase's scalars.
    @Test(arguments: ["", "Wave", "ΣΊΣΥΦΟΣ", "\u{130}STANBUL", "\u{212A}elvin", "Straße ǅ ᾈ", "e\u{301}\u{1F600}Ａ𐐀"])
    func lowercaseOfStringsIsTheStandardLibrarys(_ text: String) {
        let expected = Array(text.lowercased().unicodeScalars)
        #expect(ScalarProperties.lowercased(text.unicodeScalars) == expected)
        for limit in 0...expected.count {
            #expect(ScalarProperties.lowercased(text.unicodeScalars, limit: limit) == Array(expected.prefix(limit)))
        }
    }
}
