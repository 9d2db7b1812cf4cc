/// The match masks of a bit-parallel run: for a symbol, the bits of the old
/// positions holding it.
///
/// Small alphabets (characters) keep one dense mask per symbol. Large ones
/// (words, which mostly occur once) would spend more time clearing masks than
/// running the band, so they keep each symbol's sorted positions instead and
/// assemble the mask words a row needs on the fly. Bands only move right, so
/// each symbol's cursor only moves forwards.
struct BandMasks: ~Copyable {
    /// Dense: `symbolCount × words` mask words, symbol by symbol; `nil` when sparse.
    let dense: UnsafeMutablePointer<UInt64>?
    /// Sparse: sorted positions per symbol; `nil` when dense.
    let sparse: SparsePositions?
    private let symbolCount: Int

    /// - Parameters:
    ///   - xs: The old sequence as compact symbols in `0..<symbolCount`, one bit each.
    ///   - counts: How often each symbol occurs in `xs`.
    ///   - work: The words the band will compute. Dense masks are used when
    ///     they are at most four times larger (measured on the bench's text
    ///     families), so masks never outgrow the budgeted band by much.
    init(
        symbols xs: UnsafeMutableBufferPointer<Int32>, symbolCount: Int, counts: UnsafePointer<Int32>, words: Int,
        work: Int
    ) {
        self.symbolCount = symbolCount
        if symbolCount * words <= max(4096, 4 * work) {
            let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: symbolCount * words)
            masks.initialize(repeating: 0, count: symbolCount * words)
            for k in xs.indices { masks[Int(xs[k]) * words + k >> 6] |= 1 << UInt64(k & 63) }
            dense = masks
            sparse = nil
        } else {
            dense = nil
            sparse = SparsePositions(symbols: xs, symbolCount: symbolCount, counts: counts, words: words)
        }
    }

    deinit {
        dense?.deallocate()
        if let sparse {
            sparse.starts.deallocate()
            sparse.positions.deallocate()
            sparse.cursors.deallocate()
            sparse.only.deallocate()
            sparse.scratch.deallocate()
        }
    }

    /// Starts a new pass over the rows.
    func rewind() {
        if let sparse { sparse.cursors.update(from: sparse.starts, count: symbolCount) }
    }
}

/// Each symbol's old positions, sorted: those of symbol s are
/// `positions[starts[s]..<starts[s + 1]]`, and `cursors[s]` is the first
/// one a row has not passed yet.
struct SparsePositions {
    let starts: UnsafeMutablePointer<Int32>
    let positions: UnsafeMutablePointer<Int32>
    let cursors: UnsafeMutablePointer<Int32>
    /// The position of a symbol that occurs once (most words do), else −1:
    /// such a symbol needs no cursor.
    let only: UnsafeMutablePointer<Int32>
    /// Room for one row's mask words.
    let scratch: UnsafeMutablePointer<UInt64>

    fileprivate init(
        symbols xs: UnsafeMutableBufferPointer<Int32>, symbolCount: Int, counts: UnsafePointer<Int32>, words: Int
    ) {
        starts = .allocate(capacity: symbolCount + 1)
        cursors = .allocate(capacity: max(1, symbolCount))
        starts[0] = 0
        for s in 0..<symbolCount {
            cursors[s] = starts[s]
            starts[s &+ 1] = starts[s] &+ counts[s]
        }
        positions = .allocate(capacity: max(1, xs.count))
        // A symbol's only position, else −1: the last position written is
        // kept when the symbol has one.
        only = .allocate(capacity: max(1, symbolCount))
        for k in xs.indices {
            let s = Int(xs[k])
            positions[Int(cursors[s])] = Int32(truncatingIfNeeded: k)
            cursors[s] &+= 1
            only[s] = counts[s] == 1 ? Int32(truncatingIfNeeded: k) : -1
        }
        scratch = .allocate(capacity: words)
    }

    /// How many of the symbol's positions fall in words `first...last`: 0,
    /// 1, or 2 for two or more; and the first of them. Moves the cursor past
    /// the positions before the window; windows must not move left between
    /// rewinds.
    @inline(__always)
    func occurrences(of symbol: Int, first: Int, last: Int) -> (count: Int, bit: Int) {
        let end = Int(starts[symbol &+ 1])
        var cursor = Int(cursors[symbol])
        let low = Int32(truncatingIfNeeded: first << 6)
        while cursor < end && positions[cursor] < low { cursor &+= 1 }
        cursors[symbol] = Int32(truncatingIfNeeded: cursor)
        let high = Int32(truncatingIfNeeded: (last &+ 1) << 6)
        guard cursor < end, positions[cursor] < high else { return (0, 0) }
        let count = cursor &+ 1 == end || positions[cursor &+ 1] >= high ? 1 : 2
        return (count, Int(positions[cursor]))
    }

    /// The symbol's mask words `first...last`, assembled in `scratch`, after
    /// `occurrences(of:first:last:)` for the same window.
    @inline(__always)
    func words(of symbol: Int, first: Int, last: Int) -> UnsafePointer<UInt64> {
        for w in first...last { scratch[w] = 0 }
        let end = Int(starts[symbol &+ 1])
        var cursor = Int(cursors[symbol])
        let high = (last &+ 1) << 6
        while cursor < end {
            let k = Int(positions[cursor])
            if k >= high { break }
            scratch[k >> 6] |= 1 << UInt64(k & 63)
            cursor &+= 1
        }
        return UnsafePointer(scratch)
    }
}
