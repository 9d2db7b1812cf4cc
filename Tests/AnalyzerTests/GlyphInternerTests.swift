import Animator
import Foundation
import Testing
import TestSupport

@testable import Analyzer

@Suite("GlyphInterner")
struct GlyphInternerTests {
    /// The ids of each text, interned in order by one interner (from strings).
    func ids(_ texts: String...) -> [[Int32]] {
        var interner = GlyphInterner()
        return texts.map { text in
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: max(text.utf8.count, 1))
            defer { buffer.deallocate() }
            let count = interner.intern(text, into: buffer)
            return Array(UnsafeBufferPointer(start: buffer, count: count))
        }
    }

    /// The ids of each glyph array, interned in order by one interner.
    func ids(glyphs texts: [Character]...) -> [[Int32]] {
        var interner = GlyphInterner()
        return texts.map { text in text.map { interner.id(of: $0) } }
    }

    @Test func asciiIDsAreScalarValuesAndOthersCountFrom128() {
        #expect(ids("Az \t") == [[65, 122, 32, 9]])
        // First appearance order, across both texts; equal glyphs share ids.
        #expect(ids("日é日", "e\u{301}👍") == [[128, 129, 128], [129, 130]])
        #expect(ids(glyphs: ["日", "é", "日"], ["e\u{301}", "👍"]) == [[128, 129, 128], [129, 130]])
    }

    @Test func canonicalEquivalentsOfASCIIShareTheirIDs() {
        // KELVIN SIGN, GREEK QUESTION MARK and GREEK VARIA are "K", ";" and "`".
        #expect(ids("\u{212A}\u{37E}\u{1FEF}") == [[75, 59, 96]])
        // CR LF is one glyph, distinct from LF.
        #expect(ids("\r\n\n") == [[128, 10]])
    }

    /// Pairs of canonically equivalent glyphs, one of them a scalar the
    /// interner numbers by value: whichever comes first, they share an id.
    @Test(arguments: [
        ("é", "e\u{301}"),  // a precomposed letter and its decomposition
        ("\u{8C48}", "\u{F900}"),  // a CJK ideograph and its compatibility twin
        ("\u{AC00}", "\u{1100}\u{1161}"),  // a Hangul syllable and its jamo
        ("\u{C5}", "\u{212B}"),  // Å and ANGSTROM SIGN
        ("\u{2B9}", "\u{374}"),  // MODIFIER LETTER PRIME and GREEK NUMERAL SIGN
        ("が", "か\u{3099}"),  // kana with a voiced mark
    ])
    func equivalentGlyphsShareAnIDInEitherOrder(pair: (String, String)) {
        #expect(Character(pair.0) == Character(pair.1))
        let forwards = ids("x" + pair.0 + "y", pair.1 + "z")
        #expect(forwards[0][1] == forwards[1][0])
        let backwards = ids(pair.1 + "z", "x" + pair.0 + "y")
        #expect(backwards[0][0] == backwards[1][1])
        // And a scalar seen only by value stays distinct from a different one.
        let distinct = ids(pair.0 + "\u{4E01}")
        #expect(distinct[0][0] != distinct[0][1])
    }

    /// Texts segmented from UTF-8 give the standard library's glyphs, and ids
    /// are equal exactly when the glyphs are.
    @Test(arguments: 0..<6)
    func segmentationAndIDsAgreeWithTheStandardLibrary(seed: Int) {
        var random = SeededRandom(seed: 900 + UInt64(seed))
        let pieces: [String] = [
            "a", "b", " ", "\n", "\r\n", "\r", "é", "e\u{301}", "e\u{301}\u{302}", "日", "\u{F900}", "\u{8C48}",
            "\u{AC00}", "\u{1100}", "\u{1161}", "\u{11A8}", "👍", "🏽", "👍🏽", "👨\u{200D}👩\u{200D}👧", "\u{200D}",
            "🇯", "🇵", "🇫🇷", "1\u{FE0F}\u{20E3}", "क", "\u{94D}", "ष", "\u{600}", "ש", "\u{5B8}", "ع", "ß",
            "\u{212A}", "K", "\u{3099}", "か", "、", "\u{FF9E}", "ｶ", "\t", "\u{A0}", "\u{2028}", "©", "\u{FE0F}",
        ]
        var interner = GlyphInterner()
        var seen: [(Character, Int32)] = []
        for _ in 0..<60 {
            var text = ""
            for _ in 0..<random.index(below: 24) { text += pieces[random.index(below: pieces.count)] }
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: max(text.utf8.count, 1))
            defer { buffer.deallocate() }
            let count = interner.intern(text, into: buffer)
            let glyphs = Array(text)
            #expect(count == glyphs.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            guard count == glyphs.count else { continue }
            for (k, glyph) in glyphs.enumerated() {
                let id = buffer[k]
                #expect(interner.symbols[Int(id)] == glyph)
                for (other, otherID) in seen where (other == glyph) != (otherID == id) {
                    Issue.record("\(glyph) and \(other) have ids \(id) and \(otherID)")
                }
                seen.append((glyph, id))
            }
            if seen.count > 400 { seen.removeFirst(200) }
        }
    }

    /// Every scalar of `ScalarClass`, between neighbours of every kind in its
    /// class, is a glyph by itself.
    @Test func scalarsOfTheClassStandAlone() {
        let neighbours: [UInt32] = [0x61, 0x20, 0x0A, 0xE9, 0x416, 0x5D0, 0x628, 0x2014, 0x3001, 0x3042, 0x4E2D, 0xAC00, 0xFF21, 0x1F600]
        for value in Self.classScalars() {
            let scalar = Unicode.Scalar(value)!
            for neighbour in neighbours {
                let other = Unicode.Scalar(neighbour)!
                var text = String.UnicodeScalarView()
                text.append(other)
                text.append(scalar)
                text.append(other)
                if String(text).count != 3 {
                    Issue.record("U+\(String(value, radix: 16)) joins U+\(String(neighbour, radix: 16))")
                    return
                }
            }
        }
    }

    /// No two scalars of the class (nor one and an ASCII scalar) are canonically
    /// equivalent, so numbering them by value alone is exact.
    @Test func scalarsOfTheClassAreCanonicallyDistinct() {
        var byDecomposition: [String: UInt32] = [:]
        for value in Self.classScalars() {
            let decomposed = String(Character(Unicode.Scalar(value)!)).decomposedStringWithCanonicalMapping
            if let other = byDecomposition[decomposed] {
                Issue.record("U+\(String(value, radix: 16)) is equivalent to U+\(String(other, radix: 16))")
            }
            byDecomposition[decomposed] = value
        }
    }

    /// The traits the interner gives a scalar of the class without Unicode
    /// property lookups are those of its `Character`.
    @Test func traitsOfTheClassAgreeWithTheGlyphs() {
        for value in Self.classScalars() where value >= 0x80 {
            let expected = GlyphTraits.of(Character(Unicode.Scalar(value)!))
            if ScalarClass.traits(value) != expected {
                Issue.record("U+\(String(value, radix: 16)): \(ScalarClass.traits(value)) != \(expected)")
            }
        }
    }

    @Test func theClassHoldsASCIIButNotCarriageReturnOrMarks() {
        #expect(ScalarClass.standsAlone(0x41) && ScalarClass.standsAlone(0x0A))
        #expect(!ScalarClass.standsAlone(0x0D))
        #expect(!ScalarClass.standsAlone(0x301) && !ScalarClass.standsAlone(0x200D) && !ScalarClass.standsAlone(0x1F3FD))
        #expect(!ScalarClass.standsAlone(0xF900) && !ScalarClass.standsAlone(0x3099))
    }

    /// Every scalar value the class admits.
    static func classScalars() -> [UInt32] {
        (0..<0x20000).filter { value in
            (value < 0xD800 || value > 0xDFFF) && ScalarClass.standsAlone(UInt32(value))
        }.map(UInt32.init)
    }

    @Test func wordsAreFoundWithTheIDs() {
        let text = " ab\u{3000}c  日\n"
        let ids = ids(text)[0]
        var interner = GlyphInterner()
        let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: text.utf8.count)
        defer { buffer.deallocate() }
        _ = interner.intern(text, into: buffer)
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 4096)
            let (traits, words) = scanWords(
                UnsafeBufferPointer(start: buffer, count: ids.count), traits: interner.traits, arena: &arena)
            #expect(traits & GlyphTraits.whitespace != 0 && traits & GlyphTraits.digits == 0)
            #expect(words.count == 3)
            #expect((0..<words.count).map { "\(words.start($0))..<\(words.end($0))" } == ["1..<3", "4..<5", "7..<8"])
        }
    }
}

