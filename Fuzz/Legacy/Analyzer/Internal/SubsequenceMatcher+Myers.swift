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
    /// Gives up, having written nothing, once its work (diagonals visited plus a
    /// quarter of the snake steps, which cost about that much less; counted in
    /// `work`) passes `limit(d)` for the *d* edits
    /// proved so far, or `workCap`; returns that *d* (a lower bound of *D* for
    /// the next kernel), or nil when it finished.
    ///
    /// - Complexity: O(*n* + *m* + *D*²) time for random edits, O((*n* + *m*) · *D*)
    ///   at worst, within its limits; O(*D*²) memory.
    mutating func matchMyers(
        old a: UnsafeBufferPointer<Int32>, new b: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>?,
        bound initialBound: Int = 0, workCap: Int, work: inout Int, limit: (Int) -> Int
    ) -> Int? {
        let n = a.count, m = b.count
        // Both sequences reversed, each followed by a sentinel no token equals
        // (and unequal to each other), so that snakes need no bounds tests.
        let reversed = UnsafeMutablePointer<Int32>.allocate(capacity: n &+ m &+ 2)
        defer { reversed.deallocate() }
        let ra = reversed, rb = reversed + (n &+ 1)
        for x in 0..<n { ra[x] = a[n &- 1 &- x] }
        for y in 0..<m { rb[y] = b[m &- 1 &- y] }
        ra[n] = -1
        rb[m] = -2
        var rows = MyersRows(capacity: min(workCap, 4 * (n + m), 1 << 14) + 64)
        defer { rows.deallocate() }
        work = 0
        var visits = 0, steps = 0
        var d = 0
        // With a bound U on D, a point of round d on diagonal k lies on a path of
        // at most U edits only if d + |k − (n − m)| ≤ U (each diagonal between it
        // and the end's costs an edit): the other points are left unreachable,
        // and no path of U edits or fewer is lost. A search that outgrows its
        // bound starts again with twice the bound.
        let end = n &- m
        // A bound is at least the distance from the end's diagonal (the rounds' diagonals are never all confined away).
        var bound = initialBound > 0 ? max(initialBound, abs(end) &+ 16) : 0
        // Until a path touches the last row or column, every diagonal of a round
        // is reachable and no move leaves the grid: no bounds to test but the snake's.
        var inside = n > 0 && m > 0
        // Round d keeps, for k = −d, −d + 2, …, d, the furthest x on diagonal k
        // (x − y = k) of the reversed sequences.
        search: while true {
            if bound > 0 && d > bound {
                bound &*= 2
                rows.removeAll()
                d = 0
                inside = n > 0 && m > 0
            }
            let row = rows.append(count: d &+ 1)
            let previous = rows.previous(of: d)
            var k = -d
            if inside && d > 0 && d < min(n, m) {
                var s = 0, last = d
                if bound > 0 {
                    let slack = bound &- d
                    let lowest = max(-d, end &- slack), highest = min(d, end &+ slack)
                    s = (lowest &+ d &+ 1) >> 1
                    last = (highest &+ d) >> 1
                    if s > 0 { row.update(repeating: MyersRows.unreachable, count: s) }
                    if last < d { (row + (last &+ 1)).update(repeating: MyersRows.unreachable, count: d &- last) }
                    k = -d &+ 2 &* s
                }
                visits &+= max(last &- s &+ 1, 0)
                while s <= last {
                    // Right from diagonal k − 1 (an old token removed: x + 1) or
                    // down from k + 1 (a new token inserted: x stays); the guards
                    // around the previous round stand for the missing neighbours.
                    let right = Int(previous[s &- 1]) &+ 1, down = Int(previous[s])
                    let x = right > down ? right : down
                    let y = x &- k
                    var run = 0
                    while ra[x &+ run] == rb[y &+ run] { run &+= 1 }
                    steps &+= run
                    row[s] = Int32(truncatingIfNeeded: x &+ run)
                    if x &+ run == n || y &+ run == m {
                        inside = false
                        if x &+ run == n && y &+ run == m { break search }
                    }
                    k &+= 2
                    s &+= 1
                }
            } else {
                visits &+= d &+ 1
                for s in 0...d {
                    var x = Int(MyersRows.unreachable)
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
                        while x < n && y < m && ra[x] == rb[y] {
                            x &+= 1
                            y &+= 1
                        }
                        steps &+= x &- start
                        row[s] = Int32(truncatingIfNeeded: x)
                        if x == n || y == m {
                            inside = false
                            if x == n && y == m { break search }
                        }
                    } else {
                        row[s] = MyersRows.unreachable
                    }
                    k &+= 2
                }
            }
            work = visits &+ steps >> 2
            if work > workCap || work > limit(d) { return d }
            d &+= 1
        }
        // The forward walk over the original sequences: the distance to the end starts at d.
        // Passing old token i over keeps the subsequence longest iff (i + 1, j)
        // is within r − 1 edits of the end: in the reversed sequences, the point
        // (n − i − 1, m − j) lies no further than round r − 1 on its diagonal.
        @inline(__always) func canPassOver(_ i: Int, _ j: Int, _ r: Int) -> Bool {
            let x = n &- i &- 1, k = x &- (m &- j)
            guard r >= 1 && k >= -(r &- 1) && k <= r &- 1 else { return false }
            return Int(rows.row(r &- 1)[(k &+ r &- 1) >> 1]) >= x
        }
        var i = 0, j = 0
        var r = d
        var barrierPassed = -1
        while i < n && j < m {
            if let barriers, barriers[j] && barrierPassed != j {
                barrierPassed = j
                while i < n && canPassOver(i, j, r) {
                    i &+= 1
                    r &-= 1
                }
                continue
            }
            if a[i] == b[j] {
                // Equal tokens are matched at once, a whole run of them (up to a barrier).
                let room = min(n &- i, m &- j)
                var run = 0
                repeat {
                    matchOfNew[j &+ run] = offset &+ Int32(truncatingIfNeeded: i &+ run)
                    run &+= 1
                } while run < room && a[i &+ run] == b[j &+ run] && barriers?[j &+ run] != true
                i &+= run
                j &+= run
                continue
            }
            if canPassOver(i, j, r) { i &+= 1 } else { j &+= 1 }
            r &-= 1
        }
        return nil
    }
}

