/// The sorts behind `SpritePool`'s z-order: slot indices ordered by
/// (layer, reading order, slot).
///
/// A comparison sort would cost O(n log n) indirect comparisons, and the
/// standard library's sort may allocate its merge buffer. This is an LSD radix
/// sort, ping-ponging between two buffers the pool owns with the histograms in
/// a fixed buffer: it allocates nothing, and it skips every pass whose digit is
/// the same for all sprites, so small reading orders (0..<65536) cost two
/// passes plus the layer pass.
internal enum ZOrderSort {
    /// Digit positions, least significant first: four slot bytes, eight bytes
    /// of the order (sign bit flipped, so it sorts as unsigned), the layer.
    private static var slotDigits: Range<Int> { 0..<4 }
    private static var layerDigit: Int { 12 }
    private static var digitCount: Int { 13 }

    /// Size of the histogram buffer, in counters.
    internal static var histogramCount: Int { digitCount * 256 }

    /// Below this many sprites an insertion sort beats the histograms.
    internal static var insertionSortLimit: Int { 32 }

    /// Whether sprite `a` is drawn before sprite `b`.
    @inline(__always)
    internal static func precedes(
        _ a: Int32, _ b: Int32, layers: UnsafePointer<UInt8>, orders: UnsafePointer<Int>
    ) -> Bool {
        let a = Int(truncatingIfNeeded: a), b = Int(truncatingIfNeeded: b)
        return (layers[a], orders[a], a) < (layers[b], orders[b], b)
    }

    /// Sorts `count` distinct slots of `slots` by (layer, order, slot), using
    /// `scratch` (at least as long) as the second buffer.
    ///
    /// - Parameter inSlotOrder: Whether `slots` is already ascending; the slot
    ///   passes are then skipped, as the sort is stable.
    /// - Returns: The buffer that holds the result: `slots` or `scratch`.
    /// - Complexity: O(n) (at most thirteen passes); O(n²) for n below
    ///   `insertionSortLimit`.
    internal static func sort(
        _ slots: UnsafeMutablePointer<Int32>,
        scratch: UnsafeMutablePointer<Int32>,
        count: Int,
        inSlotOrder: Bool,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>,
        histograms: UnsafeMutablePointer<Int32>
    ) -> UnsafeMutablePointer<Int32> {
        if count <= insertionSortLimit {
            for index in 1..<Swift.max(count, 1) {
                let slot = slots[index]
                var hole = index
                while hole > 0 && precedes(slot, slots[hole - 1], layers: layers, orders: orders) {
                    slots[hole] = slots[hole - 1]
                    hole -= 1
                }
                slots[hole] = slot
            }
            return slots
        }

        @inline(__always)
        func orderKey(_ slot: Int) -> UInt64 {
            UInt64(bitPattern: Int64(orders[slot])) ^ (1 << 63)
        }
        @inline(__always)
        func digit(_ slot: Int32, _ position: Int) -> Int {
            let slot = Int(truncatingIfNeeded: slot)
            switch position {
            case slotDigits: return (slot >> (position * 8)) & 0xFF
            case layerDigit: return Int(truncatingIfNeeded: layers[slot])
            default: return Int(truncatingIfNeeded: (orderKey(slot) >> UInt64((position - 4) * 8)) & 0xFF)
            }
        }

        histograms.update(repeating: 0, count: histogramCount)
        for index in 0..<count {
            let slot = Int(truncatingIfNeeded: slots[index])
            var key = orderKey(slot)
            for position in 4..<layerDigit {
                histograms[position * 256 + Int(truncatingIfNeeded: key & 0xFF)] += 1
                key >>= 8
            }
            histograms[layerDigit * 256 + Int(truncatingIfNeeded: layers[slot])] += 1
            if !inSlotOrder {
                for position in slotDigits {
                    histograms[position * 256 + ((slot >> (position * 8)) & 0xFF)] += 1
                }
            }
        }

        var source = slots
        var target = scratch
        for position in (inSlotOrder ? slotDigits.upperBound : 0)..<digitCount {
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

    /// Merges two sorted runs of distinct slots into `target`.
    ///
    /// - Complexity: O(`firstCount` + `secondCount`).
    internal static func merge(
        _ first: UnsafePointer<Int32>, count firstCount: Int,
        _ second: UnsafePointer<Int32>, count secondCount: Int,
        into target: UnsafeMutablePointer<Int32>,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>
    ) {
        var i = 0, j = 0, k = 0
        while i < firstCount && j < secondCount {
            if precedes(second[j], first[i], layers: layers, orders: orders) {
                target[k] = second[j]
                j += 1
            } else {
                target[k] = first[i]
                i += 1
            }
            k += 1
        }
        (target + k).update(from: first + i, count: firstCount - i)
        (target + k + firstCount - i).update(from: second + j, count: secondCount - j)
    }
}
