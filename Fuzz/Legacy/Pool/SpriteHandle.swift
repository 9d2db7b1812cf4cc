/// A generational reference to a sprite checked out of a ``SpritePool``.
///
/// A handle names a slot of the pool and the generation of that slot at
/// checkout. Checking the sprite in advances the slot's generation, so the
/// handle goes stale for good: the pool refuses it with a ``PoolError`` even
/// after the slot has been handed to another sprite, instead of silently
/// reading or freeing that other sprite.
///
/// Handles are small plain values (8 bytes): store them, hash them, send them
/// across threads. Only the pool that issued a handle can resolve it; handles
/// are created by ``SpritePool/checkout(_:role:order:)`` and cannot be made up.
public struct SpriteHandle: Hashable, Sendable {
    @usableFromInline
    internal let _slot: UInt32

    /// The slot's generation when the sprite was checked out.
    ///
    /// Generations of live sprites are always odd; a slot's generation only
    /// ever increases, and a slot is retired before its generation could wrap
    /// around, so no two sprites of a slot share a generation.
    public let generation: UInt32

    /// The index of the sprite's slot in the pool's storage.
    ///
    /// The slot stays the same for the sprite's whole life: growth and
    /// ``SpritePool/trim()`` never move live sprites. It is the index that
    /// ``SpritePool/withZOrder(_:)`` lists and ``SpritePool/subscript(unchecked:)``
    /// takes.
    @inlinable
    public var slot: Int { Int(_slot) }

    @inlinable
    internal init(slot: UInt32, generation: UInt32) {
        _slot = slot
        self.generation = generation
    }
}
