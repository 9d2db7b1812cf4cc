/// The stable sort behind `SpritePool`'s z-order: slot indices ordered by
/// (layer, reading order), ties kept in input order.
///
/// A comparison sort would cost O(n log n) indirect comparisons each time the
/// membership changes, and the standard library's sort may allocate its merge
/// buffer. This is an LSD radix sort over the eight bytes of the order and
/// then the layer, ping-ponging between two buffers the pool owns, with the
/// histograms in a fixed buffer: it allocates nothing, and passes whose digit
/// is the same for every sprite are skipped, so small reading orders
/// (0..<65536) cost two passes plus the layer pass.
internal enum ZOrderSort {
    /// Number of digit positions: eight order bytes, then the layer.
    internal static var digitCount: Int { 9 }

    /// Size of the histogram buffer, in counters.
    internal static var histogramCount: Int { digitCount * 256 }

    /// Below this many sprites an insertion sort is faster than the histograms.
    internal static var insertionSortLimit: Int { 32 }

    /// Sorts `count` slots of `slots`, using `scratch` (at least as long) as
    /// the second buffer.
    ///
    /// - Returns: The buffer that holds the result: `slots` or `scratch`.
    /// - Complexity: O(n) (at most nine passes), O(n²) below `insertionSortLimit`.
    internal static func sort(
        _ slots: UnsafeMutablePointer<Int32>,
        scratch: UnsafeMutablePointer<Int32>,
        count: Int,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>,
        histograms: UnsafeMutablePointer<Int32>
    ) -> UnsafeMutablePointer<Int32> {
        // The order with its sign bit flipped sorts as an unsigned integer.
        @inline(__always)
        func digit(_ slot: Int32, _ position: Int) -> Int {
            let slot = Int(truncatingIfNeeded: slot)
            if position == 8 { return Int(layers[slot]) }
            let key = UInt64(bitPattern: Int64(orders[slot])) ^ (1 << 63)
            return Int(truncatingIfNeeded: (key >> UInt64(position * 8)) & 0xFF)
        }

        if count <= insertionSortLimit {
            @inline(__always)
            func precedes(_ a: Int32, _ b: Int32) -> Bool {
                let a = Int(truncatingIfNeeded: a), b = Int(truncatingIfNeeded: b)
                return (layers[a], orders[a]) < (layers[b], orders[b])
            }
            for index in 1..<Swift.max(count, 1) {
                let slot = slots[index]
                var hole = index
                while hole > 0 && precedes(slot, slots[hole - 1]) {
                    slots[hole] = slots[hole - 1]
                    hole -= 1
                }
                slots[hole] = slot
            }
            return slots
        }

        histograms.update(repeating: 0, count: histogramCount)
        for index in 0..<count {
            let slot = slots[index]
            for position in 0..<digitCount {
                histograms[position * 256 + digit(slot, position)] += 1
            }
        }

        var source = slots
        var target = scratch
        for position in 0..<digitCount {
            let histogram = histograms + position * 256
            if histogram[digit(source[0], position)] == count { continue }
            var offset: Int32 = 0
            for bucket in 0..<256 {
                let bucketCount = histogram[bucket]
                histogram[bucket] = offset
                offset += bucketCount
            }
            for index in 0..<count {
                let slot = source[index]
                let bucket = digit(slot, position)
                target[Int(truncatingIfNeeded: histogram[bucket])] = slot
                histogram[bucket] += 1
            }
            swap(&source, &target)
        }
        return source
    }
}
