extension SpritePool {
    /// The handles of the live sprites, in slot order: for snapshots and
    /// cleanup passes, where drawing order does not matter.
    ///
    /// Iteration reads the pool as it goes, so the loop may check in the sprite
    /// it is visiting (or any other):
    ///
    /// ```swift
    /// for handle in pool.handles where pool[handle].isFinished {
    ///     try pool.checkin(handle)
    /// }
    /// ```
    ///
    /// Sprites checked out during the loop may or may not be visited.
    ///
    /// - Complexity: O(`capacity`) for a full iteration.
    @inlinable
    public var handles: Handles { Handles(_pool: self) }

    /// The handles of a pool's live sprites, in slot order (see ``SpritePool/handles``).
    public struct Handles: Sequence {
        @usableFromInline
        internal let _pool: SpritePool

        @inlinable
        internal init(_pool: SpritePool) {
            self._pool = _pool
        }

        /// The number of live sprites when called.
        ///
        /// - Complexity: O(1).
        @inlinable
        public var underestimatedCount: Int { _pool._inUse }

        /// An iterator over the live slots, starting at slot 0.
        ///
        /// - Complexity: O(1).
        @inlinable
        public func makeIterator() -> Iterator { Iterator(_pool: _pool) }

        /// Walks the slots of a pool and yields the handles of the live ones.
        public struct Iterator: IteratorProtocol {
            @usableFromInline
            internal let _pool: SpritePool

            @usableFromInline
            internal var _slot: Int = 0

            @inlinable
            internal init(_pool: SpritePool) {
                self._pool = _pool
            }

            /// The next live sprite's handle, or `nil` after the last slot.
            ///
            /// - Complexity: O(number of slots skipped).
            @inlinable
            public mutating func next() -> SpriteHandle? {
                while _slot < _pool._capacity {
                    let slot = _slot
                    _slot += 1
                    if let handle = _pool.handle(atSlot: slot) { return handle }
                }
                return nil
            }
        }
    }
}
