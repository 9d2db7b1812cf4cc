import Analyzer

/// The sorts behind `SpritePool`'s z-order: slot indices ordered by
/// (layer, reading order, slot).
///
/// A comparison sort would cost O(n log n) indirect comparisons, and the
/// standard library's sort may allocate its merge buffer. These are LSD radix
/// sorts over buffers the pool owns: they allocate nothing, and they only run
/// passes for the bytes that differ between the sprites being sorted.
///
/// The usual case packs each sprite into one `UInt64` key: the layer just
/// above the order's offset from the smallest order, in as few bits as the
/// orders need, then the slot in the low 32 bits. Reading orders 0..<16384
/// over three layers then cost two passes over contiguous memory, and orders
/// below 64 one pass. (Keeping the layer next to the order matters: a pass
/// over a digit with only three values serializes on its few counters.)
/// Orders spanning 2³⁰ or more fall back to a sort of the slots by the bytes
/// of each field, reading the fields through the slot.
internal enum ZOrderSort {
    /// Below this many sprites an insertion sort beats the radix passes.
    internal static var insertionSortLimit: Int { 32 }

    /// Counters in the histogram buffer.
    internal static var histogramCount: Int { 256 }

    /// The widest order span (max − min) that fits a packed key.
    private static var packedOrderSpan: Int { 1 << 30 }

    /// The buffers a sort may use, each at least as long as the slots to sort.
    internal struct Workspace {
        var scratch: UnsafeMutablePointer<Int32>
        var keys: UnsafeMutablePointer<UInt64>
        var keyScratch: UnsafeMutablePointer<UInt64>
        var histogram: UnsafeMutablePointer<Int32>
    }

    /// Whether sprite `a` is drawn before sprite `b`.
    @inline(__always)
    internal static func precedes(
        _ a: Int32, _ b: Int32, layers: UnsafePointer<UInt8>, orders: UnsafePointer<Int>
    ) -> Bool {
        let a = Int(truncatingIfNeeded: a), b = Int(truncatingIfNeeded: b)
        return (layers[a], orders[a], a) < (layers[b], orders[b], b)
    }

    /// Sorts `count` distinct slots of `slots` by (layer, order, slot).
    ///
    /// - Parameter inSlotOrder: Whether `slots` is ascending already; the
    ///   sorts are stable, so they can then skip the slot's bytes.
    /// - Returns: The buffer holding the result: `slots` or `workspace.scratch`.
    /// - Complexity: O(n) (a pass per differing byte, at most 13); O(n²) for n
    ///   up to `insertionSortLimit`.
    internal static func sort(
        _ slots: UnsafeMutablePointer<Int32>,
        count: Int,
        inSlotOrder: Bool,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>,
        workspace: Workspace
    ) -> UnsafeMutablePointer<Int32> {
        if count <= insertionSortLimit {
            insertionSort(slots, count: count) { precedes($0, $1, layers: layers, orders: orders) }
            return slots
        }
        var minimum = Int.max, maximum = Int.min
        for index in 0..<count {
            let order = orders[Int(truncatingIfNeeded: slots[index])]
            minimum = Swift.min(minimum, order)
            maximum = Swift.max(maximum, order)
        }
        let (span, overflow) = maximum.subtractingReportingOverflow(minimum)
        guard !overflow && span < packedOrderSpan else {
            return fieldSort(slots, count: count, inSlotOrder: inSlotOrder, layers: layers, orders: orders, workspace: workspace)
        }
        let orderBits = UInt64(Int.bitWidth - span.leadingZeroBitCount)
        let keys = workspace.keys
        for index in 0..<count {
            let slot = Int(truncatingIfNeeded: slots[index])
            let placement = UInt64(layers[slot]) << orderBits | UInt64(truncatingIfNeeded: orders[slot] &- minimum)
            keys[index] = placement << 32 | UInt64(UInt32(truncatingIfNeeded: slot))
        }
        let sorted = radixSort(
            keys, scratch: workspace.keyScratch, count: count,
            fromByte: inSlotOrder ? 4 : 0, histogram: workspace.histogram)
        for index in 0..<count {
            slots[index] = Int32(truncatingIfNeeded: sorted[index])
        }
        return slots
    }

    /// Merges two sorted runs of distinct slots into `target`.
    ///
    /// When `second` is much shorter (a few sprites moved in a frame), each of
    /// its slots is placed by binary search and the runs of `first` between
    /// them are block-copied, instead of comparing every element.
    ///
    /// - Complexity: O(`firstCount` + `secondCount`); O(k log n) comparisons
    ///   plus copying when `secondCount` (k) is small next to `firstCount` (n).
    internal static func merge(
        _ first: UnsafePointer<Int32>, count firstCount: Int,
        _ second: UnsafePointer<Int32>, count secondCount: Int,
        into target: UnsafeMutablePointer<Int32>,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>
    ) {
        guard secondCount * 16 < firstCount else {
            mergeRuns(first, count: firstCount, second, count: secondCount, into: target) {
                precedes($0, $1, layers: layers, orders: orders)
            }
            return
        }
        var i = 0, k = 0
        for j in 0..<secondCount {
            let slot = second[j]
            // The first element of `first[i...]` that `slot` precedes.
            let low = partitionPoint(in: i..<firstCount) { precedes(slot, first[$0], layers: layers, orders: orders) }
            (target + k).update(from: first + i, count: low - i)
            k += low - i
            i = low
            target[k] = slot
            k += 1
        }
        (target + k).update(from: first + i, count: firstCount - i)
    }

