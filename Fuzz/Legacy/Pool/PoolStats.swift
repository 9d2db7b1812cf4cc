/// Counters of a ``SpritePool``, for the inspector and the benchmarks.
///
/// The pool keeps these as it goes; reading them is O(1). Across the whole life
/// of a pool, `checkouts - checkins == inUse`.
public struct PoolStats: Hashable, Sendable {
    /// The number of slots the pool has storage for.
    public var capacity: Int
    /// The number of sprites currently checked out.
    public var inUse: Int
    /// The largest `inUse` the pool has seen.
    public var highWater: Int
    /// The number of checkouts since the pool was created.
    public var checkouts: Int
    /// The number of sprites returned since the pool was created, by
    /// ``SpritePool/checkin(_:)`` or ``SpritePool/removeAll()``. Refused
    /// checkins are not counted.
    public var checkins: Int
    /// The number of times the pool ran out of free slots and doubled its
    /// capacity. In steady state this stays constant.
    public var growths: Int

    /// Creates a set of counters, for comparisons in tests and tools.
    public init(capacity: Int, inUse: Int, highWater: Int, checkouts: Int, checkins: Int, growths: Int) {
        self.capacity = capacity
        self.inUse = inUse
        self.highWater = highWater
        self.checkouts = checkouts
        self.checkins = checkins
        self.growths = growths
    }
}
