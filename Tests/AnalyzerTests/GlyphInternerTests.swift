import Testing

@testable import Analyzer

@Suite("GlyphInterner")
struct GlyphInternerTests {
    func ids(_ texts: [Character]...) -> [[Int32]] {
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 4096)
            var interner = GlyphInterner(capacity: texts.reduce(0) { $0 + $1.count }, arena: &arena)
            return texts.map { text in
                let buffer = arena.allocate(Int32.self, count: text.count)
                _ = interner.intern(text, into: buffer, arena: &arena)
                return Array(UnsafeBufferPointer(start: buffer, count: text.count))
            }
        }
    }

    @Test func smallASCIIFastPathIsAvailableOnThisPlatform() {
        #expect(SmallASCII.isAvailable)
    }

    @Test func asciiIDsAreScalarValuesAndOthersCountFrom128() {
        #expect(ids(Array("Az \t")) == [[65, 122, 32, 9]])
        // First appearance order, across both texts; equal glyphs share ids.
        #expect(ids(["日", "é", "日"], ["e\u{301}", "👍"]) == [[128, 129, 128], [129, 130]])
    }

    @Test func canonicalEquivalentsOfASCIIShareTheirIDs() {
        // KELVIN SIGN, GREEK QUESTION MARK and GREEK VARIA are "K", ";" and "`".
        #expect(ids(["\u{212A}", "\u{37E}", "\u{1FEF}"]) == [[75, 59, 96]])
        // CR LF is one glyph, distinct from LF.
        #expect(ids(["\r\n", "\n"]) == [[128, 10]])
    }

    @Test func wordsAreFoundWithTheIDs() {
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 4096)
            var interner = GlyphInterner(capacity: 16, arena: &arena)
            let text: [Character] = [" ", "a", "b", "\u{3000}", "c", " ", " ", "日", "\n"]
            let buffer = arena.allocate(Int32.self, count: text.count)
            let (traits, words) = interner.intern(text, into: buffer, arena: &arena)
            #expect(traits & GlyphTraits.whitespace != 0 && traits & GlyphTraits.digits == 0)
            #expect(words.count == 3)
            #expect((0..<words.count).map { "\(words.start($0))..<\(words.end($0))" } == ["1..<3", "4..<5", "7..<8"])
        }
    }
}
