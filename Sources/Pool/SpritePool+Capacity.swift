import Analyzer

extension SpritePool {
    /// Gives memory back after a burst, keeping every live handle valid.
    ///
    /// The pool shrinks towards `max(initial capacity, the smallest power of
    /// two ≥ count)`. Live sprites never move, so only free slots at the end of
    /// the storage can be released: a live sprite in a high slot keeps the
    /// capacity above it (trim when the pool is idle to give everything back).
    /// Handles to released slots stay stale, also after the pool grows again:
    /// regrown slots start above every generation they were ever issued.
    ///
    /// Trimming allocates the smaller storage and moves the live payloads, so
    /// call it between bursts, not every frame.
    ///
    /// - Complexity: O(`capacity`).
    public func trim() {
        assert(_sweepDepth == 0, "SpritePool.trim() called during a z-order sweep")
        let target = Swift.max(_initialCapacity, Self._powerOfTwo(atLeast: _inUse))
        guard target < _capacity else { return }
        var newCapacity = target
        for slot in stride(from: _capacity - 1, through: target, by: -1)
        where _buffers.generations[slot] & 1 == 1 || _buffers.layers[slot] == _SlotMarker.retired {
            // A live sprite cannot move, and a retired slot must stay retired.
            newCapacity = slot + 1
            break
        }
        guard newCapacity < _capacity else { return }
        for slot in newCapacity..<_capacity {
            _generationFloor = Swift.max(_generationFloor, _buffers.generations[slot])
        }
        _updateZOrder()
        _reallocate(to: newCapacity)
        _rebuildFreeSlots()
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
    }

    /// Doubles the capacity; called by `checkout` when no slot is free.
    @usableFromInline @inline(never)
    internal func _grow() {
        precondition(
            _capacity < Int(Int32.max),
            "SpritePool cannot hold more than \(Int32.max) sprites; check sprites in when they are done")
        let oldCapacity = _capacity
        let newCapacity = Swift.min(oldCapacity * 2, Int(Int32.max))
        _reallocate(to: newCapacity)
        (_buffers.generations + oldCapacity).initialize(repeating: _generationFloor, count: newCapacity - oldCapacity)
        (_buffers.layers + oldCapacity).initialize(repeating: 0, count: newCapacity - oldCapacity)
        (_buffers.orders + oldCapacity).initialize(repeating: 0, count: newCapacity - oldCapacity)
        _rebuildFreeSlots()
        _growths += 1
    }

    /// Moves all storage to buffers of `newCapacity` slots. Slots below both
    /// capacities keep their contents; when shrinking, the released slots must
    /// be free and the z-order up to date (no pending slots). When growing, the new slots' metadata
    /// is left uninitialized and the free stack empty, for the caller to fill.
    internal func _reallocate(to newCapacity: Int) {
        let kept = Swift.min(_capacity, newCapacity)
        let new = _Buffers(capacity: newCapacity)
        for slot in 0..<kept where _buffers.generations[slot] & 1 == 1 {
            (new.payloads + slot).moveInitialize(from: _buffers.payloads + slot, count: 1)
        }
        new.generations.moveInitialize(from: _buffers.generations, count: kept)
        new.layers.moveInitialize(from: _buffers.layers, count: kept)
        new.orders.moveInitialize(from: _buffers.orders, count: kept)
        new.zOrder.moveInitialize(from: _buffers.zOrder, count: _zCount)
        new.zPending.moveInitialize(from: _buffers.zPending, count: _zPendingCount)
        new.zMarks.initialize(repeating: 0, count: newCapacity)
        _buffers.block.deallocate()
        _buffers = new
        _freeCount = 0
        _capacity = newCapacity
    }

    /// Refills the free stack with every free, unretired slot, lowest on top
    /// so that checkouts fill the storage from the front.
    internal func _rebuildFreeSlots() {
        _freeCount = 0
        for slot in stride(from: _capacity - 1, through: 0, by: -1)
        where _buffers.generations[slot] & 1 == 0 && _buffers.layers[slot] != _SlotMarker.retired {
            _buffers.freeSlots[_freeCount] = Int32(truncatingIfNeeded: slot)
            _freeCount += 1
        }
    }

    internal static func _powerOfTwo(atLeast n: Int) -> Int {
        n <= 1 ? 1 : 1 << (Int.bitWidth - (n - 1).leadingZeroBitCount)
    }
}
