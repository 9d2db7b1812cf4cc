#if ANALYZER_INVARIANTS
/// Checks of the analysis invariants (see `TextChange`) on every analysis, compiled in
/// only with `-Xswiftc -DANALYZER_INVARIANTS` (they cost O(n + m) per call).
extension TextChange {
    func checkInvariants() {
        var oldSeen = [Bool](repeating: false, count: oldGlyphs.count)
        var newSeen = [Bool](repeating: false, count: newGlyphs.count)
        var removing = false
        var lastNew = -1
        var lastOld = -1
        for mutation in mutations {
            precondition((0...1).contains(mutation.priorityWeight), "priority weight outside 0…1")
            switch mutation.action {
            case .insert, .transform:
                precondition(!removing, "an insert or transform after a remove")
                let to = mutation.indexTo!
                precondition(to > lastNew, "new indices out of order")
                lastNew = to
                newSeen[to] = true
                if mutation.action == .transform {
                    let from = mutation.indexFrom!
                    precondition(!oldSeen[from], "old index \(from) used twice")
                    precondition(oldGlyphs[from] == newGlyphs[to], "a transform between different glyphs")
                    oldSeen[from] = true
                }
            case .remove:
                removing = true
                let from = mutation.indexFrom!
                precondition(from > lastOld && !oldSeen[from], "old indices out of order or used twice")
                lastOld = from
                oldSeen[from] = true
            }
        }
        precondition(!oldSeen.contains(false) && !newSeen.contains(false), "a glyph without a mutation")
    }
}
#endif
