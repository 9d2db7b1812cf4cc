extension SubsequenceMatcher {
    /// The kernel for an old side of at most 64 tokens: one machine word per row.
    ///
    /// Token masks live in a small open-addressing table on the stack, so a
    /// label-sized diff allocates nothing on the heap.
    ///
    /// - Complexity: O(*n* + *m*).
    func matchSingleWord(
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
        var shift: UInt32 = 28
        while (1 << (32 - shift)) < 2 * n { shift -= 1 }
        let tableSize = 1 << Int(32 - shift)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * tableSize + m) { storage in
            let keys = storage.baseAddress!
            let masks = keys + tableSize
            let rows = masks + tableSize
            keys.initialize(repeating: 0, count: 2 * tableSize)

            // Slot of a token: its key is token + 1, 0 marks an empty slot.
            @inline(__always) func slot(_ token: Int32) -> Int {
                var index = Int((UInt32(bitPattern: token) &* 0x9E37_79B1) >> shift)
                while keys[index] != 0 && keys[index] != UInt64(token) + 1 { index = (index + 1) & (tableSize - 1) }
                return index
            }

            // Bit k stands for old[n - 1 - k]: the sequences run reversed.
            for k in 0..<n {
                let index = slot(old[n - 1 - k])
                keys[index] = UInt64(old[n - 1 - k]) + 1
                masks[index] |= 1 << UInt64(k)
            }
            var row = ~0 as UInt64
            for r in 0..<m {
                let mask = masks[slot(new[m - 1 - r])]
                let matched = row & mask
                row = (row &+ matched) | (row & ~mask)
                rows[r] = row
            }

            traceback(old: old, new: new, rows: UnsafePointer(rows), into: matchOfNew, offset: offset, barriers: barriers)
        }
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
                let token = new[m - 1 - r]
                var mask: UInt64 = 0
                for k in 0..<n where old[n - 1 - k] == token { mask |= 1 << UInt64(k) }
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
        var r = new.count
        var k = old.count
        var barrierPassed = -1
        while r > 0 && k > 0 {
            let i = old.count - k
            let j = new.count - r
            if let barriers, barriers[j] && barrierPassed != j {
                barrierPassed = j
                while k > 0 && rows[r - 1] >> UInt64(k - 1) & 1 != 0 { k -= 1 }
                continue
            }
            if old[i] == new[j] {
                matchOfNew[j] = offset + Int32(i)
                r -= 1
                k -= 1
            } else if rows[r - 1] >> UInt64(k - 1) & 1 != 0 {
                k -= 1
            } else {
                r -= 1
            }
        }
    }
}
