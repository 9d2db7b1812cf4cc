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
            let count = interner.intern(text, into: buffer).count
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

    /// Pieces of text whose neighbours may join them into one glyph, or not:
    /// combining marks, joiners, emoji sequences (ZWJ families, skin tones,
    /// keycaps, flags and tag sequences, variation selectors), Hangul jamo,
    /// CR LF, Indic conjuncts and spacing marks, prepended marks, canonical
    /// equivalents, and glyphs that stand alone for comparison.
    static let trickyPieces: [String] = [
        "a", "b", "K", "1", "#", " ", "\t", "\n", "\r\n", "\r", "\u{A0}", "\u{2028}", "\u{3000}",
        // Marks, alone and stacked; canonical equivalents.
        "é", "e\u{301}", "e\u{301}\u{302}", "\u{301}", "\u{302}\u{301}", "ß", "\u{212A}", "Å", "\u{212B}", "A\u{30A}",
        "\u{1EA1}", "a\u{323}", "\u{2B9}", "\u{374}", "\u{37E}", ";", "\u{2260}", "=\u{338}", "\u{2329}", "\u{3008}",
        // CJK, kana and their voiced marks, half-width forms.
        "日", "\u{F900}", "\u{8C48}", "か", "\u{3099}", "が", "、", "ｶ", "\u{FF9E}", "\u{FF10}",
        // Hangul: syllables, and leading, vowel and trailing jamo.
        "\u{AC00}", "\u{AC01}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{A960}", "\u{D7B0}",
        // Emoji: pictographs, modifiers, joiners, variation selectors, keycaps, flags, tags.
        "👍", "🏽", "👍🏽", "👨\u{200D}👩\u{200D}👧", "🧑🏿\u{200D}💻", "\u{200D}", "❤", "❤\u{FE0F}", "\u{FE0F}",
        "\u{FE0E}", "✨", "☕", "1\u{FE0F}\u{20E3}", "\u{20E3}", "🇯", "🇵", "🇫🇷", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "\u{E0067}", "🫠", "🀄", "\u{1F1E6}",
        // Indic: consonants, virama, conjuncts, spacing marks, nukta.
        "क", "\u{94D}", "ष", "क\u{94D}ष", "\u{93C}", "\u{903}", "ি", "\u{9CD}", "র", "\u{D4E}",
        // Prepended marks, Hebrew and Arabic with their marks, Thai.
        "\u{600}", "\u{605}", "\u{110BD}", "ש", "\u{5B8}", "ع", "\u{64B}", "ก", "\u{E33}", "\u{E40}",
        // Symbols that stand alone.
        "©", "→", "∑", "—", "€", "\u{2212}",
    ]

    /// Texts segmented from UTF-8 give the standard library's glyphs, and ids
    /// are equal exactly when the glyphs are.
    @Test(arguments: 0..<8)
    func segmentationAndIDsAgreeWithTheStandardLibrary(seed: Int) {
        var random = SeededRandom(seed: 900 + UInt64(seed))
        let pieces = Self.trickyPieces
        var interner = GlyphInterner()
        var seen: [(Character, Int32)] = []
        for _ in 0..<80 {
            var text = ""
            for _ in 0..<random.index(below: 24) { text += pieces[random.index(below: pieces.count)] }
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: max(text.utf8.count, 1))
            defer { buffer.deallocate() }
            let count = interner.intern(text, into: buffer).count
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

    /// Many more random texts, long runs of standing-alone glyphs between the
    /// tricky pieces included (the interner's fast loops): the glyphs are the
    /// standard library's, one by one.
    @Test(arguments: 0..<4)
    func segmentationAgreesWithTheStandardLibraryOnLongTexts(seed: Int) {
        var random = SeededRandom(seed: 1900 + UInt64(seed))
        let runs = ["the quick brown fox ", "日本語の文章です。", "한국어 문장", "😀🎉🔥", "→∑©—", "Tiếng Việt ", "abcdefghij"]
        var interner = GlyphInterner()
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<random.index(below: 40) {
                text += random.index(below: 3) == 0
                    ? runs[random.index(below: runs.count)] : Self.trickyPieces[random.index(below: Self.trickyPieces.count)]
            }
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: max(text.utf8.count, 1))
            defer { buffer.deallocate() }
            let count = interner.intern(text, into: buffer).count
            let glyphs = Array(text)
            guard count == glyphs.count else {
                Issue.record("\(count) glyphs, not \(glyphs.count): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                continue
            }
            for (k, glyph) in glyphs.enumerated() where interner.symbols[Int(buffer[k])] != glyph {
                Issue.record("glyph \(k) of \(text.debugDescription) is \(interner.symbols[Int(buffer[k])]), not \(glyph)")
                break
            }
        }
    }

    /// Every scalar of `ScalarClass`, between neighbours of every kind in its
    /// class, is a glyph by itself.
    @Test func scalarsOfTheClassStandAlone() {
        let neighbours: [UInt32] = [
            0x61, 0x20, 0x0A, 0xE9, 0x416, 0x5D0, 0x628, 0x1EA1, 0x2014, 0x2192, 0x2764, 0x3001, 0x3042, 0x4E2D, 0xAC00,
            0xFF21, 0x1F0A1, 0x1F600, 0x1FAE0,
        ]
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

    /// A scalar that does not join forward is always followed by a glyph
    /// boundary when a scalar of the class comes next: stretches may end there.
    @Test func onlyTheScalarsThatJoinForwardHoldOnToAScalarOfTheClass() {
        let following: [UInt32] = [0x61, 0x65E5, 0xAC00, 0x2764, 0x1F600]
        for value in 0..<UInt32(0x20000) where value < 0xD800 || value > 0xDFFF {
            let scalar = Unicode.Scalar(value)!
            for next in following {
                var text = String.UnicodeScalarView()
                text.append(scalar)
                text.append(Unicode.Scalar(next)!)
                let joined = String(text).count == 1
                if joined && !ScalarClass.joinsForward(value) {
                    Issue.record("U+\(String(value, radix: 16)) joins U+\(String(next, radix: 16)) but is not said to")
                    break
                }
            }
        }
    }

    /// A piece of text ends before an ASCII byte unless its last scalar joins one.
    @Test func onlyTheScalarsThatJoinASCIIHoldOnToIt() {
        for value in 0x80..<UInt32(0x20000) where value < 0xD800 || value > 0xDFFF {
            var text = String.UnicodeScalarView()
            text.append(Unicode.Scalar(value)!)
            text.append("a")
            if String(text).count == 1 && !ScalarClass.joinsASCII(value) {
                Issue.record("U+\(String(value, radix: 16)) joins an ASCII letter but is not said to")
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
        var interner = GlyphInterner()
        let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: text.utf8.count)
        let narrow = UnsafeMutablePointer<UInt8>.allocate(capacity: text.utf8.count)
        defer {
            buffer.deallocate()
            narrow.deallocate()
        }
        let (count, traits) = interner.intern(text, into: buffer, narrow: narrow)
        #expect(count == 9)
        #expect(traits & GlyphTraits.whitespace != 0 && traits & GlyphTraits.digits == 0)
        // ASCII glyphs are their own narrow ids; U+3000 is whitespace, 日 (id 129) is not.
        #expect(Array(UnsafeBufferPointer(start: narrow, count: count)) == [32, 97, 98, 0xFF, 99, 32, 32, 0x80 | 129 & 0x3F, 10])
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 4096)
            let words = scanWords(UnsafeBufferPointer(start: buffer, count: count), narrow: narrow, arena: &arena)
            #expect(words.count == 3)
            #expect((0..<words.count).map { "\(words.start($0))..<\(words.end($0))" } == ["1..<3", "4..<5", "7..<8"])
        }
    }

    /// Words of long texts, across the scan's chunks of 64 glyphs, against splitting at whitespace.
    @Test(arguments: 0..<4)
    func wordsOfLongTextsAgreeWithSplitting(seed: Int) {
        var random = SeededRandom(seed: 700 + UInt64(seed))
        let pieces = ["a", "bc", " ", "  ", "\t", "\n", "\r\n", "\u{3000}", "\u{A0}", "日", "é", "👍🏽", "\u{2028}", "x\u{301}"]
        var interner = GlyphInterner()
        for _ in 0..<50 {
            var text = ""
            for _ in 0..<random.index(below: 200) { text += pieces[random.index(below: pieces.count)] }
            let glyphs = Array(text)
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: max(text.utf8.count, 1))
            let narrow = UnsafeMutablePointer<UInt8>.allocate(capacity: max(text.utf8.count, 1) + 8)
            defer {
                buffer.deallocate()
                narrow.deallocate()
            }
            let count = interner.intern(text, into: buffer, narrow: narrow).count
            let words = withUnsafeTemporaryAllocation(byteCount: 256, alignment: 16) { stack in
                var arena = ScratchArena(stack: stack, expected: 16 * count + 256)
                let words = scanWords(UnsafeBufferPointer(start: buffer, count: count), narrow: narrow, arena: &arena)
                return (0..<words.count).map { words.start($0)..<words.end($0) }
            }
            #expect(words == ReferenceMorph.words(glyphs), "\(text.debugDescription)")
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

    @Test func aTableSaysWhetherEveryGlyphItHoldsIsASCII() {
        let analyzer = TextChangeAnalyzer()
        #expect(analyzer.analyze(from: "Checkout: 3 items", to: "Paid\t$42.50\n").symbols.holdsOnlyASCII)
        // Canonical equivalents of ASCII take the ASCII glyphs' ids: nothing else is added.
        #expect(analyzer.analyze(from: "\u{212A}", to: "\u{37E}").symbols.holdsOnlyASCII)
        // A one-scalar glyph beyond ASCII, a cluster, on either side.
        #expect(!analyzer.analyze(from: "cafe", to: "café").symbols.holdsOnlyASCII)
        #expect(!analyzer.analyze(from: "e\u{301}", to: "e").symbols.holdsOnlyASCII)
        #expect(!analyzer.analyze(from: "x", to: "👍🏽").symbols.holdsOnlyASCII)
        #expect(GlyphTable(["a", " ", "~"]).holdsOnlyASCII && GlyphTable([]).holdsOnlyASCII)
        #expect(!GlyphTable(["a", "日"]).holdsOnlyASCII)
        // It says what asking of every glyph would (CR LF is ASCII, but two scalars: one glyph that is not).
        for (old, new) in [("Sync paused", "Syncing 14"), ("naïve", "naive"), ("", "\r\n"), ("日本", "本")] {
            let symbols = analyzer.analyze(from: old, to: new).symbols
            #expect(symbols.holdsOnlyASCII == symbols.indices.allSatisfy { symbols.isASCII(GlyphID($0)) })
        }
        // A workspace whose glyphs beyond ASCII are compacted away holds ASCII alone again.
        let workspace = TextChangeAnalyzer.Workspace()
        #expect(!analyzer.analyze(from: "é", to: "a", in: workspace).symbols.holdsOnlyASCII)
        workspace.compact(keeping: [])
        #expect(analyzer.analyze(from: "a", to: "b", in: workspace).symbols.holdsOnlyASCII)
    }
}