/// The rounds of a Myers search, one row per number of edits (d + 1 entries for
/// round d), end to end in one growing buffer, each row between two guard
/// entries that read as unreachable: round d's entries start at d(d + 5)/2 + 1.
private struct MyersRows {
    /// Far below any point, even after one step.
    static let unreachable = Int32.min / 2

    private var storage: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private var used = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    /// Room for the next round's `count` entries, after the previous round's, with its guards written.
    mutating func append(count: Int) -> UnsafeMutablePointer<Int32> {
        let needed = count &+ 2
        if used &+ needed > capacity {
            let grown = max(2 * capacity, used + needed)
            let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
            fresh.moveInitialize(from: storage, count: used)
            storage.deallocate()
            storage = fresh
            capacity = grown
        }
        let row = storage + (used &+ 1)
        row[-1] = Self.unreachable
        row[count] = Self.unreachable
        used &+= needed
        return row
    }

    /// Round `d`'s entries.
    @inline(__always)
    func row(_ d: Int) -> UnsafeMutablePointer<Int32> { storage + (((d &* (d &+ 5)) >> 1) &+ 1) }

    /// Round d − 1's entries (a row of guards for round 0).
    @inline(__always)
    func previous(of d: Int) -> UnsafeMutablePointer<Int32> { d == 0 ? storage + 1 : row(d &- 1) }

    /// Forgets every round.
    mutating func removeAll() { used = 0 }

    func deallocate() { storage.deallocate() }
}
