extension SubsequenceMatcher {
    /// Myers' O((*n* + *m*) · *D*) kernel for sequences that differ little,
    /// with the same earliest-match tie rule as the bit-parallel kernels.
    ///
    /// A backward search from the ends records, for each number of edits *d*,
    /// the furthest-back point reachable on each diagonal (`V_d[k]`). Along a
    /// diagonal the edit distance to the end never decreases going back, so a
    /// point (x, y) is within *d* edits of the end exactly when
    /// `x ≥ V_d[x − y]`. The forward walk of the tie rule (match equal tokens at
    /// once; otherwise pass the old token over whenever that keeps the
    /// subsequence longest, that is when the distance drops by one) then asks
    /// that question in O(1) per step.
    ///
    /// Gives up, having written nothing, once its work (diagonals visited plus
    /// snake steps) passes what the bit-parallel kernel would need for the edits
    /// proved so far (`rowCost` words per band word and row, see
    /// `SubsequenceMatcher.match`) or `workCap`; returns the number of edits it
    /// had proved necessary then (a lower bound of *D* for the next kernel), or
    /// nil when it finished. `work` is set to the work done either way.
    ///
    /// - Complexity: O(*n* + *m* + *D*²) time for random edits, O((*n* + *m*) · *D*)
    ///   at worst, within its limits; O(*D*²) memory.
    mutating func matchMyers(
        old a: UnsafeBufferPointer<Int32>, new b: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, rowCost: Double, workCap: Int, work: inout Int
    ) -> Int? {
        let n = a.count, m = b.count
        let delta = n - m
        let unreachable = Int32.max
        var rounds = MyersRounds(capacity: min(workCap, 4 * (n + m)) + 64)
        defer { rounds.deallocate() }
        work = 0
        var d = 0
        // Round d keeps V_d[k] for k = delta − d, delta − d + 2, …, delta + d.
        search: while true {
            let row = rounds.append(count: d + 1)
            let previous = d > 0 ? rounds.row(d - 1) : row
            var k = delta - d
            for slot in 0...d {
                var x: Int
                if d == 0 {
                    x = n
                } else {
                    // From diagonal k + 1 by passing an old token over (x − 1),
                    // or from k − 1 by passing a new token over (y − 1): the further back.
                    var best = Int(unreachable)
                    if slot < d {
                        let source = Int(previous[slot])  // diagonal k + 1 in round d − 1
                        if source != Int(unreachable) && source >= 1 { best = source - 1 }
                    }
                    if slot > 0 {
                        let source = Int(previous[slot - 1])  // diagonal k − 1
                        if source != Int(unreachable) && source - (k - 1) >= 1 { best = min(best, source) }
                    }
                    guard best != Int(unreachable), best - k >= 0, best - k <= m, best <= n else {
                        row[slot] = unreachable
                        k += 2
                        continue
                    }
                    x = best
                }
                var y = x - k
                // Follow the snake backwards.
                let start = x
                while x > 0 && y > 0 && a[x &- 1] == b[y &- 1] {
                    x &-= 1
                    y &-= 1
                }
                work &+= 1 &+ (start - x)
                row[slot] = Int32(truncatingIfNeeded: x)
                if x == 0 && y == 0 { break search }
                k += 2
            }
            // The banded kernel's cost for a band this wide: rows × words, plus a pass over both.
            let banded = Double(m) * ((Double(d) * 1.125 + 32) / 64 + 2) * rowCost + Double(n + m)
            if work > workCap || Double(work) > banded { return d }
            d += 1
        }
        // The forward walk: the distance to the end starts at d.
        var i = 0, j = 0
        var r = d
        while i < n && j < m {
            if a[i] == b[j] {
                matchOfNew[j] = offset &+ Int32(truncatingIfNeeded: i)
                i &+= 1
                j &+= 1
                continue
            }
            // Passing old token i over keeps the subsequence longest iff
            // (i + 1, j) is within r − 1 edits of the end.
            let k = i + 1 - j
            let low = delta - (r - 1)
            var skipOld = false
            if r >= 1 && k >= low && k <= delta + (r - 1) {
                let bound = rounds.row(r - 1)[(k - low) / 2]
                skipOld = bound != unreachable && Int(bound) <= i + 1
            }
            if skipOld { i &+= 1 } else { j &+= 1 }
            r &-= 1
        }
        return nil
    }
}

/// The rounds of a backward Myers search, one row of furthest points per
/// number of edits, kept end to end in one growing buffer.
private struct MyersRounds {
    private var storage: UnsafeMutablePointer<Int32>?
    private var capacity: Int
    private var used = 0
    /// Where each round starts.
    private var starts: [Int] = []

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
        starts.reserveCapacity(256)
    }

    /// Room for the next round's `count` entries.
    mutating func append(count: Int) -> UnsafeMutablePointer<Int32> {
        if used + count > capacity {
            let grown = max(2 * capacity, used + count, 1024)
            let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
            if let storage {
                fresh.moveInitialize(from: storage, count: used)
                storage.deallocate()
            }
            storage = fresh
            capacity = grown
        }
        starts.append(used)
        defer { used += count }
        return storage! + used
    }

    /// Round `d`'s entries.
    func row(_ d: Int) -> UnsafeMutablePointer<Int32> { storage! + starts[d] }

    func deallocate() { storage?.deallocate() }
}
