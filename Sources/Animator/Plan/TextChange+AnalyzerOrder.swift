import Analyzer

extension TextChange {
    /// The change with its mutations in the analyzer's order: one per glyph of the new
    /// text, in order (an insert, or a transform from an old glyph no other takes), then a
    /// remove for each old glyph no transform takes, in old order. A change the analyzer made
    /// is so already, and is returned as it is; a hand-made one is put so, each mutation kept
    /// where it fits (its symbol and weight with it), a glyph none names inserted or removed.
    ///
    /// - Complexity: O(1) for the analyzer's changes, O(mutations + glyphs) for a hand-made one.
    func inAnalyzerOrder() -> TextChange {
        guard isHandMade else { return self }
        let mutations = self.mutations, newCount = newGlyphCount, oldCount = oldGlyphCount
        if Self.isInAnalyzerOrder(mutations, oldCount: oldCount, newCount: newCount) { return self }
        let new = Array(newGlyphs), old = Array(oldGlyphs)
        func weight(_ i: Int, _ n: Int) -> Double { n > 1 ? Double(i) / Double(n - 1) : 0 }
        var ofNew = [GlyphMutation?](repeating: nil, count: newCount)
        var taken = [Bool](repeating: false, count: oldCount)
        var removal = [GlyphMutation?](repeating: nil, count: oldCount)
        for m in mutations {
            switch m.action {
            case .insert, .transform:
                guard let j = m.indexTo, j >= 0, j < newCount, ofNew[j] == nil else { continue }
                var m = m
                if m.action == .transform {
                    // A transform from nowhere, or from a glyph another takes, is an insert.
                    if let i = m.indexFrom, i >= 0, i < oldCount, !taken[i] {
                        taken[i] = true
                    } else {
                        m = GlyphMutation(
                            action: .insert, indexFrom: nil, indexTo: j, symbol: m.symbol, priorityWeight: m.priorityWeight)
                    }
                }
                ofNew[j] = m
            case .remove:
                guard let i = m.indexFrom, i >= 0, i < oldCount, removal[i] == nil else { continue }
                removal[i] = m
            }
        }
        var ordered: [GlyphMutation] = []
        ordered.reserveCapacity(newCount + oldCount)
        for j in 0..<newCount {
            ordered.append(
                ofNew[j]
                    ?? GlyphMutation(
                        action: .insert, indexFrom: nil, indexTo: j, symbol: new[j], priorityWeight: weight(j, newCount)))
        }
        for i in 0..<oldCount where !taken[i] {
            ordered.append(
                removal[i]
                    ?? GlyphMutation(
                        action: .remove, indexFrom: i, indexTo: nil, symbol: old[i], priorityWeight: weight(i, oldCount)))
        }
        return TextChange(
            oldGlyphs: old, newGlyphs: new, mutations: ordered, changeRatio: changeRatio, trend: trend, mode: mode)
    }

    /// Whether `mutations` are in the analyzer's order (see `inAnalyzerOrder()`).
    private static func isInAnalyzerOrder(_ mutations: MutationList, oldCount: Int, newCount: Int) -> Bool {
        var taken = [Bool](repeating: false, count: oldCount)
        for k in 0..<mutations.count {
            let action = mutations.action(at: k), i = mutations.indexFrom(at: k)
            if k < newCount {
                guard action != .remove, mutations.indexTo(at: k) == k else { return false }
                guard action == .transform else { continue }
            } else {
                guard action == .remove else { return false }
            }
            guard i >= 0, i < oldCount, !taken[i] else { return false }
            taken[i] = true
        }
        // Every old glyph is taken or removed.
        return mutations.count >= newCount && !taken.contains(false)
    }
}
