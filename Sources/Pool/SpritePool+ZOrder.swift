import Analyzer
extension SpritePool {
    /// Calls `body` with the slots of the live sprites in drawing order.
    ///
    /// Sprites are ordered by role (exiting, then persisting, then entering),
    /// then by reading order within the role, then by slot, so equal orders
    /// always come out the same way. The order is kept in a buffer that is
    /// brought up to date only after sprites were checked out, checked in or
    /// moved (new and moved sprites are sorted on their own and merged in), so
    /// sweeping it every frame is a plain contiguous loop that allocates
    /// nothing.
    ///
    /// ```swift
    /// pool.withZOrder { slots in
    ///     for slot in slots { render(pool[unchecked: Int(slot)]) }
    /// }
    /// ```
    ///
    /// - Parameter body: Reads the slots; it may read and write payloads
    ///   (``subscript(unchecked:)``) but must not check sprites out or in,
    ///   change roles, trim or empty the pool (debug builds assert this), and
    ///   must not keep the buffer.
    /// - Complexity: O(1) when nothing changed since the last call; after k
    ///   checkouts, checkins or moves, O(n + k log k) when k is small next to
    ///   the n live sprites, otherwise O(`capacity` + n) (a radix sort).
    @inlinable
    package func withZOrder<R, E: Error>(_ body: (UnsafeBufferPointer<Int32>) throws(E) -> R) throws(E) -> R {
        _updateZOrder()
        _sweepDepth &+= 1
        defer { _sweepDepth &-= 1 }
        return try body(UnsafeBufferPointer(start: _buffers.zOrder, count: _zCount))
    }

    /// Calls `body` with the slot and payload of each live sprite, in drawing
    /// order (see ``withZOrder(_:)``).
    ///
    /// - Parameter body: Reads or updates one payload; the same rules as for
    ///   ``withZOrder(_:)`` apply.
    /// - Complexity: O(n), plus the cost of bringing the order up to date.
    @inlinable
    public func forEachInZOrder<E: Error>(
        _ body: (_ slot: Int, _ payload: inout Payload) throws(E) -> Void
    ) throws(E) {
        _updateZOrder()
        _sweepDepth &+= 1
        defer { _sweepDepth &-= 1 }
        let slots = _buffers.zOrder
        let payloads = _buffers.payloads
        for index in 0..<_zCount {
            let slot = Int(truncatingIfNeeded: slots[index])
            try body(slot, &payloads[slot])
        }
    }

    /// The number of slots ``withZOrder(_:)`` lists: the number of live sprites.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var zOrderCount: Int { _inUse }

    /// Moves a live sprite to another role (drawing band) and, optionally, reading
    /// order; for example when an entering sprite has arrived and becomes persisting.
    ///
    /// - Parameters:
    ///   - role: The sprite's new role.
    ///   - order: The sprite's new reading order, or `nil` to keep it.
    ///   - handle: The sprite.
    /// - Throws: A ``PoolError`` if `handle` is not valid; nothing changes.
    /// - Complexity: O(1); the z-order is re-sorted on its next use if the
    ///   placement changed.
    @inlinable
    public func setRole(_ role: SpriteRole, order: Int? = nil, for handle: SpriteHandle) throws(PoolError) {
        assert(_sweepDepth == 0, "SpritePool.setRole(_:order:for:) called during a z-order sweep")
        guard _fastPath(isValid(handle)) else { throw _refusal(of: handle) }
        let slot = handle.slot
        let order = order ?? _buffers.orders[slot]
        if _buffers.layers[slot] != role.rawValue || _buffers.orders[slot] != order {
            _buffers.layers[slot] = role.rawValue
            _buffers.orders[slot] = order
            _zNoteMoved(slot)
        }
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
    }

