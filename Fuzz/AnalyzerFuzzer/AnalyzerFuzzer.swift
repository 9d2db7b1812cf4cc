import Analyzer
import FuzzSupport

// libFuzzer target for the Analyzer: two texts and a diff mode from the input,
// and the analysis invariants checked on the result, also when
// analyzed through a workspace kept across inputs. Only public API; the glyph
// lists are read as generic collections of Character, whatever their storage.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalyzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkAnalyzer(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// One case: the first byte picks the mode, the rest holds the two texts separated by 0xFF.
func checkAnalyzer(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let mode: DiffMode = input.pick([
        .morph, .morph, .replace, .numeric(decimalSeparator: "."), .numeric(decimalSeparator: ","),
        .numeric(decimalSeparator: "e\u{301}"),
    ])
    let oldText = input.text(), newText = input.text()
    let analyzer = TextChangeAnalyzer(mode: mode)
    let change = analyzer.analyze(from: oldText, to: newText)
    let label = "\(mode) \(oldText.debugDescription) → \(newText.debugDescription)"

    let old = Array(change.oldGlyphs), new = Array(change.newGlyphs)
    require(old.elementsEqual(oldText), "\(label): old glyphs are not the old text's")
    require(new.elementsEqual(newText), "\(label): new glyphs are not the new text's")

    var oldSeen = [Int](repeating: 0, count: old.count)
    var newSeen = [Int](repeating: 0, count: new.count)
    var changed = 0
    for mutation in change.mutations {
        require(mutation.priorityWeight >= 0 && mutation.priorityWeight <= 1, "\(label): weight \(mutation.priorityWeight)")
        switch mutation.action {
        case .insert:
            require(mutation.indexFrom == nil, "\(label): an insert with an old index")
            guard let to = mutation.indexTo, new.indices.contains(to) else { return require(false, "\(label): insert without a new index") }
            require(mutation.symbol == new[to], "\(label): insert symbol \(mutation.symbol) is not new glyph \(to)")
            newSeen[to] += 1
            changed += 1
        case .remove:
            require(mutation.indexTo == nil, "\(label): a remove with a new index")
            guard let from = mutation.indexFrom, old.indices.contains(from) else { return require(false, "\(label): remove without an old index") }
            require(mutation.symbol == old[from], "\(label): remove symbol \(mutation.symbol) is not old glyph \(from)")
            oldSeen[from] += 1
            changed += 1
        case .transform:
            guard let from = mutation.indexFrom, old.indices.contains(from), let to = mutation.indexTo, new.indices.contains(to)
            else { return require(false, "\(label): transform without both indices") }
            require(old[from] == new[to], "\(label): transform \(from) → \(to) pairs \(old[from]) with \(new[to])")
            require(mutation.symbol == new[to], "\(label): transform symbol \(mutation.symbol) is not new glyph \(to)")
            oldSeen[from] += 1
            newSeen[to] += 1
        }
    }
    if let i = oldSeen.firstIndex(where: { $0 != 1 }) { require(false, "\(label): old index \(i) appears \(oldSeen[i]) times") }
    if let i = newSeen.firstIndex(where: { $0 != 1 }) { require(false, "\(label): new index \(i) appears \(newSeen[i]) times") }

    let longer = max(old.count, new.count)
    let ratio = longer == 0 ? 0 : min(Double(changed) / Double(longer), 1)
    require(change.changeRatio >= 0 && change.changeRatio <= 1, "\(label): changeRatio \(change.changeRatio)")
    require(change.changeRatio == ratio, "\(label): changeRatio \(change.changeRatio), counted \(ratio)")
    require((-1...1).contains(change.trend), "\(label): trend \(change.trend)")

    // Deterministic: the same call, the same answer.
    let again = analyzer.analyze(from: oldText, to: newText)
    require(again.mutations.elementsEqual(change.mutations), "\(label): a second analysis differs")

    // The same through a workspace kept from input to input, whose caches of
    // segmented text and numbered glyphs earlier inputs filled.
    let kept = analyzer.analyze(from: oldText, to: newText, in: sharedWorkspace)
    require(Array(kept.oldGlyphs).elementsEqual(oldText), "\(label): old glyphs through the workspace are not the old text's")
    require(Array(kept.newGlyphs).elementsEqual(newText), "\(label): new glyphs through the workspace are not the new text's")
    require(kept.mutations.elementsEqual(change.mutations), "\(label): the workspace's analysis differs")
    if sharedWorkspace.glyphCount > 50_000 { sharedWorkspace.compact(keeping: []) }
}

/// One workspace for every input: the fuzzer runs inputs one at a time on one
/// thread, and nothing else touches it.
nonisolated(unsafe) let sharedWorkspace = TextChangeAnalyzer.Workspace()

@main
enum AnalyzerFuzzerMain {
    static func main() { FuzzDriver.main(fuzz: fuzzAnalyzer, replay: checkAnalyzer) }
}
