import Analyzer

/// An item to sort by two keys, the first an integer and the second a number,
/// kept as plain integers that order as the keys do: the planner sorts its
/// timing marks by these rather than by comparing the marks themselves.
struct SortKey {
    let first: UInt64
    let second: UInt64
    /// Where the item was before sorting.
    let index: Int32

    init(_ index: Int32, _ first: UInt64, _ second: Double) {
        self.index = index
        self.first = first
        // A double's bits, flipped so that unsigned order is numeric order
        // (negative numbers below positive ones, −0 just below +0).
        let bits = second.bitPattern
        self.second = bits >> 63 == 0 ? bits | 1 << 63 : ~bits
    }

    private init(index: Int32, first: UInt64, second: UInt64) {
        self.index = index
        self.first = first
        self.second = second
    }

    /// The same keys for the item now at `index`.
    @inline(__always)
    func moved(to index: Int32) -> SortKey { SortKey(index: index, first: first, second: second) }

    @inline(__always)
    static func < (a: SortKey, b: SortKey) -> Bool {
        a.first != b.first ? a.first < b.first : a.second < b.second
    }

    /// Sorts `keys` ascending; items with equal keys keep their order.
    ///
    /// Runs already in order are kept (a text's marks come in reading order,
    /// in a group or a few). When the runs are long (eight keys or more on
    /// average) they are merged as they are, pass by pass; otherwise runs
    /// shorter than 16 are first sorted up to that length by insertion.
    static func sort(_ keys: inout [SortKey]) {
        let count = keys.count
        guard count > 1 else { return }
        // The runs' ends and the merges' second buffer: on the stack for the
        // few dozen keys of a label, where an array and a buffer were two
        // allocations a sort.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { ends in
            withUnsafeTemporaryAllocation(of: SortKey.self, capacity: count) { scratch in
                keys.withUnsafeMutableBufferPointer { buffer in
                    sort(buffer.baseAddress!, count: count, ends: ends.baseAddress!, scratch: scratch.baseAddress!)
                }
            }
        }
    }

    /// `sort(_:)` over `count` keys at `keys`, with room for `count` run ends and `count` keys.
    private static func sort(
        _ keys: UnsafeMutablePointer<SortKey>, count: Int, ends: UnsafeMutablePointer<Int>,
        scratch: UnsafeMutablePointer<SortKey>
    ) {
        let shortest = 16
        // Where the run starting at `low` ends.
        func runEnd(from low: Int) -> Int {
            var end = low + 1
            while end < count && !(keys[end] < keys[end - 1]) { end += 1 }
            return end
        }
        // The runs' ends, found once: the merges read them, not the keys.
        // The search stops as soon as the runs are too many to be long.
        var runs = 0
        var low = 0
        while low < count && runs <= count / 8 {
            low = runEnd(from: low)
            ends[runs] = low
            runs += 1
        }
        // One run over all the keys: in order already.
        if low == count && runs == 1 { return }
        if low < count || runs > count / 8 {
            runs = 0
            low = 0
            while low < count {
                var end = runEnd(from: low)
                if end < count && end - low < shortest {
                    end = min(low + shortest, count)
                    insertionSort(keys + low, count: end - low, by: <)
                }
                ends[runs] = end
                runs += 1
                low = end
            }
            guard runs > 1 else { return }
        }
        scratch.initialize(from: keys, count: count)
        var source = keys, target = scratch
        // Neighbouring runs merged, pass by pass; an odd last run is copied over.
        while runs > 1 {
            var merged = 0, start = 0
            var k = 0
            while k < runs {
                let middle = ends[k], high = k + 1 < runs ? ends[k + 1] : middle
                mergeRuns(
                    source + start, count: middle - start, source + middle, count: high - middle,
                    into: target + start, by: <)
                ends[merged] = high
                merged += 1
                start = high
                k += 2
            }
            runs = merged
            swap(&source, &target)
        }
        if source != keys { keys.update(from: source, count: count) }
    }

    /// Sorts `keys` ascending, where every first key is below `bound`: by
    /// counting on the first key (when `bound` is small beside the count), then
    /// by the second key among equal first keys, which are few.
    static func sort(_ keys: inout [SortKey], firstBelow bound: Int) {
        guard bound <= 4 * keys.count + 64, keys.allSatisfy({ $0.first < UInt64(bound) }) else { return sort(&keys) }
        // The counts and a copy of the keys on the stack, for the few dozen of a label.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: bound + 1) { starts in
            withUnsafeTemporaryAllocation(of: SortKey.self, capacity: keys.count) { unsorted in
                keys.withUnsafeMutableBufferPointer { keys in
                    starts.initialize(repeating: 0)
                    for key in keys { starts[Int(key.first) + 1] += 1 }
                    for k in 0..<bound { starts[k + 1] += starts[k] }
                    _ = unsorted.initialize(fromContentsOf: keys)
                    for key in unsorted {
                        keys[Int(starts[Int(key.first)])] = key
                        starts[Int(key.first)] += 1
                    }
                }
            }
        }
        // Each run of equal first keys, by its second key.
        keys.withUnsafeMutableBufferPointer { keys in
            var runStart = 0
            while runStart < keys.count {
                var runEnd = runStart + 1
                while runEnd < keys.count && keys[runEnd].first == keys[runStart].first { runEnd += 1 }
                insertionSort(keys.baseAddress! + runStart, count: runEnd - runStart, by: <)
                runStart = runEnd
            }
        }
    }
}
