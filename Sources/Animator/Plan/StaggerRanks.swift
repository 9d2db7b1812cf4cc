import Analyzer

/// Each plan entry's rank in the stagger, in the effect's `StaggerOrder`:
/// entering glyphs among themselves, exiting glyphs among themselves,
/// persisting glyphs rank 0. Glyphs that start together (a word, a line) share
/// a rank, and ranks are dense (0, 1, 2… with no gaps).
///
/// In reading order the analyzer lists glyphs with rising weights, so the ranks
/// are usually the order of appearance: that case is recognised in one pass.
/// Any other order (another `StaggerOrder`, a hand-made change, or arrivals of
/// glyphs the choreography replaced, listed after the others) is sorted once.
enum StaggerRanks {
    /// How many glyphs enter and exit, and how many ranks each group spans.
    struct Counts {
        var entering = 0
        var exiting = 0
        var enteringRanks = 0
        var exitingRanks = 0
    }

    /// What the orders read of the two texts.
    struct Texts {
        var oldCount: Int
        var newCount: Int
        /// Word numbers by glyph (see `WordNumbers`).
        var oldWords: [Int32]
        var newWords: [Int32]
        var old: AnchoredFrames
        var new: AnchoredFrames
        var seed: UInt64
    }

    /// Writes every entry's rank into `ranks` (replacing its contents).
    ///
    /// - Complexity: O(n) in reading order when the entries are in stagger order,
    ///   O(n log n) otherwise.
    static func write(
        _ entries: [PlanEntry], order: StaggerOrder, texts: Texts, into ranks: inout [Int32]
    ) -> Counts {
        ranks.removeAll(keepingCapacity: true)
        ranks.reserveCapacity(entries.count)
        var counts = Counts()
        var inOrder = order == .reading || order == .simultaneous
        var lastEntering = -1, lastExiting = -1
        for e in entries.indices {
            switch entries[e].role {
            case .entering:
                if inOrder, lastEntering >= 0, !before(entries[lastEntering], entries[e]) { inOrder = false }
                lastEntering = e
                ranks.append(Int32(truncatingIfNeeded: counts.entering))
                counts.entering += 1
            case .exiting:
                if inOrder, lastExiting >= 0, !before(entries[lastExiting], entries[e]) { inOrder = false }
                lastExiting = e
                ranks.append(Int32(truncatingIfNeeded: counts.exiting))
                counts.exiting += 1
            case .persisting:
                ranks.append(0)
            }
        }
        if inOrder {
            counts.enteringRanks = counts.entering
            counts.exitingRanks = counts.exiting
        } else if order == .reading || order == .simultaneous,
            rankByIndex(entries, role: .entering, count: texts.newCount, into: &ranks),
            rankByIndex(entries, role: .exiting, count: texts.oldCount, into: &ranks)
        {
            counts.enteringRanks = counts.entering
            counts.exitingRanks = counts.exiting
        } else {
            counts.enteringRanks = sortRanks(entries, role: .entering, order: order, texts: texts, into: &ranks)
            counts.exitingRanks = sortRanks(entries, role: .exiting, order: order, texts: texts, into: &ranks)
        }
        return counts
    }

    /// Ranks the entries of one role by their index in their text, in one pass
    /// over the text, when that is their reading order (their weights do not fall
    /// as the index rises: the analyzer's, with the choreography's arrivals
    /// listed after the others). Returns false, writing nothing, otherwise.
    private static func rankByIndex(
        _ entries: [PlanEntry], role: SpriteRole, count: Int, into ranks: inout [Int32]
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { byIndex in
            byIndex.initialize(repeating: -1)
            for e in entries.indices where entries[e].role == role {
                let i = Int(role == .entering ? entries[e].newIndex : entries[e].oldIndex)
                guard i >= 0, i < count, byIndex[i] < 0 else { return false }
                byIndex[i] = Int32(truncatingIfNeeded: e)
            }
            var weight = -Double.infinity
            for e in byIndex where e >= 0 {
                guard entries[Int(e)].weight >= weight else { return false }
                weight = entries[Int(e)].weight
            }
            var rank: Int32 = 0
            for e in byIndex where e >= 0 {
                ranks[Int(e)] = rank
                rank += 1
            }
            return true
        }
    }

    /// Whether entry `a` goes before `b` (same role) in reading order: lower weight first, then lower index.
    private static func before(_ a: PlanEntry, _ b: PlanEntry) -> Bool {
        if a.weight != b.weight { return a.weight < b.weight }
        return a.role == .entering ? a.newIndex < b.newIndex : a.oldIndex < b.oldIndex
    }

    /// Ranks the entries of one role by sorting them on their order's key; equal
    /// keys share a rank. Returns the number of ranks.
    private static func sortRanks(
        _ entries: [PlanEntry], role: SpriteRole, order: StaggerOrder, texts: Texts, into ranks: inout [Int32]
    ) -> Int {
        var keyed: [(key: Int64, tie: Int, entry: Int)] = []
        for e in entries.indices where entries[e].role == role {
            keyed.append((key(of: entries[e], order: order, texts: texts), e, e))
        }
        guard !keyed.isEmpty else { return 0 }
        if order == .reading || order == .simultaneous {
            keyed.sortStably { before(entries[$0.entry], entries[$1.entry]) }
            for (rank, item) in keyed.enumerated() { ranks[item.entry] = Int32(truncatingIfNeeded: rank) }
            return keyed.count
        }
        keyed.sortStably { $0.key != $1.key ? $0.key < $1.key : $0.tie < $1.tie }
        var rank: Int32 = 0
        for k in keyed.indices {
            if k > 0 && keyed[k].key != keyed[k - 1].key { rank += 1 }
            ranks[keyed[k].entry] = rank
        }
        return Int(rank) + 1
    }

    /// An entry's sort key in an order (smaller starts first; equal keys start together).
    private static func key(of entry: PlanEntry, order: StaggerOrder, texts: Texts) -> Int64 {
        let entering = entry.role == .entering
        return key(index: Int(entering ? entry.newIndex : entry.oldIndex), entering: entering, order: order, texts: texts)
    }

    /// The sort key of the glyph at `i` of the new text (`entering`) or the old one, in an order.
    static func key(index i: Int, entering: Bool, order: StaggerOrder, texts: Texts) -> Int64 {
        let count = entering ? texts.newCount : texts.oldCount
        switch order {
        case .reading, .simultaneous:
            return Int64(i)
        case .reversed:
            return -Int64(i)
        case .fromCenter:
            // Twice the distance from the middle, so that both middles of an even count
            // tie: glyphs the same distance either side start together.
            return Int64(abs(2 * i - (count - 1)))
        case .fromEdges:
            return Int64(min(i, count - 1 - i))
        case .byWords:
            let words = entering ? texts.newWords : texts.oldWords
            return i >= 0 && i < words.count ? Int64(words[i]) : Int64(i)
        case .byLines:
            return Int64((entering ? texts.new : texts.old)[i].line)
        case .random:
            // A seeded draw per glyph, separate for the two texts.
            var random = SeededRandom(seed: texts.seed).derived(UInt64(truncatingIfNeeded: i) << 1 | (entering ? 1 : 0))
            return Int64(bitPattern: random.next() >> 1)
        }
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
