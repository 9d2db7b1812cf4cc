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
        where _generations[slot] & 1 == 1 || _layers[slot] == _SlotMarker.retired {
            // A live sprite cannot move, and a retired slot must stay retired.
            newCapacity = slot + 1
            break
        }
        guard newCapacity < _capacity else { return }
        for slot in newCapacity..<_capacity {
            _generationFloor = Swift.max(_generationFloor, _generations[slot])
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
        (_generations + oldCapacity).initialize(repeating: _generationFloor, count: newCapacity - oldCapacity)
        (_layers + oldCapacity).initialize(repeating: 0, count: newCapacity - oldCapacity)
        (_orders + oldCapacity).initialize(repeating: 0, count: newCapacity - oldCapacity)
        _rebuildFreeSlots()
        _growths += 1
    }

    /// Moves all storage to buffers of `newCapacity` slots. Slots below both
    /// capacities keep their contents; when shrinking, the released slots must
    /// be free and the z-order up to date (no pending slots). When growing, the new slots' metadata
    /// is left uninitialized and the free stack empty, for the caller to fill.
    internal func _reallocate(to newCapacity: Int) {
        let kept = Swift.min(_capacity, newCapacity)

        let payloads = UnsafeMutablePointer<Payload>.allocate(capacity: newCapacity)
        for slot in 0..<kept where _generations[slot] & 1 == 1 {
            (payloads + slot).moveInitialize(from: _payloads + slot, count: 1)
        }
        _payloads.deallocate()
        _payloads = payloads

        _generations = Self._moved(_generations, count: kept, into: newCapacity)
        _layers = Self._moved(_layers, count: kept, into: newCapacity)
        _orders = Self._moved(_orders, count: kept, into: newCapacity)
        _zOrder = Self._moved(_zOrder, count: _zCount, into: newCapacity)
        _zPending = Self._moved(_zPending, count: _zPendingCount, into: newCapacity)

        _freeSlots.deallocate()
        _freeSlots = .allocate(capacity: newCapacity)
        _freeCount = 0
        _zScratch.deallocate()
        _zScratch = .allocate(capacity: newCapacity)
        _zKeys.deallocate()
        _zKeys = .allocate(capacity: 2 * newCapacity)
        _zMarks.deallocate()
        _zMarks = .allocate(capacity: newCapacity)
        _zMarks.initialize(repeating: 0, count: newCapacity)

        _capacity = newCapacity
    }

    /// Refills the free stack with every free, unretired slot, lowest on top
    /// so that checkouts fill the storage from the front.
    internal func _rebuildFreeSlots() {
        _freeCount = 0
        for slot in stride(from: _capacity - 1, through: 0, by: -1)
        where _generations[slot] & 1 == 0 && _layers[slot] != _SlotMarker.retired {
            _freeSlots[_freeCount] = Int32(truncatingIfNeeded: slot)
            _freeCount += 1
        }
    }

    private static func _moved<T>(
        _ old: UnsafeMutablePointer<T>, count: Int, into newCapacity: Int
    ) -> UnsafeMutablePointer<T> {
        let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    internal static func _powerOfTwo(atLeast n: Int) -> Int {
        n <= 1 ? 1 : 1 << (Int.bitWidth - (n - 1).leadingZeroBitCount)
    }
}
