import Analyzer

/// The pen's running totals over one change: for each entering glyph the ink
/// of the entering glyphs before it (in new-text order), for each exiting
/// glyph that of the exiting glyphs before it (in old-text order), from the
/// layouts' `ink` (see `GlyphInk`). Made only when a layout has ink.
struct InkLedger {
    private var enteringBefore: [Double]
    private var exitingBefore: [Double]
    private let oldInk: [Double]
    private let newInk: [Double]
    private var enteringTotal = 0.0
    private var exitingTotal = 0.0

    /// - Complexity: O(n) in the entries and glyphs.
    init?(entries: [PlanEntry], old: TextLayoutResult, new: TextLayoutResult) {
        guard old.ink != nil || new.ink != nil else { return nil }
        oldInk = old.ink ?? []
        newInk = new.ink ?? []
        // Mark who enters and exits, then sum in reading order.
        enteringBefore = [Double](repeating: -1, count: newInk.count)
        exitingBefore = [Double](repeating: -1, count: oldInk.count)
        for entry in entries {
            switch entry.role {
            case .entering where Int(entry.newIndex) < newInk.count: enteringBefore[Int(entry.newIndex)] = 0
            case .exiting where Int(entry.oldIndex) < oldInk.count: exitingBefore[Int(entry.oldIndex)] = 0
            default: break
            }
        }
        Self.accumulate(&enteringBefore, newInk, total: &enteringTotal)
        Self.accumulate(&exitingBefore, oldInk, total: &exitingTotal)
    }

    private static func accumulate(_ before: inout [Double], _ ink: [Double], total: inout Double) {
        for i in before.indices where before[i] >= 0 {
            before[i] = total
            total += ink[i].isFinite ? max(ink[i], 0) : 0
        }
    }

    /// The totals of a role's glyphs (their `total`, and entering, what `leaving` glyphs un-write first),
    /// for the role's template; a persisting glyph's own ink is its total (see `ink(role:index:)`),
    /// so the persisting template sees whether the new text has any.
    func totals(role: SpriteRole) -> GlyphInk {
        switch role {
        case .entering: GlyphInk(length: 0, before: 0, total: enteringTotal, leaving: exitingTotal)
        case .exiting: GlyphInk(length: 0, before: 0, total: exitingTotal)
        case .persisting: GlyphInk(length: 0, before: 0, total: newInk.reduce(0) { $0 + max($1.isFinite ? $1 : 0, 0) })
        }
    }

    /// The ink of glyph `index` (in the new text unless it is exiting).
    func ink(role: SpriteRole, index: Int) -> GlyphInk {
        switch role {
        case .entering:
            guard index >= 0, index < newInk.count else { return .none }
            return GlyphInk(
                length: max(newInk[index], 0), before: max(enteringBefore[index], 0), total: enteringTotal,
                leaving: exitingTotal)
        case .exiting:
            guard index >= 0, index < oldInk.count else { return .none }
            return GlyphInk(length: max(oldInk[index], 0), before: max(exitingBefore[index], 0), total: exitingTotal)
        case .persisting:
            guard index >= 0, index < newInk.count else { return .none }
            return GlyphInk(length: max(newInk[index], 0), before: 0, total: max(newInk[index], 0))
        }
    }
}
