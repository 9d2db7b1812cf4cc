/// The two steps of the stable sorts that work on raw buffers (the z-order's
/// small sorts and merges, `sortStably` in Embedded Swift): sorting a short
/// run by insertion, and merging two sorted runs. Both keep elements that
/// compare equal in their order, so a sort built from them is stable.

/// Sorts `elements[0..<count]` in place by insertion, stably.
///
/// - Complexity: O(n²) comparisons; O(n) when the elements are in order already.
@inlinable @inline(__always)
package func insertionSort<Element>(
    _ elements: UnsafeMutablePointer<Element>, count: Int, by areInIncreasingOrder: (Element, Element) -> Bool
) {
    var index = 1
    while index < count {
        let element = elements[index]
        var hole = index
        while hole > 0 && areInIncreasingOrder(element, elements[hole - 1]) {
            elements[hole] = elements[hole - 1]
            hole -= 1
        }
        elements[hole] = element
        index += 1
    }
}

/// Merges the sorted runs `first[0..<firstCount]` and `second[0..<secondCount]`
/// into `target` (initialized, and apart from both runs), stably: of two equal
/// elements, the one from `first` comes first.
///
/// - Complexity: O(`firstCount` + `secondCount`) comparisons and copies.
@inlinable @inline(__always)
package func mergeRuns<Element>(
    _ first: UnsafePointer<Element>, count firstCount: Int,
    _ second: UnsafePointer<Element>, count secondCount: Int,
    into target: UnsafeMutablePointer<Element>,
    by areInIncreasingOrder: (Element, Element) -> Bool
) {
    var i = 0, j = 0, k = 0
    while i < firstCount && j < secondCount {
        if areInIncreasingOrder(second[j], first[i]) {
            target[k] = second[j]
            j += 1
        } else {
            target[k] = first[i]
            i += 1
        }
        k += 1
    }
    // One run is used up: the rest of the other follows as it is.
    (target + k).update(from: first + i, count: firstCount - i)
    (target + k + firstCount - i).update(from: second + j, count: secondCount - j)
}