    /// The role (drawing band) of a live sprite, or `nil` if `handle` is not valid.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func role(of handle: SpriteHandle) -> SpriteRole? {
        isValid(handle) ? SpriteRole(rawValue: _buffers.layers[handle.slot]) : nil
    }

    /// The reading order of a live sprite, or `nil` if `handle` is not valid.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func order(of handle: SpriteHandle) -> Int? {
        isValid(handle) ? _buffers.orders[handle.slot] : nil
    }

    @inlinable @inline(__always)
    internal func _updateZOrder() {
        if _slowPath(_zPendingCount != 0 || _zNeedsSort) { _rebuildZOrder() }
    }

    /// Records that `slot` was checked out, checked in or moved; the next
    /// rebuild drops its old entry and places it anew if it is live.
    @inlinable @inline(__always)
    internal func _zNoteMoved(_ slot: Int) {
        if _fastPath(_zPendingCount < _capacity) {
            _buffers.zPending[_zPendingCount] = Int32(truncatingIfNeeded: slot)
            _zPendingCount &+= 1
        } else {
            _zNeedsSort = true
        }
    }

    private var _zWorkspace: ZOrderSort.Workspace {
        ZOrderSort.Workspace(
            scratch: _buffers.zScratch, keys: _buffers.zKeys, keyScratch: _buffers.zKeys + _capacity, histogram: _buffers.histogram)
    }

    /// Brings `_buffers.zOrder` up to date.
    ///
    /// - With k pending changes, small next to the n live sprites: drops the
    ///   old entries of the pending slots (every other entry is still live and
    ///   still in place), sorts the live pending slots and merges them in:
    ///   O(n + k log k).
    /// - Otherwise (k at least half of n, as for a whole new text, or more
    ///   changes than the pending list holds), gathers the live slots in slot
    ///   order and radix-sorts them: O(`capacity` + n). See `ZOrderSort`.
    @usableFromInline @inline(never)
    internal func _rebuildZOrder() {
        let generations = _buffers.generations
        if _zNeedsSort || _zPendingCount * 2 >= _zCount {
            // Branchless: write every slot, advance past the live ones.
            let order = _buffers.zOrder
            var count = 0
            for slot in 0..<_capacity {
                order[count] = Int32(truncatingIfNeeded: slot)
                count &+= Int(truncatingIfNeeded: generations[slot] & 1)
            }
            let sorted = ZOrderSort.sort(
                order, count: count, inSlotOrder: true,
                layers: _buffers.layers, orders: _buffers.orders, workspace: _zWorkspace)
            if sorted != order { swap(&_buffers.zOrder, &_buffers.zScratch) }
            _zCount = count
        } else {
            let marks = _buffers.zMarks, pending = _buffers.zPending, order = _buffers.zOrder
            for index in 0..<_zPendingCount {
                marks[Int(truncatingIfNeeded: pending[index])] = 1
            }
            // Keep the unmarked entries (branchless), still sorted.
            var keptCount = 0
            for index in 0..<_zCount {
                let slot = order[index]
                order[keptCount] = slot
                keptCount &+= Int(truncatingIfNeeded: marks[Int(truncatingIfNeeded: slot)] ^ 1)
            }
            // Collect the live pending slots once each, clearing the marks.
            var movedCount = 0
            for index in 0..<_zPendingCount {
                let slot = Int(truncatingIfNeeded: pending[index])
                if marks[slot] != 0 {
                    marks[slot] = 0
                    if generations[slot] & 1 == 1 {
                        pending[movedCount] = Int32(truncatingIfNeeded: slot)
                        movedCount += 1
                    }
                }
            }
            // Sort the moved slots and merge; the three buffers swap roles.
            let sorted = ZOrderSort.sort(
                pending, count: movedCount, inSlotOrder: false,
                layers: _buffers.layers, orders: _buffers.orders, workspace: _zWorkspace)
            let target = sorted == pending ? _buffers.zScratch : pending
            ZOrderSort.merge(
                order, count: keptCount, sorted, count: movedCount, into: target,
                layers: _buffers.layers, orders: _buffers.orders)
            _buffers.zOrder = target
            _buffers.zPending = sorted
            _buffers.zScratch = order
            _zCount = keptCount + movedCount
        }
        _zPendingCount = 0
        _zNeedsSort = false
    }
}
