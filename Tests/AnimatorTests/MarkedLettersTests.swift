import Analyzer
import Testing
@testable import Animator

/// A letter that gains or loses a mark is one letter, however its marks are
/// encoded: precomposed (U+00E9) or a base letter and a combining mark.
@Suite struct MarkedLettersTests {
    @Test(arguments: [
        ("e", "é"), ("é", "e"), ("e", "e\u{301}"), ("é", "e\u{301}"), ("é", "è"), ("ễ", "e"), ("ά", "α"),
        ("ค", "ค่"), ("क", "कि"), ("E", "É"),
    ] as [(Character, Character)])
    func oneLetterWithOtherMarks(a: Character, b: Character) {
        #expect(MarkedLetters.sameLetter(a, b))
        #expect(MarkedLetters.sameLetter(b, a))
    }

    @Test(arguments: [
        ("e", "e"), ("e", "a"), ("e", "E"), ("é", "É"), ("\u{301}", "e\u{301}"), ("ค", "ข่"), ("1", "2"),
        // Names that share a start, unnamed symbols, a digit and its keycap: not letters.
        ("😂", "🙄"), ("😍", "😎"), ("\u{E000}", "\u{E001}"), ("1", "1\u{FE0F}\u{20E3}"),
    ] as [(Character, Character)])
    func otherLetters(a: Character, b: Character) {
        #expect(!MarkedLetters.sameLetter(a, b))
        #expect(!MarkedLetters.sameLetter(b, a))
    }

    @Test func aPrecomposedLetterHasItsBase() {
        #expect(MarkedLetters.baseLetter("é") == "e")
        #expect(MarkedLetters.baseLetter("e") == "e")
        #expect(MarkedLetters.baseLetter("ệ") == "e")
        #expect(MarkedLetters.baseLetter("Ǻ") == "A")
        #expect(MarkedLetters.baseLetter("ά") == "α")
        #expect(MarkedLetters.baseLetter("Ж") == "Ж")
    }

    /// The table says what the names say: two letters share a base exactly when
    /// their names do, up to " WITH " (checked over every letter with a name).
    @Test func theTableAgreesWithTheNames() {
        func nameBase(_ scalar: Unicode.Scalar) -> Substring? {
            guard let name = scalar.properties.name else { return nil }
            return name.firstRange(of: " WITH ").map { name[..<$0.lowerBound] } ?? name[...]
        }
        var byBase: [Substring: Unicode.Scalar] = [:]
        var letters = 0
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value), let base = nameBase(scalar) else { continue }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: break
            default: continue
            }
            letters += 1
            let mapped = MarkedLetters.baseLetter(scalar)
            if let seen = byBase[base] {
                #expect(mapped == seen, "U+\(String(value, radix: 16)) has base \(base)")
            } else {
                byBase[base] = mapped
            }
        }
        #expect(letters > 100_000)
        // And letters of different bases never share one.
        #expect(Set(byBase.values).count == byBase.count)
    }

    /// The plan: "cafe" → "café" keeps all four sprites, the "é" in the "e"'s
    /// place; with other edits before it, it moves with its word.
    @Test(arguments: [
        ("cafe", "café", 3, 3), ("cafe", "cafe\u{301}", 3, 3), ("café", "cafe", 3, 3), ("my cafe", "the café", 6, 7),
        ("un café noir", "le cafe noir", 6, 6),
    ])
    func theMarkedLetterPersists(old: String, new: String, oldIndex: Int, newIndex: Int) throws {
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let plan = GlyphAnimator().plan(from: old, to: new, layout: layout)
        let letter = try #require((0..<plan.count).first { plan.indices(of: $0).new == newIndex })
        #expect(plan.role(of: letter) == .persisting)
        #expect(plan.indices(of: letter).old == oldIndex)
        #expect(plan.box(of: letter).rect.minX == Double(newIndex) * 10)
        let exits = (0..<plan.count).filter { plan.role(of: $0) == .exiting }.compactMap { plan.indices(of: $0).old }
        #expect(!exits.contains(oldIndex), "the old letter does not also leave")
    }

    /// Only a glyph that enters or leaves can be a letter that gained or lost a
    /// mark: a glyph beyond ASCII far from the change does not matter, and one
    /// in the change still fuses.
    @Test func marksAreLookedForInTheChange() throws {
        let far = GlyphAnimator().plan(from: "naïve cafe", to: "naïve café", layout: MonospaceLayout())
        #expect((0..<far.count).allSatisfy { far.role(of: $0) == .persisting })
        let ascii = GlyphAnimator().plan(from: "naïve cafe", to: "naïve cafo", layout: MonospaceLayout())
        #expect((0..<ascii.count).filter { ascii.role(of: $0) != .persisting }.count == 2, "e leaves, o enters")
    }
}
