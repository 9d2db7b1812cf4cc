/// The match masks of a bit-parallel run: for a symbol, the bits of the old
/// positions holding it.
///
/// Small alphabets (characters) keep one dense mask per symbol. Large ones
/// (words, which mostly occur once) would spend more time clearing masks than
/// running the band, so they keep each symbol's sorted positions instead and
/// assemble the mask words a row needs on the fly. Bands only move right, so
/// each symbol's cursor only moves forwards.
struct BandMasks: ~Copyable {
    private let words: Int
    /// Dense: `symbolCount × words` mask words.
    private let dense: UnsafeMutablePointer<UInt64>?
    /// Sparse: positions of symbol s are `positions[starts[s]..<starts[s + 1]]`.
    private let starts: UnsafeMutablePointer<Int32>?
    private let positions: UnsafeMutablePointer<Int32>?
    private let cursors: UnsafeMutablePointer<Int32>?
    private let scratch: UnsafeMutablePointer<UInt64>?
    private let symbolCount: Int

    /// - Parameters:
    ///   - xs: The old sequence as compact symbols in `0..<symbolCount`, one bit each.
    ///   - work: The words the band will compute. Dense masks are used only
    ///     when they are no larger, so masks never outgrow the budgeted band.
    init(symbols xs: UnsafeMutableBufferPointer<Int32>, symbolCount: Int, words: Int, work: Int) {
        self.words = words
        self.symbolCount = symbolCount
        if symbolCount * words <= max(4096, work) {
            let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: symbolCount * words)
            masks.initialize(repeating: 0, count: symbolCount * words)
            for k in xs.indices { masks[Int(xs[k]) * words + k >> 6] |= 1 << UInt64(k & 63) }
            dense = masks
            starts = nil
            positions = nil
            cursors = nil
            scratch = nil
        } else {
            let starts = UnsafeMutablePointer<Int32>.allocate(capacity: symbolCount + 1)
            starts.initialize(repeating: 0, count: symbolCount + 1)
            for k in xs.indices { starts[Int(xs[k]) + 1] += 1 }
            for s in 0..<symbolCount { starts[s + 1] += starts[s] }
            let cursors = UnsafeMutablePointer<Int32>.allocate(capacity: symbolCount)
            cursors.initialize(from: starts, count: symbolCount)
            let positions = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, xs.count))
            for k in xs.indices {
                let s = Int(xs[k])
                positions[Int(cursors[s])] = Int32(k)
                cursors[s] += 1
            }
            dense = nil
            self.starts = starts
            self.positions = positions
            self.cursors = cursors
            scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        }
    }

    deinit {
        dense?.deallocate()
        starts?.deallocate()
        positions?.deallocate()
        cursors?.deallocate()
        scratch?.deallocate()
    }

    /// Starts a new pass over the rows.
    mutating func rewind() {
        if let cursors, let starts { cursors.update(from: starts, count: symbolCount) }
    }

    /// The symbol's only position in words `first...last`, or `nil` when it
    /// has none or several there, or the masks are dense. Moves the cursor
    /// like `words(of:first:last:)`.
    @inline(__always)
    mutating func singleBit(of symbol: Int32, first: Int, last: Int) -> Int? {
        guard dense == nil, let positions, let cursors, let starts else { return nil }
        let s = Int(symbol)
        let end = starts[s + 1]
        var cursor = cursors[s]
        let low = Int32(first << 6)
        while cursor < end && positions[Int(cursor)] < low { cursor += 1 }
        cursors[s] = cursor
        let high = Int32((last + 1) << 6)
        guard cursor < end, positions[Int(cursor)] < high else { return nil }
        guard cursor + 1 == end || positions[Int(cursor) + 1] >= high else { return nil }
        return Int(positions[Int(cursor)])
    }

    /// A pointer whose elements `first...last` are the symbol's mask words.
    /// Calls must come with non-decreasing `first` between rewinds.
    @inline(__always)
    mutating func words(of symbol: Int32, first: Int, last: Int) -> UnsafePointer<UInt64> {
        if let dense { return UnsafePointer(dense + Int(symbol) * words) }
        let scratch = scratch!
        let positions = positions!
        let cursors = cursors!
        for w in first...last { scratch[w] = 0 }
        let s = Int(symbol)
        let end = starts![s + 1]
        var cursor = cursors[s]
        let low = Int32(first << 6)
        while cursor < end && positions[Int(cursor)] < low { cursor += 1 }
        cursors[s] = cursor
        let high = Int32((last + 1) << 6)
        while cursor < end {
            let k = Int(positions[Int(cursor)])
            if k >= high { break }
            scratch[k >> 6] |= 1 << UInt64(k & 63)
            cursor += 1
        }
        return UnsafePointer(scratch)
    }
}
