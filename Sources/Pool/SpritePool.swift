import Analyzer

/// A pool of recycled sprites with generational handles, a z-order and counters.
///
/// The pool owns one payload per live sprite, of a type the owner chooses (the
/// Director stores a flat struct of its own). Storage is allocated up front for
/// `capacity` sprites and laid out as a structure of arrays indexed by slot:
/// payloads, generations, roles and reading orders each sit in their own
/// contiguous buffer, so a per-frame sweep touches only what it reads.
///
/// ```swift
/// let pool = SpritePool<GlyphSprite>(capacity: 256)
/// let handle = pool.checkout(sprite, role: .entering, order: 3)
/// pool[handle].opacity = 0.5
/// try pool.setRole(.persisting, for: handle)      // it has arrived
/// pool.forEachInZOrder { slot, sprite in draw(sprite) }
/// try pool.checkin(handle)                          // the handle is now stale
/// ```
///
/// Checkout and checkin are O(1) and allocate nothing while free slots remain;
/// when none do, the pool doubles its capacity (counted in
/// ``PoolStats/growths``). Live sprites never move: a handle stays valid until
/// its sprite is checked in, through growth and ``trim()``, and is refused
/// with a ``PoolError`` forever after.
///
/// - Important: A pool is confined to its owner. It is not `Sendable` and has
///   no locks: use it from one thread or actor at a time, like an `inout`
///   value. Its handles are `Sendable` values and may travel freely.
public final class SpritePool<Payload> {
    // The stored state is accessed from inlined code in the caller's module.
    // Dynamic exclusivity checks on these class properties would cost far more
    // than the checkout itself: measured with callgrind (the bench's "pool:
    // checkout + checkin"), a checkout and its checkin take 57 instructions
    // unchecked and 274 checked. They guard nothing here: every access is a
    // momentary read or write, and no method keeps an `inout` access to a
    // stored property open while it runs caller code (sweeps copy the buffer
    // pointers into locals first).

    @usableFromInline @exclusivity(unchecked)
    internal var _freeCount: Int

    // The z-order (see SpritePool+ZOrder.swift): `_buffers.zOrder` lists live
    // slots in drawing order as of the last rebuild. Every slot checked out,
    // checked in or moved since is listed in `_buffers.zPending` (maybe more
    // than once); a pending list that ran full sets `_zNeedsSort`.

    @usableFromInline @exclusivity(unchecked)
    internal var _zCount: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _zPendingCount: Int

    /// Set when `_buffers.zPending` ran full: the z-order must be rebuilt from scratch.
    @usableFromInline @exclusivity(unchecked)
    internal var _zNeedsSort: Bool

    /// How many `withZOrder` / `forEachInZOrder` bodies are running; checked
    /// by assertions in the mutating operations.
    @usableFromInline @exclusivity(unchecked)
    internal var _sweepDepth: Int

    /// The slot buffers (payloads, generations, layers, orders, the free stack,
    /// the z-order's buffers), in one allocation.
    @usableFromInline @exclusivity(unchecked)
    internal var _buffers: _Buffers

    @usableFromInline @exclusivity(unchecked)
    internal var _capacity: Int

    @usableFromInline
    internal let _initialCapacity: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _inUse: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _highWater: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _checkouts: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _checkins: Int

    @usableFromInline @exclusivity(unchecked)
    internal var _growths: Int

    /// Slots whose generation ran out; they are never handed out again.
    @usableFromInline @exclusivity(unchecked)
    internal var _retiredCount: Int

    /// The generation slots created by growth start at: above every generation
    /// ever issued for a slot that `trim()` released, so that a handle to a
    /// released slot stays stale when the slot comes back.
    @usableFromInline @exclusivity(unchecked)
    internal var _generationFloor: UInt32

    /// Creates a pool with storage for `capacity` sprites.
    ///
    /// - Parameter capacity: The number of sprites the pool holds before it
    ///   first grows, at least 1 (and at most `Int32.max`). ``trim()`` never
    ///   shrinks the pool below it.
    /// - Complexity: O(`capacity`).
    public init(capacity: Int) {
        precondition(capacity >= 1, "SpritePool(capacity:) needs a capacity of at least 1, got \(capacity)")
        precondition(
            capacity <= Int(Int32.max),
            "SpritePool(capacity:) takes at most \(Int32.max) sprites, got \(capacity)")
        _initialCapacity = capacity
        _capacity = capacity
        _buffers = _Buffers(capacity: capacity)
        _buffers.generations.initialize(repeating: 0, count: capacity)
        _buffers.layers.initialize(repeating: 0, count: capacity)
        _buffers.orders.initialize(repeating: 0, count: capacity)
        _buffers.zMarks.initialize(repeating: 0, count: capacity)
        _freeCount = 0
        _zCount = 0
        _zPendingCount = 0
        _zNeedsSort = false
        _sweepDepth = 0
        _inUse = 0
        _highWater = 0
        _checkouts = 0
        _checkins = 0
        _growths = 0
        _retiredCount = 0
        _generationFloor = 0
        _rebuildFreeSlots()
    }

