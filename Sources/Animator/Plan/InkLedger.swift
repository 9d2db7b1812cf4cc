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

    /// The ledger of a change whose entering and exiting glyphs `mark` marks: it is
    /// given one value per glyph of the new text and one per glyph of the old, all −1,
    /// and sets those of the glyphs that enter (by new index) and exit (by old index) to 0.
    ///
    /// - Complexity: O(n) in the glyphs, plus `mark`'s.
    init?(
        old: TextLayoutResult, new: TextLayoutResult,
        marking mark: (_ entering: inout [Double], _ exiting: inout [Double]) -> Void
    ) {
        guard old.ink != nil || new.ink != nil else { return nil }
        oldInk = old.ink ?? []
        newInk = new.ink ?? []
        // Mark who enters and exits, then sum in reading order.
        enteringBefore = [Double](repeating: -1, count: newInk.count)
        exitingBefore = [Double](repeating: -1, count: oldInk.count)
        mark(&enteringBefore, &exitingBefore)
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
