/// A plain O(n · m) dynamic-programming LCS, the yardstick for the fast one.
public enum ReferenceLCS {
    /// The length of a longest common subsequence.
    public static func length<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        let table = suffixTable(a, b)
        return table[0][0]
    }

    /// The earliest-match longest common subsequence, as (old index, new index)
    /// pairs: walking forwards, equal elements are matched at once, otherwise
    /// the old element is passed over whenever that keeps the result longest.
    public static func earliestPairs<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        let table = suffixTable(a, b)
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if table[i + 1][j] == table[i][j] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// `table[i][j]` is the LCS length of `a[i...]` and `b[j...]`.
    private static func suffixTable<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [[Int]] {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table
    }
}
