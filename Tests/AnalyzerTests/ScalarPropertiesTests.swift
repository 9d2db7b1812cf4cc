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
}