    /// Sorts keys by their bytes from `fromByte` up, skipping bytes that are
    /// the same in every key.
    ///
    /// - Returns: The buffer holding the result: `keys` or `scratch`.
    private static func radixSort(
        _ keys: UnsafeMutablePointer<UInt64>,
        scratch: UnsafeMutablePointer<UInt64>,
        count: Int,
        fromByte: Int,
        histogram: UnsafeMutablePointer<Int32>
    ) -> UnsafeMutablePointer<UInt64> {
        var differing: UInt64 = 0
        for index in 0..<count { differing |= keys[index] ^ keys[0] }
        var source = keys, target = scratch
        for byte in fromByte..<8 where (differing >> UInt64(byte * 8)) & 0xFF != 0 {
            let shift = UInt64(byte * 8)
            scatter(from: source, to: target, count: count, histogram: histogram) {
                Int(truncatingIfNeeded: ($0 >> shift) & 0xFF)
            }
            swap(&source, &target)
        }
        return source
    }

    /// The fallback for orders too far apart to pack: sorts the slots by each
    /// byte of the slot (unless already in slot order), of the order (sign bit
    /// flipped, so it sorts as unsigned) and the layer, reading fields through
    /// the slot, skipping bytes that are the same for every sprite.
    private static func fieldSort(
        _ slots: UnsafeMutablePointer<Int32>,
        count: Int,
        inSlotOrder: Bool,
        layers: UnsafePointer<UInt8>,
        orders: UnsafePointer<Int>,
        workspace: Workspace
    ) -> UnsafeMutablePointer<Int32> {
        @inline(__always)
        func orderKey(_ slot: Int32) -> UInt64 {
            UInt64(bitPattern: Int64(orders[Int(truncatingIfNeeded: slot)])) ^ (1 << 63)
        }
        var slotDiffering: UInt32 = 0, orderDiffering: UInt64 = 0, layerDiffering: UInt8 = 0
        for index in 0..<count {
            let slot = slots[index]
            slotDiffering |= UInt32(bitPattern: slot ^ slots[0])
            orderDiffering |= orderKey(slot) ^ orderKey(slots[0])
            layerDiffering |= layers[Int(truncatingIfNeeded: slot)] ^ layers[Int(truncatingIfNeeded: slots[0])]
        }
        if inSlotOrder { slotDiffering = 0 }

        var source = slots, target = workspace.scratch
        for byte in 0..<4 where (slotDiffering >> UInt32(byte * 8)) & 0xFF != 0 {
            let shift = UInt32(byte * 8)
            scatter(from: source, to: target, count: count, histogram: workspace.histogram) {
                Int(truncatingIfNeeded: (UInt32(bitPattern: $0) >> shift) & 0xFF)
            }
            swap(&source, &target)
        }
        for byte in 0..<8 where (orderDiffering >> UInt64(byte * 8)) & 0xFF != 0 {
            let shift = UInt64(byte * 8)
            scatter(from: source, to: target, count: count, histogram: workspace.histogram) {
                Int(truncatingIfNeeded: (orderKey($0) >> shift) & 0xFF)
            }
            swap(&source, &target)
        }
        if layerDiffering != 0 {
            scatter(from: source, to: target, count: count, histogram: workspace.histogram) {
                Int(truncatingIfNeeded: layers[Int(truncatingIfNeeded: $0)])
            }
            swap(&source, &target)
        }
        return source
    }

    /// One stable counting-sort pass by `digit` (0...255).
    @inline(__always)
    private static func scatter<Element>(
        from source: UnsafeMutablePointer<Element>,
        to target: UnsafeMutablePointer<Element>,
        count: Int,
        histogram: UnsafeMutablePointer<Int32>,
        digit: (Element) -> Int
    ) {
        histogram.update(repeating: 0, count: histogramCount)
        for index in 0..<count { histogram[digit(source[index])] &+= 1 }
        var offset: Int32 = 0
        for bucket in 0..<histogramCount {
            let bucketCount = histogram[bucket]
            histogram[bucket] = offset
            offset &+= bucketCount
        }
        for index in 0..<count {
            let element = source[index]
            let bucket = digit(element)
            target[Int(truncatingIfNeeded: histogram[bucket])] = element
            histogram[bucket] &+= 1
        }
    }
}
