extension SubsequenceMatcher {
    /// Myers' O((*n* + *m*) · *D*) kernel for sequences that differ little,
    /// with the same earliest-match tie rule as the bit-parallel kernels.
    ///
    /// It runs Myers' greedy search forwards over the *reversed* sequences and
    /// keeps every round: after round *d*, `row_d[k]` is the furthest point
    /// reachable with *d* edits on diagonal *k* (of the reversed sequences), so
    /// a point is within *d* edits of the *end* of the original sequences
    /// exactly when it lies no further than `row_d` on its diagonal (the edit
    /// distance never decreases going back along a diagonal). The forward walk
    /// of the tie rule (match equal tokens at once; otherwise pass the old token
    /// over whenever that keeps the subsequence longest, that is when the
    /// distance to the end drops by one) then asks that question in O(1) per step.
    ///
    /// Gives up, having written nothing, once its work (diagonals visited plus
    /// snake steps, counted in `work`) passes `limit(d)` for the *d* edits
    /// proved so far, or `workCap`; returns that *d* (a lower bound of *D* for
    /// the next kernel), or nil when it finished.
    ///
    /// - Complexity: O(*n* + *m* + *D*²) time for random edits, O((*n* + *m*) · *D*)
    ///   at worst, within its limits; O(*D*²) memory.
    mutating func matchMyers(
        old a: UnsafeBufferPointer<Int32>, new b: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, workCap: Int, work: inout Int,
        limit: (Int) -> Int
    ) -> Int? {
        let n = a.count, m = b.count
        let oldEnd = a.baseAddress! + (n &- 1), newEnd = b.baseAddress! + (m &- 1)
        // Far below any point, even after one step.
        let unreachable = Int32.min / 2
        var rows = MyersRows(capacity: min(workCap, 4 * (n + m)) + 64)
        defer { rows.deallocate() }
        work = 0
        var d = 0
        // Round d keeps, for k = −d, −d + 2, …, d, the furthest x on diagonal k
        // (x − y = k) of the reversed sequences.
        search: while true {
            let row = rows.append(count: d &+ 1)
            let previous = row - d  // round d − 1 (d entries) sits just before
            var k = -d
            for s in 0...d {
                var x = Int(unreachable)
                // Down from diagonal k + 1 (a new token inserted): x stays.
                if s < d {
                    let c = Int(previous[s])
                    if c >= 0 && c &- k <= m { x = c }
                }
                // Right from diagonal k − 1 (an old token removed): x + 1.
                if s > 0 {
                    let c = Int(previous[s &- 1]) &+ 1
                    if c > 0 && c <= n && c > x { x = c }
                }
                if d == 0 { x = 0 }
                if x >= 0 {
                    var y = x &- k
                    let start = x
                    while x < n && y < m && oldEnd[-x] == newEnd[-y] {
                        x &+= 1
                        y &+= 1
                    }
                    work &+= x &- start
                    row[s] = Int32(truncatingIfNeeded: x)
                    if x == n && y == m { break search }
                } else {
                    row[s] = unreachable
                }
                k &+= 2
            }
            work &+= d &+ 1
            if work > workCap || work > limit(d) { return d }
            d &+= 1
        }
        // The forward walk over the original sequences: the distance to the end starts at d.
        var i = 0, j = 0
        var r = d
        while i < n && j < m {
            if a[i] == b[j] {
                matchOfNew[j] = offset &+ Int32(truncatingIfNeeded: i)
                i &+= 1
                j &+= 1
                continue
            }
            // Passing old token i over keeps the subsequence longest iff (i + 1, j)
            // is within r − 1 edits of the end: in the reversed sequences, the point
            // (n − i − 1, m − j) lies no further than round r − 1 on its diagonal.
            let x = n &- i &- 1, k = x &- (m &- j)
            var skipOld = false
            if r >= 1 && k >= -(r &- 1) && k <= r &- 1 {
                skipOld = Int(rows.row(r &- 1)[(k &+ r &- 1) >> 1]) >= x
            }
            if skipOld { i &+= 1 } else { j &+= 1 }
            r &-= 1
        }
        return nil
    }
}

/// The rounds of a Myers search, one row per number of edits (d + 1 entries for
/// round d), end to end in one growing buffer: round d starts at d(d + 1)/2.
private struct MyersRows {
    private var storage: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private var used = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    /// Room for the next round's `count` entries (right after the previous round's).
    mutating func append(count: Int) -> UnsafeMutablePointer<Int32> {
        if used &+ count > capacity {
            let grown = max(2 * capacity, used + count)
            let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
            fresh.moveInitialize(from: storage, count: used)
            storage.deallocate()
            storage = fresh
            capacity = grown
        }
        defer { used &+= count }
        return storage + used
    }

    /// Round `d`'s entries.
    @inline(__always)
    func row(_ d: Int) -> UnsafeMutablePointer<Int32> { storage + (d &* (d &+ 1)) >> 1 }

    func deallocate() { storage.deallocate() }
}
