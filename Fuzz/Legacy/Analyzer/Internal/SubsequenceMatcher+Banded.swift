extension SubsequenceMatcher {
    /// The banded multi-word kernel. Returns `false`, having done nothing, when
    /// the band it needs does not fit the remaining budget.
    ///
    /// - Complexity: O(*n* + *m* + *m* · *D* / 64) time and O(*m* · *D* / 64 +
    ///   *n*) memory for *D* unmatched tokens.
    mutating func matchBanded(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>? = nil,
        budgeted: Bool, knownLowerBound: Int = 0
    ) -> Bool {
        let n = old.count
        let m = new.count
        let words = (n + 63) / 64
        let slots = symbolSlots()

        // Compact symbols, sequences reversed: xs[k] is old[n - 1 - k], ys[r] is new[m - 1 - r].
        // Symbols are numbered by first appearance in xs; `tokens` maps them back.
        let xs = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let ys = UnsafeMutableBufferPointer<Int32>.allocate(capacity: m)
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * n)
        defer {
            xs.deallocate()
            ys.deallocate()
            scratch.deallocate()
        }
        let oldCounts = scratch
        let newCounts = scratch + n
        let tokens = scratch + 2 * n
        var symbolCount = 0
        for k in 0..<n {
            let token = Int(old[n &- 1 &- k])
            var symbol = Int(slots[token])
            if symbol < 0 {
                symbol = symbolCount
                slots[token] = Int32(truncatingIfNeeded: symbol)
                tokens[symbol] = Int32(truncatingIfNeeded: token)
                oldCounts[symbol] = 0
                newCounts[symbol] = 0
                symbolCount &+= 1
            }
            xs[k] = Int32(truncatingIfNeeded: symbol)
            oldCounts[symbol] &+= 1
        }
        var absent = 0
        for r in 0..<m {
            let symbol = slots[Int(new[m &- 1 &- r])]
            ys[r] = symbol
            if symbol < 0 { absent &+= 1 } else { newCounts[Int(symbol)] &+= 1 }
        }
        for symbol in 0..<symbolCount { slots[Int(tokens[symbol])] = -1 }
        // Tokens present on one side only must be unmatched: a lower bound of D.
        var lowerBound = absent
        for symbol in 0..<symbolCount { lowerBound &+= abs(Int(oldCounts[symbol] &- newCounts[symbol])) }
        lowerBound = max(lowerBound, knownLowerBound)

        var guess = lowerBound + lowerBound / 8 + 32
        var band = Band(old: n, new: m, words: words, guess: guess)
        // Check the budget before allocating anything proportional to the band.
        if budgeted && m * band.width * 64 > remainingBudget { return false }
        let masks = BandMasks(
            symbols: xs, symbolCount: symbolCount, counts: oldCounts, words: words, work: m * band.width)
        while true {
            let cells = m * band.width * 64
            if budgeted {
                guard cells <= remainingBudget else { return false }
                remainingBudget -= cells
            }
            let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: m * band.width + Self.rowSlack)
            defer { rows.deallocate() }
            let unmatched = fillRows(rows, band: band, symbols: ys, masks: masks, old: n)
            if band.isFull || unmatched <= guess {
                traceback(rows, band: band, xs: xs, ys: ys, into: matchOfNew, offset: offset, barriers: barriers)
                return true
            }
            // The band was too narrow; its own result bounds D from above.
            guess = max(min(unmatched, 2 * guess), guess + 1)
            band = Band(old: n, new: m, words: words, guess: guess)
        }
    }

    /// The slot table, all −1, allocated on first use.
    private mutating func symbolSlots() -> UnsafeMutablePointer<Int32> {
        if let slots { return slots }
        let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: tokenLimit)
        fresh.initialize(repeating: -1, count: tokenLimit)
        slots = fresh
        return fresh
    }

    /// Runs the rows of one band; returns the number of unmatched tokens (n + m − 2 · LCS).
    ///
    /// Each row stores `band.width` words from its window's first word on
    /// (words past the window are ignored by the traceback), so the copy
    /// has a fixed length.
    private func fillRows(
        _ rows: UnsafeMutablePointer<UInt64>, band: Band, symbols ys: UnsafeMutableBufferPointer<Int32>,
        masks: borrowing BandMasks, old n: Int
    ) -> Int {
        let m = ys.count
        let words = band.words
        let vector = UnsafeMutablePointer<UInt64>.allocate(capacity: words + max(band.width, Self.rowSlack))
        defer { vector.deallocate() }
        vector.initialize(repeating: ~0, count: words + max(band.width, Self.rowSlack))
        masks.rewind()
        if let sparse = masks.sparse {
            Self.fillSparseRows(rows, band: band, symbols: ys, positions: sparse, vector: vector)
        } else if let dense = masks.dense {
            Self.fillDenseRows(rows, band: band, symbols: ys, masks: dense, vector: vector)
        }
        var unset = 0
        for w in 0..<words {
            var value = vector[w]
            if w == words - 1 && n % 64 != 0 { value |= ~0 << UInt64(n % 64) }
            unset += 64 - value.nonzeroBitCount
        }
        return n + m - 2 * unset
    }

    /// The rows of a band over sparse masks (words).
    private static func fillSparseRows(
        _ rows: UnsafeMutablePointer<UInt64>, band: Band, symbols ys: UnsafeMutableBufferPointer<Int32>,
        positions: SparsePositions, vector: UnsafeMutablePointer<UInt64>
    ) {
        var out = rows
        let window = band.windows
        let width = band.width
        let only = positions.only
        let symbols = ys.baseAddress.unsafelyUnwrapped
        // The window's first and last bits, moving one bit per row.
        var low = window.low &+ 1
        var high = window.high &+ 1
        for r in 0..<ys.count {
            let first = max(0, low) >> 6
            let last = min(window.lastWord, high >> 6)
            let symbol = Int(symbols[r])
            if symbol >= 0 {
                let bit = Int(only[symbol])
                if bit >= 0 {
                    // A symbol with one position: the row update clears that
                    // bit, if set, and sets the first clear bit above it,
                    // within the window (if the bit is in the window).
                    let word = bit >> 6
                    if word >= first && word <= last { advance(vector, bit: bit, last: last) }
                } else {
                    severalPositions(of: symbol, vector: vector, first: first, last: last, positions: positions)
                }
            }
            copyRow(vector + first, to: out, width: width)
            out += width
            low &+= 1
            high &+= 1
        }
    }

    /// The row update for a symbol with several old positions.
    @inline(never)
    private static func severalPositions(
        of symbol: Int, vector: UnsafeMutablePointer<UInt64>, first: Int, last: Int, positions: SparsePositions
    ) {
        let (count, bit) = positions.occurrences(of: symbol, first: first, last: last)
        if count == 1 {
            advance(vector, bit: bit, last: last)
        } else if count > 1 {
            addRow(vector, mask: positions.words(of: symbol, first: first, last: last), first: first, last: last)
        }
    }

    /// The rows of a band over dense masks (characters).
    private static func fillDenseRows(
        _ rows: UnsafeMutablePointer<UInt64>, band: Band, symbols ys: UnsafeMutableBufferPointer<Int32>,
        masks: UnsafeMutablePointer<UInt64>, vector: UnsafeMutablePointer<UInt64>
    ) {
        var out = rows
        let window = band.windows
        let width = band.width
        let words = band.words
        for r in 1...ys.count {
            let (first, last) = window.row(r)
            let symbol = Int(ys[r &- 1])
            if symbol >= 0 {
                addRow(vector, mask: masks + symbol &* words, first: first, last: last)
            }
            copyRow(vector + first, to: out, width: width)
            out += width
        }
    }

    /// Words a row copy may write past its row (the next row overwrites them)
    /// or read past the vector's end.
    private static var rowSlack: Int { 8 }

    /// Copies a row's `width` words. Up to 8 words go as whole 32-byte
    /// blocks, which may spill into the next row's slots (written later);
    /// a loop would become a call to `memcpy`, dearer than a row's update.
    @inline(__always)
    private static func copyRow(_ source: UnsafePointer<UInt64>, to out: UnsafeMutablePointer<UInt64>, width: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(out)
        if width <= 4 {
            to.storeBytes(of: from.loadUnaligned(as: SIMD4<UInt64>.self), as: SIMD4<UInt64>.self)
        } else if width <= 8 {
            to.storeBytes(of: from.loadUnaligned(as: SIMD4<UInt64>.self), as: SIMD4<UInt64>.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt64>.self), toByteOffset: 32,
                as: SIMD4<UInt64>.self)
        } else {
            out.update(from: source, count: width)
        }
    }

    /// The row update V' = (V + (V & M)) | (V & ~M) over words `first...last`.
    @inline(__always)
    private static func addRow(
        _ vector: UnsafeMutablePointer<UInt64>, mask: UnsafePointer<UInt64>, first: Int, last: Int
    ) {
        var carry: UInt64 = 0
        for w in first...last {
            let value = vector[w]
            let bits = mask[w]
            let (partial, overflow1) = value.addingReportingOverflow(value & bits)
            let (sum, overflow2) = partial.addingReportingOverflow(carry)
            carry = (overflow1 || overflow2) ? 1 : 0
            vector[w] = sum | (value & ~bits)
        }
    }

    /// The row update for a mask with the single bit `bit`:
    /// (V + (V & M)) | (V & ~M) clears the bit and sets the lowest clear bit
    /// above it, dropping the carry past word `last` like the general loop.
    @inline(__always)
    private static func advance(_ vector: UnsafeMutablePointer<UInt64>, bit: Int, last: Int) {
        let word = bit >> 6
        let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: bit & 63)
        let value = vector[word]
        guard value & mask != 0 else { return }
        let cleared = value & ~mask
        let clear = ~cleared & ~(mask | (mask &- 1))
        if clear != 0 {
            vector[word] = cleared | (clear & (0 &- clear))
        } else {
            vector[word] = cleared
            carry(vector, from: word &+ 1, last: last)
        }
    }

    /// Sets the first clear bit from word `word` on, within words up to `last`.
    @inline(never)
    private static func carry(_ vector: UnsafeMutablePointer<UInt64>, from word: Int, last: Int) {
        var word = word
        while word <= last {
            let clear = ~vector[word]
            if clear != 0 {
                vector[word] |= clear & (0 &- clear)
                return
            }
            word &+= 1
        }
    }

    /// Walks the original texts forwards (the reversed ones backwards); see the type's tie rule.
    private func traceback(
        _ rows: UnsafeMutablePointer<UInt64>, band: Band, xs: UnsafeMutableBufferPointer<Int32>,
        ys: UnsafeMutableBufferPointer<Int32>, into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32,
        barriers: UnsafePointer<Bool>?
    ) {
        let n = xs.count
        let m = ys.count
        let window = band.windows
        let width = band.width
        // Passing the old token over keeps the subsequence longest iff the
        // row's value does not rise from column k − 1 to k (bit k − 1 set).
        @inline(__always) func canPassOver(_ r: Int, _ k: Int) -> Bool {
            let bit = k &- 1
            let (first, last) = window.row(r)
            let word = bit >> 6
            return word >= first && word <= last
                && rows[(r &- 1) &* width &+ word &- first] >> UInt64(bit & 63) & 1 != 0
        }
        var r = m
        var k = n
        var barrierPassed = -1
        while r > 0 && k > 0 {
            if let barriers, barriers[m &- r] && barrierPassed != r {
                barrierPassed = r
                while k > 0 && canPassOver(r, k) { k &-= 1 }
                continue
            }
            if xs[k &- 1] == ys[r &- 1] {
                matchOfNew[m &- r] = offset &+ Int32(truncatingIfNeeded: n &- k)
                r &-= 1
                k &-= 1
                continue
            }
            if canPassOver(r, k) { k &-= 1 } else { r &-= 1 }
        }
    }
}

