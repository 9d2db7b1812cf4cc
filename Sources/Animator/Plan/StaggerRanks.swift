import Analyzer

/// Each plan entry's rank in the stagger: entering glyphs by priority weight,
/// then index in the new text; exiting glyphs likewise in the old text;
/// persisting glyphs rank 0.
///
/// The analyzer lists glyphs in reading order with rising weights, so the ranks
/// are usually the order of appearance: that case is recognised in one pass.
/// Any other order (a hand-made change, or arrivals of glyphs the choreography
/// replaced, listed after the others) is sorted once.
enum StaggerRanks {
    /// Writes every entry's rank into `ranks` (replacing its contents) and
    /// returns the numbers of entering and exiting glyphs.
    ///
    /// - Complexity: O(n) when the entries are in stagger order, O(n log n) otherwise.
    static func write(_ entries: [PlanEntry], into ranks: inout [Int32]) -> (entering: Int, exiting: Int) {
        ranks.removeAll(keepingCapacity: true)
        var entering = 0, exiting = 0
        var inOrder = true
        var lastEntering = -1, lastExiting = -1
        for e in entries.indices {
            switch entries[e].role {
            case .entering:
                if lastEntering >= 0, !before(entries[lastEntering], entries[e]) { inOrder = false }
                lastEntering = e
                ranks.append(Int32(truncatingIfNeeded: entering))
                entering += 1
            case .exiting:
                if lastExiting >= 0, !before(entries[lastExiting], entries[e]) { inOrder = false }
                lastExiting = e
                ranks.append(Int32(truncatingIfNeeded: exiting))
                exiting += 1
            case .persisting:
                ranks.append(0)
            }
        }
        if !inOrder { sortRanks(entries, into: &ranks) }
        return (entering, exiting)
    }

    /// Whether entry `a` goes before `b` (same role) in the stagger: lower weight first, then lower index.
    private static func before(_ a: PlanEntry, _ b: PlanEntry) -> Bool {
        if a.weight != b.weight { return a.weight < b.weight }
        return a.role == .entering ? a.newIndex < b.newIndex : a.oldIndex < b.oldIndex
    }

    /// Every entering and exiting entry's rank, by sorting each group.
    private static func sortRanks(_ entries: [PlanEntry], into ranks: inout [Int32]) {
        var entering: [Int] = [], exiting: [Int] = []
        for e in entries.indices {
            switch entries[e].role {
            case .entering: entering.append(e)
            case .exiting: exiting.append(e)
            case .persisting: break
            }
        }
        entering.sort { before(entries[$0], entries[$1]) }
        exiting.sort { before(entries[$0], entries[$1]) }
        for (rank, e) in entering.enumerated() { ranks[e] = Int32(truncatingIfNeeded: rank) }
        for (rank, e) in exiting.enumerated() { ranks[e] = Int32(truncatingIfNeeded: rank) }
    }
}

/// One glyph of a plan: a mutation, or the arrival of a persisting glyph the
/// choreography made leave and enter instead of moving.
struct PlanEntry: Sendable {
    /// The mutation the entry comes from.
    var mutation: Int32
    var role: SpriteRole
    /// The glyph's index in the old text, or −1.
    var oldIndex: Int32
    /// The glyph's index in the new text, or −1.
    var newIndex: Int32
    var glyph: GlyphID
    /// The priority weight (stagger order).
    var weight: Double
}
