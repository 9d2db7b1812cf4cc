import Analyzer
import Testing
import TestSupport

@Suite("Numeric mode")
struct NumericModeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var old: String
        var new: String
        var separator: Character = "."
        var oldMask: String
        var newMask: String
        var testDescription: String { "\(old.debugDescription) → \(new.debugDescription) (\(separator))" }
    }

    @Test(arguments: [
        // Prices: prefix from the left, body at the decimal separator.
        Case(old: "$9.99", new: "$10.49", oldMask: "=-=-=", newMask: "=++=+="),
        Case(old: "€1.50", new: "$1.50", oldMask: "-====", newMask: "+===="),
        // Suffixes pair from the right.
        Case(old: "45%", new: "100%", oldMask: "--=", newMask: "+++="),
        Case(old: "12 MB", new: "1.2 GB", oldMask: "--=-=", newMask: "+++=+="),
        Case(old: "999K", new: "1.2M", oldMask: "----", newMask: "++++"),
        // Counters: places count from the units.
        Case(old: "99", new: "100", oldMask: "--", newMask: "+++"),
        Case(old: "1,000", new: "999", oldMask: "-----", newMask: "+++"),
        Case(old: "1,000", new: "1,001", oldMask: "====-", newMask: "====+"),
        Case(old: "1,099", new: "1,100", oldMask: "==---", newMask: "==+++"),
        Case(old: "120", new: "20", oldMask: "-==", newMask: "=="),
        // Clocks: the colon is a place like a digit.
        Case(old: "09:59", new: "10:00", oldMask: "--=--", newMask: "++=++"),
        Case(old: "9:59", new: "10:00", oldMask: "-=--", newMask: "++=++"),
        // A German separator.
        Case(old: "1.234,56", new: "1.235,00", separator: ",", oldMask: "====-=--", newMask: "====+=++"),
        Case(old: "0,5", new: "1,5", separator: ",", oldMask: "-==", newMask: "+=="),
        // Signs, fractions and texts without digits.
        Case(old: "\u{2212}5", new: "\u{2212}12", oldMask: "=-", newMask: "=++"),
        Case(old: "0.5", new: ".5", oldMask: "-==", newMask: "=="),
        Case(old: "3.14", new: "3", oldMask: "=---", newMask: "="),
        Case(old: "N/A", new: "42", oldMask: "---", newMask: "++"),
        Case(old: "", new: "0", oldMask: "", newMask: "+"),
        Case(old: "٣٤", new: "٣٥", oldMask: "=-", newMask: "=+"),
    ])
    func placeValueMatching(_ example: Case) {
        let analyzer = TextChangeAnalyzer(mode: .numeric(decimalSeparator: example.separator))
        let change = analyzer.analyze(from: example.old, to: example.new)
        #expect(ChangeDiagram(change) == ChangeDiagram(old: example.oldMask, new: example.newMask))
        #expect(ChangeInvariants.violations(of: change).isEmpty)
    }

    @Test func columnsLinkLeavingAndEnteringDigits() {
        let change = TextChangeAnalyzer(mode: .numeric()).analyze(from: "$9.99", to: "$10.49")
        // Columns: "$", tens, units, ".", tenths, hundredths.
        let newWeights = change.mutations.filter { $0.indexTo != nil }.map(\.priorityWeight)
        #expect(newWeights == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1])
        let oldWeights = change.mutations.filter { $0.action == .remove }.map(\.priorityWeight)
        // The leaving units "9" shares its column with the entering "0".
        #expect(oldWeights == [0.4, 0.8])
    }

    @Test func defaultSeparatorIsAPoint() {
        #expect(DiffMode.numeric() == .numeric(decimalSeparator: "."))
    }

    @Test(arguments: [
        ("99", ".", 2), ("100", ".", 3), ("1,000", ".", 5), ("$9.99", ".", 2), ("$10.5", ".", 3),
        ("1,000 km", ".", 5), (".5", ".", 0), ("-3.2°C", ".", 2), ("1.234,56 €", ",", 5), ("Mon 9:59", ".", 8),
        ("1.2.3", ".", 5),  // two separators: not a decimal one, anchored at the end
        ("١٢٣", ".", 3),  // Arabic-Indic digits are digits
    ] as [(String, Character, Int)])
    func theNumberIsAnchoredAtItsSeparatorOrItsEnd(text: String, separator: Character, expected: Int) {
        let mode = DiffMode.numeric(decimalSeparator: separator)
        #expect(mode.numberAnchor(in: Array(text)) == expected)
    }

    @Test func textsWithoutDigitsAndOtherModesHaveNoAnchor() {
        #expect(DiffMode.numeric().numberAnchor(in: Array("Loading…")) == nil)
        #expect(DiffMode.numeric().numberAnchor(in: [Character]()) == nil)
        #expect(DiffMode.morph.numberAnchor(in: Array("99")) == nil)
        #expect(DiffMode.replace.numberAnchor(in: Array("99")) == nil)
        let change = TextChangeAnalyzer(mode: .numeric()).analyze(from: "$9.99", to: "$10.5")
        #expect(change.numberAnchors.map { [$0.old, $0.new] } == [2, 3])
        #expect(TextChangeAnalyzer(mode: .numeric()).analyze(from: "none", to: "12").numberAnchors == nil)
        #expect(TextChangeAnalyzer().analyze(from: "99", to: "100").numberAnchors == nil)
    }
}
