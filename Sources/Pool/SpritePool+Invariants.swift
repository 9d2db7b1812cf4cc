import Analyzer

// Consistency checking.
//
// `_checkInvariants()` verifies the whole pool in O(capacity). Tests call it
// after every step. Building with the KINETYPE_INVARIANTS compilation condition
// also makes every mutating operation call it, which voids the documented
// complexities:
//
//     swift test -Xswiftc -DKINETYPE_INVARIANTS --filter PoolTests

extension SpritePool {
    /// Stops the program with a message if any invariant of the pool is broken.
    ///
    /// - Complexity: O(`capacity`).
    @usableFromInline @inline(never)
    package func _checkInvariants() {
        precondition(_initialCapacity >= 1 && _initialCapacity <= _capacity, "capacity \(_capacity) below initial \(_initialCapacity)")
        precondition(_capacity <= Int(Int32.max), "capacity \(_capacity) exceeds Int32.max")
        precondition(_generationFloor & 1 == 0, "generation floor \(_generationFloor) is odd")

        var live = 0, retired = 0
        for slot in 0..<_capacity {
            let generation = _buffers.generations[slot]
            if generation & 1 == 1 {
                live += 1
                precondition(
                    SpriteRole(rawValue: _buffers.layers[slot]) != nil,
                    "live slot \(slot) has layer \(_buffers.layers[slot])")
            } else if _buffers.layers[slot] == _SlotMarker.retired {
                retired += 1
                precondition(generation == 0, "retired slot \(slot) has generation \(generation)")
            }
        }
        precondition(live == _inUse, "\(live) live slots but inUse is \(_inUse)")
        precondition(retired == _retiredCount, "\(retired) retired slots but the count is \(_retiredCount)")
        precondition(
            _freeCount + _inUse + _retiredCount == _capacity,
            "free \(_freeCount) + live \(_inUse) + retired \(_retiredCount) != capacity \(_capacity)")

        var seen = [Bool](repeating: false, count: _capacity)
        for index in 0..<_freeCount {
            let slot = Int(_buffers.freeSlots[index])
            precondition(slot >= 0 && slot < _capacity, "free slot \(slot) out of range")
            precondition(!seen[slot], "slot \(slot) is on the free stack twice")
            seen[slot] = true
            precondition(_buffers.generations[slot] & 1 == 0, "free slot \(slot) is live")
            precondition(_buffers.layers[slot] != _SlotMarker.retired, "retired slot \(slot) is on the free stack")
        }

        precondition(_checkouts - _checkins == _inUse, "checkouts \(_checkouts) - checkins \(_checkins) != inUse \(_inUse)")
        precondition(_highWater >= _inUse, "high water \(_highWater) below inUse \(_inUse)")
        precondition(_sweepDepth >= 0, "negative sweep depth")

        precondition(_zPendingCount >= 0 && _zPendingCount <= _capacity, "pending count \(_zPendingCount) out of bounds")
        for index in 0..<_zPendingCount {
            let slot = Int(_buffers.zPending[index])
            precondition(slot >= 0 && slot < _capacity, "pending slot \(slot) out of range")
        }
        for slot in 0..<_capacity {
            precondition(_buffers.zMarks[slot] == 0, "slot \(slot) is still marked outside a z-order rebuild")
        }

        // The z-order: exact when no change is pending; otherwise every entry
        // whose slot is not pending must still be live.
        guard !_zNeedsSort else { return }
        var pendingSlots = [Bool](repeating: false, count: _capacity)
        for index in 0..<_zPendingCount { pendingSlots[Int(_buffers.zPending[index])] = true }
        seen = [Bool](repeating: false, count: _capacity)
        var previous: (layer: UInt8, order: Int, slot: Int)? = nil
        var listedLive = 0
        for index in 0..<_zCount {
            let slot = Int(_buffers.zOrder[index])
            precondition(slot >= 0 && slot < _capacity, "z-order slot \(slot) out of range")
            precondition(!seen[slot], "slot \(slot) is in the z-order twice")
            seen[slot] = true
            guard !pendingSlots[slot] else { continue }
            precondition(_buffers.generations[slot] & 1 == 1, "z-order lists free slot \(slot), which is not pending")
            listedLive += 1
            let key = (layer: _buffers.layers[slot], order: _buffers.orders[slot], slot: slot)
            if let previous {
                precondition(previous < key, "z-order has \(previous) before \(key)")
            }
            previous = key
        }
        if _zPendingCount == 0 {
            precondition(listedLive == _inUse, "z-order lists \(listedLive) of \(_inUse) live sprites")
        }
    }
}
