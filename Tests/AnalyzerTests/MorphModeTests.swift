import Analyzer
import Testing
import TestSupport

@Suite("Morph mode")
struct MorphModeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var old: String
        var new: String
        var oldMask: String
        var newMask: String
        var testDescription: String { "\(old.debugDescription) → \(new.debugDescription)" }
    }

    @Test(arguments: [
        // Status labels.
        Case(old: "Send Action", new: "Action Sent", oldMask: "-----======", newMask: "======+++++"),
        Case(old: "Creative", new: "Create", oldMask: "=====--=", newMask: "======"),
        Case(old: "Loading", new: "Loaded", oldMask: "====---", newMask: "====++"),
        Case(old: "Saving", new: "Saved", oldMask: "===---", newMask: "===++"),
        Case(old: "Connecting…", new: "Connected", oldMask: "=======----", newMask: "=======++"),
        Case(old: "Follow", new: "Following", oldMask: "======", newMask: "======+++"),
        // Words sharing letters: one LCS, earliest in the new text.
        Case(old: "cat", new: "act", oldMask: "-==", newMask: "=+="),
        Case(old: "a", new: "baa", oldMask: "=", newMask: "+=+"),
        // Repeated words: the earliest "hello" keeps its glyphs.
        Case(old: "hello world", new: "hello there hello", oldMask: "======--==-", newMask: "======+++=++++=++"),
        // Reordered words persist whole.
        Case(old: "the cat and the hat", new: "the hat and the cat", oldMask: "===================",
             newMask: "==================="),
        // Whitespace: leading, trailing, doubled.
        Case(old: "  hi", new: "hi  ", oldMask: "--==", newMask: "==++"),
        Case(old: "a  b", new: "a b", oldMask: "==-=", newMask: "==="),
        Case(old: "one\ntwo", new: "one two", oldMask: "===-===", newMask: "===+==="),
        // Emoji are single glyphs.
        Case(old: "👨‍👩‍👧 family", new: "👨‍👩‍👧 famille", oldMask: "=======-", newMask: "=======++"),
        Case(old: "1️⃣2️⃣", new: "2️⃣1️⃣", oldMask: "-=", newMask: "=+"),
        Case(old: "🇯🇵🇫🇷", new: "🇫🇷🇯🇵", oldMask: "-=", newMask: "=+"),
        Case(old: "👍", new: "👍🏽", oldMask: "-", newMask: "+"),
        // Canonical equivalence: composed and decomposed letters are equal.
        Case(old: "caf\u{E9}", new: "cafe\u{301}", oldMask: "====", newMask: "===="),
        Case(old: "\u{212A}elvin", new: "Kelvin", oldMask: "======", newMask: "======"),
        // Japanese and Chinese (no whitespace: character LCS).
        Case(old: "こんにちは", new: "こんばんは", oldMask: "==--=", newMask: "==++="),
        Case(old: "我爱你", new: "你爱我", oldMask: "--=", newMask: "=++"),
        Case(old: "東京タワー", new: "東京スカイツリー", oldMask: "==--=", newMask: "==+++++="),
        // Arabic and Hebrew (logical order).
        Case(old: "مرحبا بالعالم", new: "مرحبا بكم", oldMask: "=======-----=", newMask: "=======+="),
        Case(old: "שלום עולם", new: "עולם שלום", oldMask: "====-====", newMask: "====+===="),
        // Empty texts.
        Case(old: "", new: "", oldMask: "", newMask: ""),
        Case(old: "", new: "Hi", oldMask: "", newMask: "++"),
        Case(old: "Hi", new: "", oldMask: "--", newMask: ""),
    ])
    func persistingGlyphs(_ example: Case) {
        let change = TextChangeAnalyzer().analyze(from: example.old, to: example.new)
        #expect(ChangeDiagram(change) == ChangeDiagram(old: example.oldMask, new: example.newMask))
        #expect(ChangeInvariants.violations(of: change).isEmpty)
    }

    @Test func matchedWordNeverLendsGlyphs() {
        let change = TextChangeAnalyzer().analyze(from: "Send Action", to: "Action Sent")
        #expect(persistingPairs(change) == "5>0 6>1 7>2 8>3 9>4 10>5")
        // "Sent" shares S, e, n with "Send" but "Action" stands between them.
        let entering = change.mutations.filter { $0.action == .insert }.map(\.symbol)
        #expect(String(entering) == " Sent")
        let leaving = change.mutations.filter { $0.action == .remove }.map(\.symbol)
        #expect(String(leaving) == "Send ")
    }

    @Test func reorderedWordsMoveWhole() {
        let change = TextChangeAnalyzer().analyze(from: "hello world", to: "world hello")
        #expect(persistingPairs(change) == "6>0 7>1 8>2 9>3 10>4 0>6 1>7 2>8 3>9 4>10")
        let swapped = TextChangeAnalyzer().analyze(from: "the cat and the hat", to: "the hat and the cat")
        #expect(persistingPairs(swapped).hasPrefix("0>0 1>1 2>2 3>3 16>4 17>5 18>6"))
        #expect(swapped.changeRatio == 0)
    }

    @Test func firstOfRepeatedWordsPersists() {
        let change = TextChangeAnalyzer().analyze(from: "hello world", to: "hello there hello")
        #expect(persistingPairs(change).hasPrefix("0>0 1>1 2>2 3>3 4>4 5>5"))
    }

    @Test func multilineText() {
        let change = TextChangeAnalyzer().analyze(from: "Line one\nLine two", to: "Line two\nLine three")
        let pairs = persistingPairs(change)
        // LCS "Line two" (earliest), then the second "Line" as a reordered word.
        #expect(pairs.hasPrefix("0>0 1>1 2>2 3>3 4>4 14>5 15>6 16>7 9>9 10>10 11>11 12>12"))
        #expect(ChangeInvariants.violations(of: change).isEmpty)
    }

    @Test func priorityFollowsReadingOrder() {
        let change = TextChangeAnalyzer().analyze(from: "abc", to: "xbcd")
        let weights = change.mutations.map { "\($0.action.rawValue) \($0.priorityWeight)" }
        #expect(
            weights == [
                "insert 0.0", "transform 0.3333333333333333", "transform 0.6666666666666666", "insert 1.0",
                "remove 0.0",
            ])
        let single = TextChangeAnalyzer().analyze(from: "a", to: "b")
        #expect(single.mutations.map(\.priorityWeight) == [0, 0])
    }

    @Test func changeRatio() {
        #expect(TextChangeAnalyzer().analyze(from: "", to: "").changeRatio == 0)
        #expect(TextChangeAnalyzer().analyze(from: "same", to: "same").changeRatio == 0)
        #expect(TextChangeAnalyzer().analyze(from: "Creative", to: "Create").changeRatio == 2.0 / 8)
        #expect(TextChangeAnalyzer().analyze(from: "abc", to: "xyz").changeRatio == 1)
        #expect(TextChangeAnalyzer().analyze(from: "", to: "abc").changeRatio == 1)
    }

    @Test func stringAndGlyphOverloadsAgree() {
        let analyzer = TextChangeAnalyzer()
        for (old, new) in [("Send Action", "Action Sent"), ("a\r\nb", "a\nb"), ("e\u{301}👨‍👩‍👧", "é 👨‍👩‍👧")] {
            #expect(analyzer.analyze(from: old, to: new) == analyzer.analyze(from: Array(old), to: Array(new)))
        }
        let crlf = analyzer.analyze(from: "a\r\nb", to: "a\nb")
        #expect(Array(crlf.oldGlyphs) == ["a", "\r\n", "b"])
        #expect(ChangeDiagram(crlf) == ChangeDiagram(old: "=-=", new: "=+="))
    }
}
