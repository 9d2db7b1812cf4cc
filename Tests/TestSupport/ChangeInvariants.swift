import Analyzer

/// The invariants every `TextChange` keeps (see `TextChange` and docs/architecture.md).
public enum ChangeInvariants {
    /// Every broken invariant, described; empty when the change is well formed.
    public static func violations(of change: TextChange) -> [String] {
        var problems: [String] = []
        var oldSeen = Array(repeating: 0, count: change.oldGlyphs.count)
        var newSeen = Array(repeating: 0, count: change.newGlyphs.count)
        var phase = 0  // 0: inserts and transforms, 1: removes
        var lastNew = -1
        var lastOld = -1
        var inserted = 0
        var removed = 0
        for (position, mutation) in change.mutations.enumerated() {
            let label = "mutation \(position) (\(mutation.action))"
            if !(0...1).contains(mutation.priorityWeight) { problems.append("\(label): weight \(mutation.priorityWeight)") }
            switch mutation.action {
            case .insert, .transform:
                if phase == 1 { problems.append("\(label) after a remove") }
                guard let to = mutation.indexTo, change.newGlyphs.indices.contains(to) else {
                    problems.append("\(label): bad indexTo")
                    continue
                }
                if to <= lastNew { problems.append("\(label): new index \(to) out of order") }
                lastNew = to
                newSeen[to] += 1
                if mutation.symbol != change.newGlyphs[to] { problems.append("\(label): symbol differs from new glyph") }
                if mutation.action == .insert {
                    inserted += 1
                    if mutation.indexFrom != nil { problems.append("\(label): insert with indexFrom") }
                } else {
                    guard let from = mutation.indexFrom, change.oldGlyphs.indices.contains(from) else {
                        problems.append("\(label): bad indexFrom")
                        continue
                    }
                    oldSeen[from] += 1
                    if change.oldGlyphs[from] != change.newGlyphs[to] { problems.append("\(label): glyphs differ") }
                }
            case .remove:
                phase = 1
                removed += 1
                if mutation.indexTo != nil { problems.append("\(label): remove with indexTo") }
                guard let from = mutation.indexFrom, change.oldGlyphs.indices.contains(from) else {
                    problems.append("\(label): bad indexFrom")
                    continue
                }
                if from <= lastOld { problems.append("\(label): old index \(from) out of order") }
                lastOld = from
                oldSeen[from] += 1
                if mutation.symbol != change.oldGlyphs[from] { problems.append("\(label): symbol differs from old glyph") }
            }
        }
        for (index, count) in oldSeen.enumerated() where count != 1 { problems.append("old index \(index) seen \(count) times") }
        for (index, count) in newSeen.enumerated() where count != 1 { problems.append("new index \(index) seen \(count) times") }
        let longer = max(change.oldGlyphs.count, change.newGlyphs.count)
        let ratio = longer == 0 ? 0 : min(Double(inserted + removed) / Double(longer), 1)
        if change.changeRatio != ratio { problems.append("changeRatio \(change.changeRatio), expected \(ratio)") }
        if change.trend != 1 && change.trend != -1 { problems.append("trend \(change.trend)") }
        return problems
    }

    /// The (old, new) index pairs of the change's transforms, in new-text order.
    public static func persisting(_ change: TextChange) -> [(Int, Int)] {
        change.mutations.compactMap { mutation in
            guard mutation.action == .transform, let from = mutation.indexFrom, let to = mutation.indexTo else {
                return nil
            }
            return (from, to)
        }
    }
}
