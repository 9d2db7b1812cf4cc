import Testing

@testable import Analyzer

@Suite("TextChange description")
struct TextChangeDescriptionTests {
    @Test func listsTheCountsAndEveryMutation() {
        let change = TextChangeAnalyzer().analyze(from: "Send Action", to: "Action Sent")
        let lines = change.description.split(separator: "\n").map(String.init)
        #expect(lines[0] == "TextChange \"Send Action\" → \"Action Sent\": 6 kept, 5 inserted, 5 removed; changeRatio 0.909, trend +1")
        #expect(lines.count == 1 + change.mutations.count)
        #expect(lines[1] == "  = \"A\" 5 → 0")
        #expect(lines.contains("  + \"S\" → 7 (priority 0.7)"))
        #expect(lines.contains("  - \"S\" 0 → (priority 0)"))
    }

    @Test func escapesControlCharactersAndCutsLongLists() {
        let change = TextChangeAnalyzer().analyze(from: "\u{1B}[31m", to: String(repeating: "x", count: 50))
        let lines = change.description.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("TextChange \"\\u{1B}[31m\" → "))
        #expect(!change.description.contains("\u{1B}"))
        #expect(lines.count == 1 + 40 + 1 && lines.last == "  … \(change.mutations.count - 40) more")
    }
}
