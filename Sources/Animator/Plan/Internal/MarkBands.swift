import Analyzer

/// Timing marks indexed by line band, then by x: the timing rules look only
/// at the marks near a glyph's way, not at every mark, so a change of a
/// paragraph costs O(n log n) in them instead of O(exits × movers).
///
/// A mark's band is ⌊y / height⌋ with `height` the tallest mark's box, so the
/// marks on one line share a band and those within half a line of a place lie
/// in its band or the next ones.
struct MarkBands {
    /// Band (first key), x (second key), the mark's index.
    private(set) var keys: [SortKey] = []
    private var height = 0.0

    /// Bands are numbered with whole doubles no larger than this; farther ones share the outermost.
    private static let bandLimit = 1e15

    /// Indexes `count` marks, each at `mark(k)` (its y and x), bands `height` tall.
    ///
    /// - Complexity: O(m log m) in the marks.
    mutating func index(count: Int, height: Double, _ mark: (Int) -> (y: Double, x: Double)) {
        keys.removeAll(keepingCapacity: true)
        keys.reserveCapacity(count)
        self.height = height.isFinite && height > 0 ? height : 1
        for k in 0..<count {
            let (y, x) = mark(k)
            keys.append(SortKey(Int32(truncatingIfNeeded: k), band(y), x.isFinite ? x : 0))
        }
        SortKey.sort(&keys)
    }

    /// Follows the marks to new places (`position[k]` is where mark k went),
    /// as indexing them again in their new order would: marks at the same
    /// band and x keep their new order, as a stable sort keeps it.
    ///
    /// - Complexity: O(m), plus the marks that tie.
    mutating func follow(_ position: UnsafeBufferPointer<Int32>) {
        keys.withUnsafeMutableBufferPointer { keys in
            for i in keys.indices { keys[i] = keys[i].moved(to: position[Int(keys[i].index)]) }
            // Ties by their new index: by insertion, as the keys are in order but for ties.
            insertionSort(keys.baseAddress!, count: keys.count) { a, b in
                a < b || (!(b < a) && a.index < b.index)
            }
        }
    }

    private func band(_ y: Double) -> UInt64 {
        let b = y.isFinite ? min(max((y / height).rounded(.down), -Self.bandLimit), Self.bandLimit) : 0
        return UInt64(bitPattern: Int64(b)) ^ (1 << 63)
    }

    /// Calls `body` with the index of every mark whose y lies in a band that
    /// `lowY…highY` touches and whose x lies in `lowX…highX` (and maybe a few
    /// more near them: `body` checks each as it would without the index).
    ///
    /// - Complexity: O(b log m + k) for b bands that hold marks and k marks visited.
    func visit(y lowY: Double, _ highY: Double, x lowX: Double, _ highX: Double, _ body: (Int) -> Void) {
        guard !keys.isEmpty else { return }
        let first = band(min(lowY, highY)), last = band(max(lowY, highY))
        // A way across very many bands (or a NaN) is looked at whole.
        guard last >= first, last - first <= 64, lowX <= highX else {
            for key in keys { body(Int(key.index)) }
            return
        }
        keys.withUnsafeBufferPointer { keys in
            // Band by band, searching on from where the band before ended and
            // skipping the bands that hold no mark (most of a way's bands do).
            var band = first, low = 0
            while true {
                let start = SortKey(0, band, lowX), end = SortKey(0, band, highX)
                low = partitionPoint(in: low..<keys.count) { !(keys[$0] < start) }
                while low < keys.count, !(end < keys[low]) {
                    body(Int(keys[low].index))
                    low += 1
                }
                guard low < keys.count else { return }
                let next = max(keys[low].first, band + 1)
                guard next <= last else { return }
                band = next
            }
        }
    }
}
