extension SubsequenceMatcher {
    /// The kernel for an old side of at most 64 tokens: one machine word per row.
    ///
    /// Token masks live in a table indexed by token (see `maskTable`); only
    /// the entries of the tokens at hand are cleared, so its size costs nothing.
    ///
    /// - Complexity: O(*n* + *m*).
    mutating func matchSingleWord(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>? = nil
    ) {
        let n = old.count
        let m = new.count
        precondition(n <= 64, "the single-word kernel takes at most 64 old tokens")
        if n <= 8 {
            matchTiny(old: old, new: new, into: matchOfNew, offset: offset, barriers: barriers)
            return
        }
        let masks = maskTable()
        for token in old { masks[Int(token)] = 0 }
        for token in new { masks[Int(token)] = 0 }
        // Bit k stands for old[n - 1 - k]: the sequences run reversed.
        for k in 0..<n { masks[Int(old[n &- 1 &- k])] |= 1 &<< UInt64(k) }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: m) { rows in
            var row = ~0 as UInt64
            for r in 0..<m {
                let mask = masks[Int(new[m &- 1 &- r])]
                row = (row &+ (row & mask)) | (row & ~mask)
                rows[r] = row
            }
            traceback(
                old: old, new: new, rows: UnsafePointer(rows.baseAddress!), into: matchOfNew, offset: offset,
                barriers: barriers)
        }
    }

    /// A mask for every token, allocated on first use and never cleared as a whole.
    private mutating func maskTable() -> UnsafeMutablePointer<UInt64> {
        if let masks { return masks }
        let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: max(tokenLimit, 1))
        masks = fresh
        return fresh
    }

    /// The single-word kernel for at most 8 old tokens: each row's mask is
    /// found by comparing with every old token, which beats building a table.
    private func matchTiny(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>?
    ) {
        let n = old.count
        let m = new.count
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: m) { rows in
            var row = ~0 as UInt64
            for r in 0..<m {
                let token = new[m &- 1 &- r]
                var mask: UInt64 = 0
                for k in 0..<n where old[n &- 1 &- k] == token { mask |= 1 &<< UInt64(truncatingIfNeeded: k) }
                row = (row &+ (row & mask)) | (row & ~mask)
                rows[r] = row
            }
            traceback(
                old: old, new: new, rows: UnsafePointer(rows.baseAddress!), into: matchOfNew, offset: offset,
                barriers: barriers)
        }
    }

    /// Walks the original texts forwards over the rows of a single-word kernel,
    /// writing each new token's match; see the type's tie rule.
    @inline(__always)
    private func traceback(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, rows: UnsafePointer<UInt64>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>?
    ) {
        let n = old.count, m = new.count
        let a = old.baseAddress!, b = new.baseAddress!
        var r = m
        var k = n
        // Passing old token n − k over keeps the subsequence longest iff bit k − 1 of row r − 1 is set.
        @inline(__always) func canPassOver() -> Bool { rows[r &- 1] >> UInt64(truncatingIfNeeded: k &- 1) & 1 != 0 }
        var barrierPassed = -1
        while r > 0 && k > 0 {
            let i = n &- k, j = m &- r
            if let barriers, barriers[j] && barrierPassed != j {
                barrierPassed = j
                while k > 0 && canPassOver() { k &-= 1 }
                continue
            }
            if a[i] == b[j] {
                matchOfNew[j] = offset &+ Int32(truncatingIfNeeded: i)
                r &-= 1
                k &-= 1
            } else if canPassOver() {
                k &-= 1
            } else {
                r &-= 1
            }
        }
    }
}
