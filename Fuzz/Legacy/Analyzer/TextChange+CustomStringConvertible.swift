extension TextChange: CustomStringConvertible {
    /// The change for people: the texts, the counts, then one line per
    /// mutation (at most 40), e.g.
    ///
    ///     TextChange "Send Action" → "Action Sent": 6 kept, 5 inserted, 5 removed; changeRatio 0.909, trend +1
    ///       = "A" 5 → 0
    ///       + "S" → 7 (priority 0.5)
    ///       - "S" 0 → (priority 0)
    ///
    /// Texts and glyphs are quoted with control characters escaped.
    public var description: String {
        let list = mutations
        var kept = 0, inserted = 0, removed = 0
        for k in list.indices {
            switch list.action(at: k) {
            case .transform: kept += 1
            case .insert: inserted += 1
            case .remove: removed += 1
            }
        }
        var lines = [
            "TextChange \(String(oldGlyphs).debugDescription) → \(String(newGlyphs).debugDescription): \(kept) kept, "
                + "\(inserted) inserted, \(removed) removed; changeRatio \(Self.decimal(changeRatio)), trend "
                + (trend < 0 ? "-1" : "+1")
        ]
        for k in list.indices.prefix(40) {
            let m = list[k]
            let glyph = String(m.symbol).debugDescription
            switch m.action {
            case .transform: lines.append("  = \(glyph) \(m.indexFrom ?? 0) → \(m.indexTo ?? 0)")
            case .insert: lines.append("  + \(glyph) → \(m.indexTo ?? 0) (priority \(Self.decimal(m.priorityWeight)))")
            case .remove: lines.append("  - \(glyph) \(m.indexFrom ?? 0) → (priority \(Self.decimal(m.priorityWeight)))")
            }
        }
        if list.count > 40 { lines.append("  … \(list.count - 40) more") }
        return lines.joined(separator: "\n")
    }

    /// A number with at most three decimals and no trailing zeros.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
