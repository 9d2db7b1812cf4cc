import Analyzer
import Testing
@testable import Pool

@Suite("SpritePool checkout, checkin and access")
struct SpritePoolTests {
    @Test("a new pool has its capacity and zero counters")
    func newPool() {
        let pool = SpritePool<Glyph>(capacity: 8)
        #expect(pool.stats == PoolStats(capacity: 8, inUse: 0, highWater: 0, checkouts: 0, checkins: 0, growths: 0))
        #expect(pool.isEmpty)
        #expect(pool.count == 0)
        #expect(pool.capacity == 8)
        pool._checkInvariants()
    }

    @Test("a capacity below 1 stops the program with a message")
    func zeroCapacity() async {
        await #expect(processExitsWith: .failure) {
            _ = SpritePool<Int>(capacity: 0)
        }
    }

    @Test("checkout hands out distinct live handles holding their payloads")
    func checkout() {
        let pool = SpritePool<Glyph>(capacity: 4)
        let handles = (0..<4).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        #expect(Set(handles).count == 4)
        #expect(Set(handles.map(\.slot)) == [0, 1, 2, 3])
        for (id, handle) in handles.enumerated() {
            #expect(pool.isValid(handle))
            #expect(handle.generation % 2 == 1)
            #expect(pool[handle] == .numbered(id))
            #expect(pool.payload(handle) == .numbered(id))
            #expect(pool.role(of: handle) == .entering)
            #expect(pool.order(of: handle) == id)
            #expect(pool.handle(atSlot: handle.slot) == handle)
        }
        #expect(pool.stats == PoolStats(capacity: 4, inUse: 4, highWater: 4, checkouts: 4, checkins: 0, growths: 0))
        pool._checkInvariants()
    }

    @Test("payloads are written in place through the subscripts")
    func writes() {
        let pool = SpritePool<Glyph>(capacity: 4)
        let a = pool.checkout(Glyph("a", id: 0), role: .persisting, order: 0)
        let b = pool.checkout(Glyph("b", id: 1), role: .persisting, order: 1)
        pool[a].symbol = "á"
        pool[unchecked: b.slot].id = 42
        pool[unchecked: b.slot].symbol += "!"
        #expect(pool[a] == Glyph("á", id: 0))
        #expect(pool[b] == Glyph("b!", id: 42))
        #expect(pool[unchecked: a.slot] == Glyph("á", id: 0))
        pool[a] = Glyph("z", id: 9)
        #expect(pool.payload(a) == Glyph("z", id: 9))
    }

    @Test("checkin releases the sprite and the handle goes stale")
    func checkin() throws {
        let pool = SpritePool<Glyph>(capacity: 4)
        let a = pool.checkout(.numbered(0), role: .entering, order: 0)
        let b = pool.checkout(.numbered(1), role: .entering, order: 1)
        try pool.checkin(a)
        #expect(!pool.isValid(a))
        #expect(pool.payload(a) == nil)
        #expect(pool.role(of: a) == nil)
        #expect(pool.order(of: a) == nil)
        #expect(pool.handle(atSlot: a.slot) == nil)
        #expect(pool[b] == .numbered(1))
        #expect(pool.stats == PoolStats(capacity: 4, inUse: 1, highWater: 2, checkouts: 2, checkins: 1, growths: 0))
        pool._checkInvariants()
    }

    @Test("a double checkin is refused and changes nothing")
    func doubleCheckin() throws {
        let pool = SpritePool<Glyph>(capacity: 4)
        let a = pool.checkout(.numbered(0), role: .entering, order: 0)
        let b = pool.checkout(.numbered(1), role: .entering, order: 1)
        try pool.checkin(a)
        let before = pool.stats
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(a) }
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.setRole(.exiting, for: a) }
        #expect(pool.stats == before)
        #expect(pool[b] == .numbered(1))
        pool._checkInvariants()
        // The slot is handed out once, not twice.
        let c = pool.checkout(.numbered(2), role: .entering, order: 2)
        let d = pool.checkout(.numbered(3), role: .entering, order: 3)
        #expect(c.slot != d.slot)
        #expect(pool.stats.growths == 0)
    }

    @Test("a stale handle to a reused slot is refused and the new sprite is untouched")
    func staleAfterReuse() throws {
        let pool = SpritePool<Glyph>(capacity: 1)
        let old = pool.checkout(.numbered(0), role: .entering, order: 0)
        try pool.checkin(old)
        let new = pool.checkout(.numbered(1), role: .exiting, order: 5)
        #expect(new.slot == old.slot)
        #expect(new.generation > old.generation)
        #expect(new != old)
        #expect(!pool.isValid(old))
        #expect(pool.payload(old) == nil)
        #expect(pool.role(of: old) == nil)
        #expect(throws: PoolError.staleHandle) { try pool.checkin(old) }
        #expect(throws: PoolError.staleHandle) { try pool.setRole(.persisting, order: 0, for: old) }
        #expect(pool[new] == .numbered(1))
        #expect(pool.role(of: new) == .exiting)
        #expect(pool.order(of: new) == 5)
        #expect(pool.stats == PoolStats(capacity: 1, inUse: 1, highWater: 1, checkouts: 2, checkins: 1, growths: 0))
        // Freed again: still stale, not "already checked in".
        try pool.checkin(new)
        #expect(throws: PoolError.staleHandle) { try pool.checkin(old) }
        #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(new) }
        pool._checkInvariants()
    }

    @Test("a handle from another pool is refused when this pool cannot resolve it")
    func foreignHandle() throws {
        let big = SpritePool<Int>(capacity: 8)
        let handles = (0..<8).map { big.checkout($0, role: .entering, order: $0) }
        let small = SpritePool<Int>(capacity: 2)
        #expect(!small.isValid(handles[7]))
        #expect(small.payload(handles[7]) == nil)
        let error = #expect(throws: PoolError.unknownHandle) { try small.checkin(handles[7]) }
        #expect(error?.handle == handles[7])
        // A slot that exists here with a generation this pool never issued.
        try big.checkin(handles[0])
        let reissued = big.checkout(100, role: .entering, order: 0)
        _ = small.checkout(1, role: .entering, order: 0)
        #expect(throws: PoolError.unknownHandle) { try small.checkin(reissued) }
        #expect(small.count == 1)
    }

    @Test("reading a stale handle through the subscript stops the program with the reason")
    func staleSubscript() async {
        await #expect(processExitsWith: .failure) {
            let pool = SpritePool<Int>(capacity: 1)
            let handle = pool.checkout(1, role: .entering, order: 0)
            try? pool.checkin(handle)
            _ = pool[handle]
        }
    }

    @Test("removeAll checks every sprite in, bumping generations and keeping capacity")
    func removeAll() throws {
        let pool = SpritePool<Glyph>(capacity: 2)
        let handles = (0..<5).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        try pool.checkin(handles[1])
        pool.removeAll()
        #expect(pool.isEmpty)
        #expect(pool.stats == PoolStats(capacity: 8, inUse: 0, highWater: 5, checkouts: 5, checkins: 5, growths: 2))
        #expect(pool.zOrderCount == 0)
        #expect(pool.withZOrder { $0.count } == 0)
        for handle in handles {
            #expect(!pool.isValid(handle))
            #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(handle) }
        }
        pool._checkInvariants()
        let again = (0..<8).map { pool.checkout(.numbered($0), role: .entering, order: $0) }
        #expect(Set(again).isDisjoint(with: handles))
        #expect(pool.stats.growths == 2)
        #expect(pool.withZOrder { Array($0) } == again.map { Int32($0.slot) })
        pool._checkInvariants()
    }

    @Test("handle(atSlot:) is nil for free and out-of-range slots")
    func handleAtSlot() {
        let pool = SpritePool<Int>(capacity: 4)
        let handle = pool.checkout(1, role: .entering, order: 0)
        #expect(pool.handle(atSlot: handle.slot) == handle)
        #expect(pool.handle(atSlot: 1) == nil)
        #expect(pool.handle(atSlot: -1) == nil)
        #expect(pool.handle(atSlot: 4) == nil)
    }

    @Test("handles describe their slot and generation")
    func handleDescription() {
        let pool = SpritePool<Int>(capacity: 4)
        _ = pool.checkout(0, role: .entering, order: 0)
        let handle = pool.checkout(1, role: .entering, order: 0)
        #expect("\(handle)" == "SpriteHandle(slot: 1, generation: 1)")
    }
}
