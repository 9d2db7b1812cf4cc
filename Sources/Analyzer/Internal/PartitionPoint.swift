/// The first index of `range` at which `isAfter` holds, for a predicate that
/// is false up to some index and true from there on (a binary search); the
/// range's end when it holds nowhere.
///
/// - Complexity: O(log n) calls of `isAfter`.
@inlinable @inline(__always)
package func partitionPoint(in range: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
