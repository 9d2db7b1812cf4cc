import Analyzer
import Testing
import TestSupport

@Suite("Replace mode")
struct ReplaceModeTests {
    @Test(arguments: [("abc", "abd"), ("9", "10"), ("same", "same"), ("", "x"), ("xy", ""), ("👨‍👩‍👧", "日本")])
    func everySlotExitsAndEnters(old: String, new: String) {
        let change = TextChangeAnalyzer(mode: .replace).analyze(from: old, to: new)
        #expect(change.mutations.filter { $0.action == .insert }.map(\.indexTo) == Array(0..<new.count))
        #expect(change.mutations.filter { $0.action == .remove }.map(\.indexFrom) == Array(0..<old.count))
        #expect(!change.mutations.contains { $0.action == .transform })
        #expect(change.changeRatio == (old.isEmpty && new.isEmpty ? 0 : 1))
        #expect(ChangeInvariants.violations(of: change).isEmpty)
    }

    @Test func slotsShareTheirWeight() {
        let change = TextChangeAnalyzer(mode: .replace).analyze(from: "ab", to: "abcd")
        let inserts = change.mutations.filter { $0.action == .insert }.map(\.priorityWeight)
        let removes = change.mutations.filter { $0.action == .remove }.map(\.priorityWeight)
        #expect(inserts == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(removes == [0, 1.0 / 3])
        #expect(change.mode == .replace)
    }

    @Test func bothEmpty() {
        let change = TextChangeAnalyzer(mode: .replace).analyze(from: "", to: "")
        #expect(change.mutations.isEmpty)
        #expect(change.changeRatio == 0)
    }
}
