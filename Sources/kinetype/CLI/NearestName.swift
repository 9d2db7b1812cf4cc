/// The closest known word to a mistyped one, for "did you mean" hints.
enum NearestName {
    /// The candidate nearest to `word` by edit distance (ties: the earlier
    /// candidate), when it is close enough to be a likely typo: at most a third
    /// of the word's length (and at least 1) edits, or `word` is a prefix of it.
    static func find(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        if let prefixed = candidates.first(where: { $0.hasPrefix(lowered) && $0 != lowered }) { return prefixed }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(Array(lowered), Array(candidate.lowercased()))
            if d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        guard let best, best.distance <= max(1, lowered.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance (insert, delete, substitute; a swap of neighbours counts 1).
    ///
    /// - Complexity: O(n·m); the words are option and command names, a few letters long.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
