extension Array {
    #if hasFeature(Embedded)
    /// Sorts in place, keeping elements that compare equal in their order, as
    /// `sort(by:)` does (the standard library's sort is a stable merge sort).
    ///
    /// Embedded Swift: a merge sort of our own, out of line, one small copy for
    /// each element type. The standard library's sort is specialised for every
    /// call site's comparator and inlined into several of them, and each copy
    /// of it is two to four kilobytes of WebAssembly. Both sorts are stable, so
    /// for a comparator that is a strict weak ordering they put the elements in
    /// the same order, and frames stay as they are natively.
    ///
    /// Runs of eight are sorted by insertion, then merged pairwise between two
    /// buffers, a run's left element taken first on a tie (`insertionSort` and
    /// `mergeRuns`, SortRuns.swift).
    ///
    /// - Complexity: O(n log n) comparisons.
    @inline(never)
    package mutating func sortStably(by areInIncreasingOrder: (Element, Element) -> Bool) {
        let n = count
        guard n > 1 else { return }
        let run = 8
        withUnsafeMutableBufferPointer { elements in
            var start = 0
            while start < n {
                insertionSort(elements.baseAddress! + start, count: Swift.min(run, n - start), by: areInIncreasingOrder)
                start += run
            }
        }
        guard n > run else { return }
        var source = self
        self = []
        var target = source
        var width = run
        while width < n {
            source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    var low = 0
                    while low < n {
                        let middle = Swift.min(low + width, n), high = Swift.min(low + 2 * width, n)
                        mergeRuns(
                            from.baseAddress! + low, count: middle - low, from.baseAddress! + middle, count: high - middle,
                            into: to.baseAddress! + low, by: areInIncreasingOrder)
                        low = high
                    }
                }
            }
            swap(&source, &target)
            width *= 2
        }
        self = source
    }
    #else
    /// Sorts in place, keeping elements that compare equal in their order:
    /// `sort(by:)` (the standard library's sort is a stable merge sort). In
    /// Embedded Swift it is a merge sort of our own, out of line, which keeps
    /// the WebAssembly build from carrying a copy of the standard library's
    /// sort for every call site.
    ///
    /// - Complexity: O(n log n) comparisons.
    @inlinable @inline(__always)
    package mutating func sortStably(by areInIncreasingOrder: (Element, Element) -> Bool) {
        sort(by: areInIncreasingOrder)
    }
    #endif
}
