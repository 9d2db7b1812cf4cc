import Analyzer
import Pool

/// The obvious implementation of a sprite pool, to compare `SpritePool` against.
///
/// It predicts everything observable: payloads, placements, the z-order,
/// capacity after growth and trim, and the counters.
struct PoolModel {
    struct Sprite {
        var payload: Glyph
        var role: SpriteRole
        var order: Int
    }

    let initialCapacity: Int
    private(set) var stats: PoolStats
    /// Live sprites by handle, and their handles in checkout order (for seeded picks).
    private(set) var live: [SpriteHandle: Sprite] = [:]
    private(set) var liveHandles: [SpriteHandle] = []
    /// Every handle ever checked in or removed.
    private(set) var dead: [SpriteHandle] = []
    /// Every handle ever issued: a pool must never issue one twice.
    private(set) var issued: Set<SpriteHandle> = []

    init(capacity: Int) {
        initialCapacity = capacity
        stats = PoolStats(capacity: capacity, inUse: 0, highWater: 0, checkouts: 0, checkins: 0, growths: 0)
    }

    /// Whether the next checkout must grow the pool.
    var isFull: Bool { live.count == stats.capacity }

    /// Records a checkout that returned `handle`; false if the handle was issued before.
    mutating func checkout(_ handle: SpriteHandle, _ sprite: Sprite) -> Bool {
        if isFull {
            stats.capacity *= 2
            stats.growths += 1
        }
        live[handle] = sprite
        liveHandles.append(handle)
        stats.inUse += 1
        stats.highWater = max(stats.highWater, stats.inUse)
        stats.checkouts += 1
        return issued.insert(handle).inserted
    }

    mutating func checkin(_ handle: SpriteHandle) {
        live[handle] = nil
        liveHandles.remove(at: liveHandles.firstIndex(of: handle)!)
        dead.append(handle)
        stats.inUse -= 1
        stats.checkins += 1
    }

    mutating func update(_ handle: SpriteHandle, _ change: (inout Sprite) -> Void) {
        change(&live[handle]!)
    }

    mutating func removeAll() {
        dead += liveHandles
        stats.checkins += live.count
        stats.inUse = 0
        live = [:]
        liveHandles = []
    }

    mutating func trim() {
        let target = max(initialCapacity, Self.powerOfTwo(atLeast: live.count))
        let pinned = (live.keys.map(\.slot).max() ?? -1) + 1
        stats.capacity = min(stats.capacity, max(target, pinned))
    }

    /// Live slots sorted by (role, order, slot).
    var zOrder: [Int32] {
        live.map { (key: ($0.value.role.rawValue, $0.value.order, $0.key.slot), slot: Int32($0.key.slot)) }
            .sorted { $0.key < $1.key }
            .map(\.slot)
    }

    static func powerOfTwo(atLeast n: Int) -> Int {
        var power = 1
        while power < n { power *= 2 }
        return power
    }
}
