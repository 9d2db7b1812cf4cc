import Analyzer

/// Each mutation's rank in the stagger: entering glyphs by priority weight, then
/// index in the new text; exiting glyphs likewise in the old text; persisting
/// glyphs rank 0.
///
/// The analyzer lists glyphs in reading order with rising weights, so the ranks
/// are usually the order of appearance: that case is recognised in one pass.
/// Any other order (a hand-made change) is sorted once.
enum StaggerRanks {
    /// Writes every mutation's rank into `ranks` (replacing its contents) and
    /// returns the numbers of entering and exiting glyphs.
    ///
    /// - Complexity: O(n) when the mutations are in stagger order, O(n log n) otherwise.
    static func write(_ mutations: MutationList, into ranks: inout [Int32]) -> (entering: Int, exiting: Int) {
        ranks.removeAll(keepingCapacity: true)
        var entering = 0, exiting = 0
        var inOrder = true
        var lastEntering = -1, lastExiting = -1
        for i in mutations.indices {
            switch mutations.action(at: i) {
            case .insert:
                if lastEntering >= 0, !before(mutations, lastEntering, i, entering: true) { inOrder = false }
                lastEntering = i
                ranks.append(Int32(truncatingIfNeeded: entering))
                entering += 1
            case .remove:
                if lastExiting >= 0, !before(mutations, lastExiting, i, entering: false) { inOrder = false }
                lastExiting = i
                ranks.append(Int32(truncatingIfNeeded: exiting))
                exiting += 1
            case .transform:
                ranks.append(0)
            }
        }
        if !inOrder { sortRanks(mutations, into: &ranks) }
        return (entering, exiting)
    }

    /// Whether mutation `a` goes before `b` in the stagger: lower weight first, then lower index.
    private static func before(_ mutations: MutationList, _ a: Int, _ b: Int, entering: Bool) -> Bool {
        let wa = mutations.priorityWeight(at: a), wb = mutations.priorityWeight(at: b)
        if wa != wb { return wa < wb }
        return entering
            ? mutations.indexTo(at: a) < mutations.indexTo(at: b) : mutations.indexFrom(at: a) < mutations.indexFrom(at: b)
    }

    /// Every entering and exiting mutation's rank, by sorting each group.
    private static func sortRanks(_ mutations: MutationList, into ranks: inout [Int32]) {
        var entering: [Int] = [], exiting: [Int] = []
        for i in mutations.indices {
            switch mutations.action(at: i) {
            case .insert: entering.append(i)
            case .remove: exiting.append(i)
            case .transform: break
            }
        }
        entering.sort { before(mutations, $0, $1, entering: true) }
        exiting.sort { before(mutations, $0, $1, entering: false) }
        for (rank, i) in entering.enumerated() { ranks[i] = Int32(truncatingIfNeeded: rank) }
        for (rank, i) in exiting.enumerated() { ranks[i] = Int32(truncatingIfNeeded: rank) }
    }
}