    deinit {
        if !_isPOD(Payload.self) {
            for slot in 0..<_capacity where _buffers.generations[slot] & 1 == 1 {
                (_buffers.payloads + slot).deinitialize(count: 1)
            }
        }
        _buffers.block.deallocate()
    }

    /// The pool's buffers for `capacity` slots, in one allocation: a pool
    /// made for a single plan paid eleven allocations and their releases. The
    /// z-order's three buffers swap roles after a rebuild.
    @usableFromInline
    internal struct _Buffers {
        let block: PackedBuffers.Block
        /// Payloads by slot; initialized exactly for the live slots.
        @usableFromInline var payloads: UnsafeMutablePointer<Payload>
        /// Generations by slot: odd while the slot is live, even while it is free.
        /// A checkout and a checkin each add one, so a handle (whose generation is
        /// odd) matches its slot exactly while its sprite is live.
        @usableFromInline var generations: UnsafeMutablePointer<UInt32>
        /// `SpriteRole` raw values by slot (the drawing bands); `_SlotMarker.retired` for retired slots.
        @usableFromInline var layers: UnsafeMutablePointer<UInt8>
        /// Reading orders by slot.
        @usableFromInline var orders: UnsafeMutablePointer<Int>
        /// A stack of free slots; the top (`_freeCount - 1`) is handed out next.
        @usableFromInline var freeSlots: UnsafeMutablePointer<Int32>
        /// Live slots in drawing order as of the last rebuild.
        @usableFromInline var zOrder: UnsafeMutablePointer<Int32>
        /// Slots checked out or moved to another place since the last rebuild.
        @usableFromInline var zPending: UnsafeMutablePointer<Int32>
        /// The third buffer of the rebuild; the three swap roles.
        @usableFromInline var zScratch: UnsafeMutablePointer<Int32>
        /// One byte per slot, zero outside a rebuild: marks pending slots.
        @usableFromInline var zMarks: UnsafeMutablePointer<UInt8>
        /// Packed sort keys for z-order rebuilds: two halves of capacity each.
        @usableFromInline var zKeys: UnsafeMutablePointer<UInt64>
        /// The radix sort's digit histogram (`ZOrderSort.histogramCount`).
        @usableFromInline var histogram: UnsafeMutablePointer<Int32>

        /// Uninitialized buffers for `capacity` slots.
        init(capacity: Int) {
            var layout = PackedBuffers()
            let payloads = layout.add(Payload.self, count: capacity)
            let zKeys = layout.add(UInt64.self, count: 2 * capacity)
            let orders = layout.add(Int.self, count: capacity)
            let generations = layout.add(UInt32.self, count: capacity)
            let freeSlots = layout.add(Int32.self, count: capacity)
            let zOrder = layout.add(Int32.self, count: capacity)
            let zPending = layout.add(Int32.self, count: capacity)
            let zScratch = layout.add(Int32.self, count: capacity)
            let histogram = layout.add(Int32.self, count: ZOrderSort.histogramCount)
            let layers = layout.add(UInt8.self, count: capacity)
            let zMarks = layout.add(UInt8.self, count: capacity)
            block = layout.allocate()
            self.payloads = block.buffer(payloads, of: Payload.self)
            self.zKeys = block.buffer(zKeys, of: UInt64.self)
            self.orders = block.buffer(orders, of: Int.self)
            self.generations = block.buffer(generations, of: UInt32.self)
            self.freeSlots = block.buffer(freeSlots, of: Int32.self)
            self.zOrder = block.buffer(zOrder, of: Int32.self)
            self.zPending = block.buffer(zPending, of: Int32.self)
            self.zScratch = block.buffer(zScratch, of: Int32.self)
            self.histogram = block.buffer(histogram, of: Int32.self)
            self.layers = block.buffer(layers, of: UInt8.self)
            self.zMarks = block.buffer(zMarks, of: UInt8.self)
        }
    }
}

@available(*, unavailable, message: "SpritePool is confined to its owner; send its handles, not the pool")
extension SpritePool: Sendable {}

/// Values stored in `SpritePool._buffers.layers` besides `SpriteRole` raw values.
@usableFromInline
internal enum _SlotMarker {
    /// The slot's generation ran out and it is never handed out again.
    @inlinable
    internal static var retired: UInt8 { 0xFF }
}

