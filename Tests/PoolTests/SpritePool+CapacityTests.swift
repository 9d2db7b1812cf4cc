import Analyzer
import Testing
@testable import Pool

@Suite("SpritePool growth, trim and generations")
struct SpritePoolCapacityTests {
    @Test("an exhausted pool doubles, counts the growth and keeps every handle")
    func growth() {
        let pool = SpritePool<Glyph>(capacity: 3)
        var handles: [SpriteHandle] = []
        for id in 0..<3 { handles.append(pool.checkout(.numbered(id), role: .persisting, order: id)) }
        #expect(pool.stats.growths == 0)
        handles.append(pool.checkout(.numbered(3), role: .persisting, order: 3))
        #expect(pool.capacity == 6)
        #expect(pool.stats.growths == 1)
        for id in 4..<13 { handles.append(pool.checkout(.numbered(id), role: .persisting, order: id)) }
        #expect(pool.capacity == 24)
        #expect(pool.stats == PoolStats(capacity: 24, inUse: 13, highWater: 13, checkouts: 13, checkins: 0, growths: 3))
        for (id, handle) in handles.enumerated() {
            #expect(pool[handle] == .numbered(id))
        }
        #expect(pool.withZOrder { Array($0) } == handles.map { Int32($0.slot) })
        pool._checkInvariants()
    }

    @Test("steady churn within capacity never grows")
    func steadyState() throws {
        let pool = SpritePool<Glyph>(capacity: 64)
        var handles = (0..<64).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        for round in 0..<1_000 {
            let index = round % handles.count
            try pool.checkin(handles[index])
            handles[index] = pool.checkout(.numbered(round), role: .persisting, order: index)
        }
        #expect(pool.stats.growths == 0)
        #expect(pool.capacity == 64)
        #expect(pool.stats.highWater == 64)
    }

    @Test("high water remembers the largest number of live sprites")
    func highWater() throws {
        let pool = SpritePool<Int>(capacity: 16)
        let burst = (0..<10).map { pool.checkout($0, role: .entering, order: $0) }
        for handle in burst { try pool.checkin(handle) }
        _ = (0..<3).map { pool.checkout($0, role: .entering, order: $0) }
        #expect(pool.stats.highWater == 10)
        #expect(pool.stats.inUse == 3)
        pool.trim()
        #expect(pool.stats.highWater == 10)
    }

