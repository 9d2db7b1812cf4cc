import Testing
@testable import Render

/// The encoder that embeds colour glyphs' PNGs, against RFC 4648's test vectors.
@Suite struct Base64Tests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func encodesTheStandardVectors(text: String, encoded: String) {
        #expect(Base64.encoded(Array(text.utf8)) == encoded)
    }

    @Test func usesTheWholeAlphabet() {
        // Four sextets of 62, of 63, and of 0, 1, 2, 3.
        #expect(Base64.encoded([0xFB, 0xEF, 0xBE]) == "++++")
        #expect(Base64.encoded([0xFF, 0xFF, 0xFF]) == "////")
        #expect(Base64.encoded([0x00, 0x10, 0x83]) == "ABCD")
    }
}
