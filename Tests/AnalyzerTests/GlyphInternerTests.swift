import Animator
import Testing
import TestSupport

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

/// The stored-form fast paths (`SmallASCII`) against the portable ones.
@Suite("Stored forms")
struct StoredFormTests {
    static let texts: [TextGenerator] = [.words, .repetitive, .glyphs, .mixed]

    @Test(arguments: 0..<4)
    func fastAndPortablePathsAgree(generatorIndex: Int) {
        let generator = Self.texts[generatorIndex]
        var random = SeededRandom(seed: 31 + UInt64(generatorIndex))
        for mode in [DiffMode.morph, .replace, .numeric()] {
            let analyzer = TextChangeAnalyzer(mode: mode)
            for round in 0..<40 {
                let old = generator.text(glyphs: random.index(below: 200), using: &random)
                let new = generator.edited(old, rate: [0.02, 0.3][round % 2], using: &random)
                let fast = analyzer.analyze(from: old, to: new, storedForms: true)
                let portable = analyzer.analyze(from: old, to: new, storedForms: false)
                #expect(fast == portable)
                // Equal is not enough for symbols: the same scalars must come out.
                #expect(fast.mutations.map { Array($0.symbol.unicodeScalars) } == portable.mutations.map { Array($0.symbol.unicodeScalars) })
                let fromStrings = analyzer.analyze(from: String(old), to: String(new), storedForms: true)
                #expect(fromStrings == analyzer.analyze(from: String(old), to: String(new), storedForms: false))
                #expect(fromStrings.oldGlyphs.map { Array($0.unicodeScalars) } == old.map { Array($0.unicodeScalars) })
            }
        }
    }

    @Test func asciiTextBecomesOneGlyphPerByteWithCRLFTogether() {
        for storedForms in [true, false] {
            let glyphs = glyphs(of: "a\r\nb\r \n\r\r\n~", storedForms: storedForms)
            #expect(glyphs == ["a", "\r\n", "b", "\r", " ", "\n", "\r", "\r\n", "~"])
            #expect(glyphs.map { Array($0.unicodeScalars) } == Array("a\r\nb\r \n\r\r\n~").map { Array($0.unicodeScalars) })
        }
    }
}