/// The diagonals a banded run covers, as a window of words per row.
///
/// With *D* unmatched tokens, an optimal path through cell (r, k) satisfies
/// |k − r| + |(n − m) − (k − r)| ≤ D, so diagonals k − r in
/// [(n − m − D) / 2, (n − m + D) / 2] hold them all.
struct Band {
    let words: Int
    let low: Int
    let high: Int
    let isFull: Bool
    /// Words stored per row.
    let width: Int

    init(old n: Int, new m: Int, words: Int, guess: Int) {
        self.words = words
        let end = n - m
        let guess = max(guess, abs(end))
        low = (end - guess) >> 1
        high = (end + guess + 1) >> 1
        let span = (high - low) / 64 + 2
        isFull = span >= words
        width = isFull ? words : span
    }

    /// The words each row computes, unpacked for loops over rows: row `r`
    /// (1-based) computes those holding bits r + low − 1 through
    /// r + high − 1 (a full band, every word).
    var windows: BandWindows {
        isFull
            ? BandWindows(low: Int.min / 2, high: Int.max / 2, lastWord: words - 1)
            : BandWindows(low: low - 1, high: high - 1, lastWord: words - 1)
    }
}

/// `Band.window(row:)` with its constants unpacked.
struct BandWindows {
    let low: Int
    let high: Int
    let lastWord: Int

    @inline(__always)
    func row(_ r: Int) -> (first: Int, last: Int) {
        (max(0, r &+ low) >> 6, min(lastWord, (r &+ high) >> 6))
    }
}
