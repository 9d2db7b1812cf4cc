import Analyzer
@testable import Animator

// Helpers shared by the Animator tests. Seeded generators come from
// `SeededRandom`, so every property test is repeatable.

extension SeededRandom {
    /// A double drawn uniformly from a range (shorthand for property tests).
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { nextDouble(in: lo...hi) }

    /// An integer in a closed range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// Builds a `TextChange` from an explicit pairing, the way the analyzer would
/// report it: inserts and transforms in new-text order, then removes in old-text order.
///
/// - Parameters:
///   - pairs: (old index, new index) of every persisting glyph.
///   - weights: the priority weight of each mutation, keyed by new index for
///     entering glyphs; defaults to index / (count − 1).
func makeChange(
    old: String, new: String, pairs: [(Int, Int)], changeRatio: Double? = nil, mode: DiffMode = .morph,
    insertWeights: [Int: Double] = [:], removeWeights: [Int: Double] = [:]
) -> TextChange {
    let a = Array(old), b = Array(new)
    var fromFor = [Int?](repeating: nil, count: b.count)
    var kept = Set<Int>()
    for (x, y) in pairs {
        fromFor[y] = x
        kept.insert(x)
    }
    func weight(_ i: Int, _ n: Int) -> Double { n > 1 ? Double(i) / Double(n - 1) : 0 }
    var mutations: [GlyphMutation] = []
    for y in b.indices {
        if let x = fromFor[y] {
            mutations.append(GlyphMutation(action: .transform, indexFrom: x, indexTo: y, symbol: b[y], priorityWeight: weight(y, b.count)))
        } else {
            mutations.append(
                GlyphMutation(
                    action: .insert, indexFrom: nil, indexTo: y, symbol: b[y],
                    priorityWeight: insertWeights[y] ?? weight(y, b.count)))
        }
    }
    for x in a.indices where !kept.contains(x) {
        mutations.append(
            GlyphMutation(
                action: .remove, indexFrom: x, indexTo: nil, symbol: a[x],
                priorityWeight: removeWeights[x] ?? weight(x, a.count)))
    }
    let changed = Double(a.count + b.count - 2 * pairs.count)
    let ratio = changeRatio ?? (max(a.count, b.count) == 0 ? 0 : min(changed / Double(max(a.count, b.count)), 1))
    return TextChange(oldGlyphs: a, newGlyphs: b, mutations: mutations, changeRatio: ratio, trend: 1, mode: mode)
}

/// A time rounded to the plan's grouping step, as the planner rounds starts.
func quantized(_ t: Double) -> Double {
    (t / RunStage.quantum).rounded() * RunStage.quantum
}