extension SpritePool {
    /// Checks a sprite out of the pool.
    ///
    /// The sprite is drawn in the band of `role`, at `order` among the sprites of
    /// that role (reading order: lower first, so higher orders are drawn on top).
    /// When no slot is free, the pool first doubles its capacity; live handles
    /// stay valid.
    ///
    /// - Parameters:
    ///   - payload: The sprite's data; the pool owns it until checkin.
    ///   - role: The band the sprite is drawn in (see `SpriteRole`).
    ///   - order: The sprite's reading order within its role.
    /// - Returns: The handle of the new sprite.
    /// - Complexity: O(1), amortized over growth; O(`capacity`) when the pool grows.
    // Always inlined, like checkin: left to itself the optimizer outlined one
    // of the pair, which cost a third of a checkout + checkin (measured).
    @inlinable @inline(__always)
    public func checkout(_ payload: consuming Payload, role: SpriteRole, order: Int) -> SpriteHandle {
        assert(_sweepDepth == 0, "SpritePool.checkout(_:role:order:) called during a z-order sweep")
        if _slowPath(_freeCount == 0) { _grow() }
        _freeCount &-= 1
        let slot = Int(truncatingIfNeeded: _buffers.freeSlots[_freeCount])
        let generation = _buffers.generations[slot] &+ 1
        (_buffers.payloads + slot).initialize(to: payload)
        _buffers.generations[slot] = generation
        _buffers.layers[slot] = role.rawValue
        _buffers.orders[slot] = order
        _inUse &+= 1
        _highWater = Swift.max(_highWater, _inUse)
        _checkouts &+= 1
        _zNoteMoved(slot)
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
        return SpriteHandle(slot: UInt32(truncatingIfNeeded: slot), generation: generation)
    }