    @Test("trim on an idle pool shrinks back to the initial capacity")
    func trimIdle() throws {
        let pool = SpritePool<Glyph>(capacity: 4)
        let handles = (0..<100).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        #expect(pool.capacity == 128)
        pool.removeAll()
        pool.trim()
        #expect(pool.capacity == 4)
        #expect(pool.stats.growths == 5)
        for handle in handles { #expect(!pool.isValid(handle)) }
        pool._checkInvariants()
    }

    @Test("trim shrinks to a power of two above the live count and keeps live handles valid")
    func trimWithLiveSprites() throws {
        let pool = SpritePool<Glyph>(capacity: 2)
        let handles = (0..<64).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        #expect(pool.capacity == 64)
        // Keep slots 0..<5 live: the target is the next power of two, 8.
        for handle in handles[5...] { try pool.checkin(handle) }
        pool.trim()
        #expect(pool.capacity == 8)
        for handle in handles[..<5] { #expect(pool[handle] == .numbered(handle.slot)) }
        for handle in handles[5...] { #expect(!pool.isValid(handle)) }
        #expect(pool.withZOrder { Array($0) } == [0, 1, 2, 3, 4])
        pool._checkInvariants()
        // Trimming again changes nothing.
        pool.trim()
        #expect(pool.capacity == 8)
    }

    @Test("a live sprite in a high slot keeps the storage below and including it")
    func trimPinnedByLiveSlot() throws {
        let pool = SpritePool<Glyph>(capacity: 4)
        let handles = (0..<40).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        #expect(pool.capacity == 64)
        for handle in handles where handle.slot != 20 { try pool.checkin(handle) }
        pool.trim()
        #expect(pool.capacity == 21)
        #expect(pool[handles[20]] == .numbered(20))
        pool._checkInvariants()
        // Growing again from an odd capacity still doubles.
        let more = (0..<21).map { pool.checkout(.numbered(100 + $0), role: .entering, order: $0) }
        #expect(pool.capacity == 42)
        #expect(Set(more.map(\.slot)).count == 21)
        #expect(pool[handles[20]] == .numbered(20))
        pool._checkInvariants()
    }

    @Test("handles to slots released by trim stay stale when the pool grows back")
    func trimThenRegrow() throws {
        let pool = SpritePool<Glyph>(capacity: 2)
        var old: [SpriteHandle] = []
        // Cycle the high slots a few times so their generations are ahead.
        for round in 0..<3 {
            let handles = (0..<8).map { pool.checkout(.numbered(round * 8 + $0), role: .entering, order: $0) }
            for handle in handles { try pool.checkin(handle) }
            old += handles
        }
        pool.trim()
        #expect(pool.capacity == 2)
        for handle in old {
            #expect(!pool.isValid(handle))
            #expect(throws: PoolError.self) { try pool.checkin(handle) }
        }
        let new = (0..<8).map { pool.checkout(.numbered(100 + $0), role: .entering, order: $0) }
        #expect(pool.capacity == 8)
        #expect(Set(new).isDisjoint(with: old))
        for handle in old {
            #expect(!pool.isValid(handle), "\(handle) came back to life")
            #expect(pool.payload(handle) == nil)
            #expect(throws: PoolError.self) { try pool.checkin(handle) }
            #expect(throws: PoolError.self) { try pool.setRole(.exiting, for: handle) }
        }
        for (id, handle) in new.enumerated() { #expect(pool[handle] == .numbered(100 + id)) }
        #expect(pool.count == 8)
        pool._checkInvariants()
    }

    @Test("a slot whose generation runs out is retired, never reissued")
    func generationRetirement() throws {
        let pool = SpritePool<Glyph>(capacity: 2)
        let first = pool.checkout(.numbered(0), role: .entering, order: 0)
        try pool.checkin(first)
        // Fast-forward slot 0 to its last generation (free slots are even).
        pool._buffers.generations[first.slot] = UInt32.max - 1
        let last = pool.checkout(.numbered(1), role: .entering, order: 0)
        #expect(last.slot == first.slot)
        #expect(last.generation == UInt32.max)
        let neighbour = pool.checkout(.numbered(2), role: .entering, order: 1)
        try pool.checkin(last)
        pool._checkInvariants()

        #expect(!pool.isValid(last))
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(last) }
        #expect(throws: PoolError.staleHandle) { try pool.checkin(first) }
        // Slot 0 is never handed out again: the next checkout must grow.
        let next = pool.checkout(.numbered(3), role: .entering, order: 2)
        #expect(next.slot != first.slot)
        #expect(pool.stats.growths == 1)
        #expect(pool.stats.capacity == 4)
        #expect(pool[neighbour] == .numbered(2))

        pool.removeAll()
        pool.trim()
        let again = (0..<3).map { pool.checkout(.numbered(10 + $0), role: .entering, order: $0) }
        #expect(!again.map(\.slot).contains(first.slot))
        #expect(!pool.isValid(last))
        pool._checkInvariants()
    }

    @Test("removeAll retires a live slot on its last generation")
    func retirementInRemoveAll() throws {
        let pool = SpritePool<Glyph>(capacity: 2)
        let first = pool.checkout(.numbered(0), role: .entering, order: 0)
        try pool.checkin(first)
        pool._buffers.generations[first.slot] = UInt32.max - 1
        let last = pool.checkout(.numbered(1), role: .entering, order: 0)
        #expect(last.generation == UInt32.max)
        pool.removeAll()
        pool._checkInvariants()
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(last) }
        let next = (0..<2).map { pool.checkout(.numbered(2 + $0), role: .entering, order: $0) }
        #expect(!next.map(\.slot).contains(last.slot))
        #expect(pool.stats.growths == 1)
        pool._checkInvariants()
    }

    @Test("a retired slot at the end of the storage is never released by trim")
    func retiredSlotPinsTrim() throws {
        let pool = SpritePool<Int>(capacity: 1)
        let handles = (0..<8).map { pool.checkout($0, role: .entering, order: $0) }
        #expect(pool.capacity == 8)
        try pool.checkin(handles[6])
        pool._buffers.generations[6] = UInt32.max - 1
        let doomed = pool.checkout(6, role: .entering, order: 6)
        #expect(doomed.slot == 6)
        try pool.checkin(doomed)
        pool.removeAll()
        pool.trim()
        #expect(pool.capacity == 7)
        #expect(!pool.isValid(doomed))
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(doomed) }
        pool._checkInvariants()
    }
}
