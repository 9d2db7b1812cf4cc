import Analyzer
import Animator
import Testing
import TestSupport

/// A workspace analysing a text that goes on changing (each change from the
/// text the last one changed to) reads the old text's glyphs from the last
/// analysis and diffs from the word where the texts part: the change must be
/// the one a fresh analysis finds, glyph for glyph.
@Suite struct ContinuingAnalysisTests {
    /// Edits people make, at a seeded place: a word or a letter typed or taken
    /// out, a word replaced, a mark or a flag half completed, a line broken.
    private static func edit(_ text: [Character], _ random: inout SeededRandom) -> [Character] {
        let inserts: [[Character]] = [
            Array("x"), Array(" word"), Array("word "), ["\u{301}"], ["🇷"], ["🇫"], ["\r", "\n"], ["\n"], Array("日本"),
            Array("  "), ["👍"], ["\u{1F3FD}"], Array("é"), Array("42"), Array(" \t"),
        ]
        return edit(text, &random) { random in inserts[Int(random.next() % UInt64(inserts.count))] }
    }

    /// One edit at a seeded place, typing what `piece` gives: appended,
    /// inserted, or replacing up to eight glyphs; or a glyph or up to twelve taken out.
    private static func edit(
        _ text: [Character], _ random: inout SeededRandom, piece: (inout SeededRandom) -> [Character]
    ) -> [Character] {
        var glyphs = text
        let at = glyphs.isEmpty ? 0 : Int(random.next() % UInt64(glyphs.count + 1))
        switch random.next() % 5 {
        case 0: glyphs.append(contentsOf: piece(&random))
        case 1: glyphs.insert(contentsOf: piece(&random), at: at)
        case 2: if !glyphs.isEmpty { glyphs.remove(at: min(at, glyphs.count - 1)) }
        case 3:
            let end = min(at + 1 + Int(random.next() % 8), glyphs.count)
            glyphs.replaceSubrange(at..<end, with: piece(&random))
        default:
            let end = min(at + Int(random.next() % 12), glyphs.count)
            glyphs.removeSubrange(at..<end)
        }
        return glyphs
    }

    @Test(arguments: TextFamily.allCases)
    func aContinuedAnalysisIsAFreshOne(_ family: TextFamily) {
        let analyzer = TextChangeAnalyzer()
        var random = SeededRandom(seed: 0xC0_4714 ^ UInt64(family.rawValue.count))
        for round in 0..<12 {
            let workspace = TextChangeAnalyzer.Workspace()
            var text = String(family.text(glyphs: 40 + Int(random.next() % 400), seed: UInt64(round)))
            analyzer.analyze(from: "", to: text, in: workspace)
            for step in 0..<10 {
                let next = String(Self.edit(Array(text), &random))
                let continued = analyzer.analyze(from: text, to: next, in: workspace)
                let fresh = analyzer.analyze(from: text, to: next)
                #expect(continued == fresh, "\(family) round \(round) step \(step): \(text.debugDescription) → \(next.debugDescription)")
                #expect(continued.unchanged == fresh.unchanged)
                #expect(continued.visible?.new == fresh.visible?.new && continued.visible?.old == fresh.visible?.old)
                text = next
                // Now and then the workspace renumbers its glyphs: the next analysis starts afresh, its buffers reused.
                if step == 6 { _ = workspace.compact(keeping: continued.newGlyphs.ids) }
            }
        }
    }

    /// Edits that leave twins about: a word of the text (or "la", "the") typed
    /// again beside itself, with or without its space, and "é" typed in both
    /// of its forms. A continued analysis leaves the end the texts share out
    /// of the diff only from a word the edited stretch does not hold, so the
    /// twins match as a fresh analysis matches them. With the check left out,
    /// these edits find changes that differ.
    private static func twinEdit(_ text: [Character], _ random: inout SeededRandom) -> [Character] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(Array.init)
        let pool: [[Character]] = [Array("la"), Array("the"), Array("a"), Array("la la"), ["é"], ["e\u{301}"], ["\u{301}"]]
        return edit(text, &random) { random in
            let piece =
                words.isEmpty || random.next() % 3 == 0
                ? pool[Int(random.next() % UInt64(pool.count))] : words[Int(random.next() % UInt64(words.count))]
            switch random.next() % 3 {
            case 0: return piece + [" "]
            case 1: return [" "] + piece
            default: return piece
            }
        }
    }

    @Test(arguments: TextFamily.allCases)
    func editsBesideTwinsAreFoundAsFreshOnesAre(_ family: TextFamily) {
        let analyzer = TextChangeAnalyzer()
        var random = SeededRandom(seed: 0x7_3D17 ^ UInt64(family.rawValue.count))
        var differing: [String] = []
        for round in 0..<50 {
            let workspace = TextChangeAnalyzer.Workspace()
            var text =
                round % 3 == 0
                ? String(repeating: "la ", count: 3 + Int(random.next() % 20))
                : String(family.text(glyphs: 20 + Int(random.next() % 300), seed: UInt64(round)))
            _ = analyzer.analyze(from: "", to: text, in: workspace)
            for _ in 0..<16 {
                let next = String(Self.twinEdit(Array(text), &random))
                let continued = analyzer.analyze(from: text, to: next, in: workspace)
                let fresh = analyzer.analyze(from: text, to: next)
                if continued != fresh || continued.unchanged != fresh.unchanged {
                    differing.append("\(text.debugDescription) → \(next.debugDescription)")
                }
                text = next
            }
        }
        #expect(differing.isEmpty, "\(family): \(differing.count) differ, first \(differing.first ?? "")")
    }

    /// A glyph typed in another form of the same glyph (a decomposed "é"
    /// after a precomposed one) has other bytes than its symbol: the next
    /// analysis cannot find the text's bytes from its glyphs and segments it
    /// afresh. It used to read past a glyph's bytes and trap.
    @Test func aGlyphInTwoFormsIsReadFromItsBytes() {
        let analyzer = TextChangeAnalyzer()
        let workspace = TextChangeAnalyzer.Workspace()
        let texts = [
            "the café is open", "the cafe\u{301} café is open", "the cafe\u{301} café is now open",
            "the cafe\u{301} café is now open late", "a cafe\u{301} café is now open late",
        ]
        _ = analyzer.analyze(from: "", to: texts[0], in: workspace)
        for (a, b) in zip(texts, texts.dropFirst()) {
            let continued = analyzer.analyze(from: a, to: b, in: workspace)
            #expect(continued == analyzer.analyze(from: a, to: b), "\(a) → \(b)")
            #expect(continued.newGlyphs.count == Array(b).count)
        }
    }

    /// Each glyph keeps its id through the changes: the ids are those a
    /// workspace gives analysing every change in full (glyphs given as arrays
    /// are segmented afresh each time), in the same order.
    @Test func idsAreTheWorkspaces() {
        let analyzer = TextChangeAnalyzer()
        let continuing = TextChangeAnalyzer.Workspace(), reference = TextChangeAnalyzer.Workspace()
        let texts = ["", "naïve café 🇫🇷", "naïve café 🇫🇷 👍🏽 done", "naïve cafe\u{301} 🇫🇷 👍🏽 done", "naïve", "日本 naïve"]
        for (a, b) in zip(texts, texts.dropFirst()) {
            let change = analyzer.analyze(from: a, to: b, in: continuing)
            let full = analyzer.analyze(from: Array(a), to: Array(b), in: reference)
            #expect(change.oldGlyphs.ids == full.oldGlyphs.ids, "\(a) → \(b)")
            #expect(change.newGlyphs.ids == full.newGlyphs.ids, "\(a) → \(b)")
        }
    }
}