@Suite("TextChangeAnalyzer.Workspace")
struct WorkspaceTests {
    @Test func glyphsKeepTheirIDsFromOneChangeToTheNext() {
        let workspace = TextChangeAnalyzer.Workspace()
        let analyzer = TextChangeAnalyzer()
        let first = analyzer.analyze(from: "日本", to: "日本語", in: workspace)
        let second = analyzer.analyze(from: "語本", to: "本語と", in: workspace)
        #expect(first.newGlyphs.id(at: 2) == second.oldGlyphs.id(at: 0))
        #expect(first.newGlyphs.id(at: 1) == second.newGlyphs.id(at: 0))
        #expect(second.newGlyphs.id(at: 2) == 131)
        // Without a workspace every change numbers afresh.
        #expect(analyzer.analyze(from: "語", to: "語").oldGlyphs.id(at: 0) == 128)
    }

    @Test func compactingForgetsUnusedGlyphsAndRenumbersTheRestInOrder() {
        let workspace = TextChangeAnalyzer.Workspace()
        let analyzer = TextChangeAnalyzer()
        let before = analyzer.analyze(from: "あいう", to: "えお", in: workspace)
        #expect(workspace.glyphCount == 128 + 5)
        let e = before.newGlyphs.id(at: 0), u = before.oldGlyphs.id(at: 2)
        #expect((e, u) == (131, 130))
        let renumbered = workspace.compact(keeping: [e, u, 65])
        #expect(workspace.glyphCount == 128 + 2)
        #expect(renumbered[Int(u)] == 128 && renumbered[Int(e)] == 129)
        #expect(renumbered[128] == -1 && renumbered[132] == -1 && renumbered[65] == 65)
        let after = analyzer.analyze(from: "え", to: "かえう", in: workspace)
        #expect(after.oldGlyphs.id(at: 0) == 129)
        #expect(after.newGlyphs.ids == [130, 129, 128])
        // The earlier change keeps its own table.
        #expect(String(before.oldGlyphs) == "あいう")
        #expect(String(after.newGlyphs) == "かえう")
    }

    @Test func aReleasedScalarIsFoundAgainAfterCompaction() {
        let workspace = TextChangeAnalyzer.Workspace()
        let analyzer = TextChangeAnalyzer()
        _ = analyzer.analyze(from: "é", to: "日", in: workspace)
        workspace.compact(keeping: [])
        let change = analyzer.analyze(from: "e\u{301}", to: "é", in: workspace)
        #expect(change.oldGlyphs.id(at: 0) == change.newGlyphs.id(at: 0))
        #expect(change.mutations.count == 1 && change.mutations[0].action == .transform)
    }
}