    /// Returns a sprite to the pool, releasing its payload.
    ///
    /// The handle, and every copy of it, is stale from now on. A handle whose
    /// sprite was already checked in is refused and nothing changes, even if
    /// its slot now holds another sprite. The payload is released last, so a
    /// payload's deinitializer may use the pool.
    ///
    /// - Parameter handle: The handle returned by the sprite's checkout.
    /// - Throws: ``PoolError/alreadyCheckedIn`` for a second checkin,
    ///   ``PoolError/staleHandle`` if the slot has been reused since, and
    ///   ``PoolError/unknownHandle`` for a handle this pool cannot resolve.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func checkin(_ handle: SpriteHandle) throws(PoolError) {
        assert(_sweepDepth == 0, "SpritePool.checkin(_:) called during a z-order sweep")
        let slot = handle.slot
        guard _fastPath(slot < _capacity && _buffers.generations[slot] == handle.generation) else {
            throw _refusal(of: handle)
        }
        let payload = _release(slot, generation: handle.generation)
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
        _ = consume payload
    }

    /// Checks every live sprite in, releasing their payloads.
    ///
    /// Every outstanding handle goes stale; the capacity is kept (see
    /// ``trim()``). Each sprite counts as one checkin in ``stats``. Payload
    /// deinitializers may use the pool; sprites they check out meanwhile may
    /// be removed as well.
    ///
    /// - Complexity: O(`capacity`).
    public func removeAll() {
        assert(_sweepDepth == 0, "SpritePool.removeAll() called during a z-order sweep")
        // Every deinitializer below sees a consistent pool, including the z-order.
        _zNeedsSort = true
        // Downwards, so that the lowest slots end on top of the free stack.
        var slot = _capacity
        while slot > 0 {
            slot -= 1
            let generation = _buffers.generations[slot]
            if generation & 1 == 1 { _ = _release(slot, generation: generation) }
        }
        if _inUse == 0 {
            _zCount = 0
            _zPendingCount = 0
            _zNeedsSort = false
        }
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
    }

    /// Checks in the live sprite in `slot` (of `generation`) and returns its
    /// payload, moved out, for the caller to release once the pool is consistent.
    @inlinable @inline(__always)
    internal func _release(_ slot: Int, generation: UInt32) -> Payload {
        let payload = (_buffers.payloads + slot).move()
        let next = generation &+ 1
        _buffers.generations[slot] = next
        if _fastPath(next != 0) {
            _buffers.freeSlots[_freeCount] = Int32(truncatingIfNeeded: slot)
            _freeCount &+= 1
        } else {
            _retire(slot)
        }
        _inUse &-= 1
        _checkins &+= 1
        _zNoteMoved(slot)
        return payload
    }

    /// Whether `handle` names a live sprite of this pool.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func isValid(_ handle: SpriteHandle) -> Bool {
        handle.slot < _capacity && _buffers.generations[handle.slot] == handle.generation
    }

    /// The payload of a live sprite, or `nil` if `handle` is stale or unknown.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func payload(_ handle: SpriteHandle) -> Payload? {
        isValid(handle) ? _buffers.payloads[handle.slot] : nil
    }

    /// The payload of a live sprite, read and written in place.
    ///
    /// - Precondition: `handle` is valid (see ``isValid(_:)``); a stale handle
    ///   stops the program with the reason. Use ``payload(_:)`` when the handle
    ///   may be stale.
    /// - Complexity: O(1).
    @inlinable
    public subscript(handle: SpriteHandle) -> Payload {
        get {
            _buffers.payloads[_checkedSlot(handle)]
        }
        _modify {
            yield &_buffers.payloads[_checkedSlot(handle)]
        }
    }

    /// The payload in `slot`, without checking that the slot is live: the fast
    /// access for sweeps over ``withZOrder(_:)`` or ``handles``.
    ///
    /// ```swift
    /// pool.withZOrder { slots in
    ///     for slot in slots { total += pool[unchecked: Int(slot)].opacity }
    /// }
    /// ```
    ///
    /// - Precondition: `slot` holds a live sprite (checked only by debug
    ///   assertions; anything else is undefined behaviour).
    /// - Complexity: O(1).
    @inlinable
    package subscript(unchecked slot: Int) -> Payload {
        unsafeAddress {
            assert(_isLive(slot), "SpritePool[unchecked: \(slot)]: the slot holds no live sprite")
            return UnsafePointer(_buffers.payloads + slot)
        }
        unsafeMutableAddress {
            assert(_isLive(slot), "SpritePool[unchecked: \(slot)]: the slot holds no live sprite")
            return _buffers.payloads + slot
        }
    }

    /// Calls `body` with the payload storage, indexed by slot: the fastest way
    /// for a sweep over ``withZOrder(_:)`` to read payloads in place.
    ///
    /// ```swift
    /// pool.withZOrder { slots in
    ///     pool.withUnsafePayloads { payloads in
    ///         for slot in slots { total += payloads[Int(slot)].opacity }
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: `body` reads or writes only the slots of live sprites, and
    ///   does not keep the pointer, check sprites in or out, or grow the pool.
    /// - Complexity: O(1).
    @inlinable
    package func withUnsafePayloads<R, E: Error>(_ body: (UnsafeMutablePointer<Payload>) throws(E) -> R) throws(E) -> R {
        try body(_buffers.payloads)
    }

    /// The handle of the sprite living in `slot`, or `nil` if the slot is free
    /// or out of range; recovers handles from the slots of ``withZOrder(_:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func handle(atSlot slot: Int) -> SpriteHandle? {
        guard _isLive(slot) else { return nil }
        return SpriteHandle(slot: UInt32(truncatingIfNeeded: slot), generation: _buffers.generations[slot])
    }

    /// The number of live sprites.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { _inUse }

    /// Whether no sprite is checked out.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { _inUse == 0 }

    /// The number of slots the pool has storage for.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var capacity: Int { _capacity }

    /// The pool's counters.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: PoolStats {
        PoolStats(
            capacity: _capacity, inUse: _inUse, highWater: _highWater,
            checkouts: _checkouts, checkins: _checkins, growths: _growths)
    }

    @inlinable @inline(__always)
    internal func _isLive(_ slot: Int) -> Bool {
        slot >= 0 && slot < _capacity && _buffers.generations[slot] & 1 == 1
    }

    @inlinable @inline(__always)
    internal func _checkedSlot(_ handle: SpriteHandle) -> Int {
        guard _fastPath(isValid(handle)) else { _trapRefused(handle) }
        return handle.slot
    }

    @usableFromInline @inline(never)
    internal func _trapRefused(_ handle: SpriteHandle) -> Never {
        preconditionFailure("\(_refusal(of: handle))")
    }

    /// Why `handle` is not valid; the slow path of every handle check.
    @usableFromInline @inline(never)
    internal func _refusal(of handle: SpriteHandle) -> PoolError {
        let slot = handle.slot
        guard slot < _capacity, handle.generation & 1 == 1 else { return .unknownHandle(handle) }
        let current = _buffers.generations[slot]
        if current == handle.generation &+ 1 { return .alreadyCheckedIn(handle) }
        if handle.generation < current || _buffers.layers[slot] == _SlotMarker.retired { return .staleHandle(handle) }
        return .unknownHandle(handle)
    }

    @usableFromInline @inline(never)
    internal func _retire(_ slot: Int) {
        _buffers.layers[slot] = _SlotMarker.retired
        _retiredCount += 1
    }
}
