import Analyzer

/// Each mutation's rank in the stagger: entering glyphs by priority weight, then
/// index in the new text; exiting glyphs likewise in the old text; persisting
/// glyphs rank 0.
///
/// The analyzer lists glyphs in reading order with rising weights, so the ranks
/// are usually the order of appearance: that case is recognised in one pass and
/// needs no storage. Any other order is sorted once.
struct StaggerRanks {
    /// The number of entering glyphs.
    let entering: Int
    /// The number of exiting glyphs.
    let exiting: Int
    /// The ranks by mutation index, when the mutations are not in stagger order.
    private let sorted: [Int]?
    private var enteringSeen = 0
    private var exitingSeen = 0

    /// - Complexity: O(n) when the mutations are in stagger order, O(n log n) otherwise.
    init(_ mutations: [GlyphMutation]) {
        var entering = 0, exiting = 0
        var inOrder = true
        var lastEntering = -1, lastExiting = -1
        // Read in place: copying a mutation out would retain its symbol.
        mutations.withUnsafeBufferPointer { mutations in
            for i in mutations.indices {
                switch mutations[i].action {
                case .insert:
                    if lastEntering >= 0, !Self.before(mutations[lastEntering], mutations[i], entering: true) {
                        inOrder = false
                    }
                    lastEntering = i
                    entering += 1
                case .remove:
                    if lastExiting >= 0, !Self.before(mutations[lastExiting], mutations[i], entering: false) {
                        inOrder = false
                    }
                    lastExiting = i
                    exiting += 1
                case .transform:
                    break
                }
            }
        }
        self.entering = entering
        self.exiting = exiting
        sorted = inOrder ? nil : Self.sortedRanks(mutations)
    }

    /// The rank of the next mutation; call it once per mutation, in order.
    @inline(__always)
    mutating func next(_ action: GlyphMutation.Action, at i: Int) -> Int {
        switch action {
        case .transform:
            return 0
        case .insert:
            defer { enteringSeen += 1 }
            return sorted?[i] ?? enteringSeen
        case .remove:
            defer { exitingSeen += 1 }
            return sorted?[i] ?? exitingSeen
        }
    }

    /// Whether `a` goes before `b` in the stagger: lower weight first, then lower index.
    private static func before(_ a: GlyphMutation, _ b: GlyphMutation, entering: Bool) -> Bool {
        if a.priorityWeight != b.priorityWeight { return a.priorityWeight < b.priorityWeight }
        return entering ? (a.indexTo ?? 0) < (b.indexTo ?? 0) : (a.indexFrom ?? 0) < (b.indexFrom ?? 0)
    }

    /// Every mutation's rank, sorting each group that is not in order.
    private static func sortedRanks(_ mutations: [GlyphMutation]) -> [Int] {
        var rank = [Int](repeating: 0, count: mutations.count)
        var entering: [Int] = [], exiting: [Int] = []
        for (i, m) in mutations.enumerated() {
            if m.action == .insert { entering.append(i) } else if m.action == .remove { exiting.append(i) }
        }
        func order(_ group: inout [Int], entering: Bool) {
            func precedes(_ a: Int, _ b: Int) -> Bool { before(mutations[a], mutations[b], entering: entering) }
            if zip(group, group.dropFirst()).contains(where: { !precedes($0, $1) }) { group.sort(by: precedes) }
            for (r, i) in group.enumerated() { rank[i] = r }
        }
        order(&entering, entering: true)
        order(&exiting, entering: false)
        return rank
    }
}
