import Analyzer
import Testing
import Pool

@Suite("SpritePool payload lifetimes")
struct PayloadLifetimeTests {
    @Test("checkin, overwrite, removeAll and deinit each release payloads exactly once")
    func releases() throws {
        let counter = LifeCounter()
        do {
            let pool = SpritePool<Tracked>(capacity: 2)
            var handles = (0..<20).map { pool.checkout(Tracked(counter, id: $0), role: .entering, order: $0) }
            #expect(counter.deinits == 0, "growth must move payloads, not copy or drop them")
            for handle in handles[..<5] { try pool.checkin(handle) }
            #expect(counter.deinits == 5)
            #expect(throws: PoolError.self) { try pool.checkin(handles[0]) }
            #expect(counter.deinits == 5)
            pool[handles[5]] = Tracked(counter, id: 100)
            #expect(counter.deinits == 6)
            pool.removeAll()
            #expect(counter.deinits == 21)
            handles = (0..<7).map { pool.checkout(Tracked(counter, id: $0), role: .entering, order: $0) }
            pool.trim()
            #expect(counter.deinits == 21, "trim must move payloads, not copy or drop them")
            #expect(pool[handles[6]].id == 6)
        }
        #expect(counter.deinits == 28, "the pool's deinit releases the live payloads")
    }

    @Test("payloads checked out and in repeatedly never leak")
    func churn() throws {
        let counter = LifeCounter()
        let pool = SpritePool<Tracked>(capacity: 8)
        for round in 0..<1_000 {
            let handle = pool.checkout(Tracked(counter, id: round), role: .entering, order: round)
            try pool.checkin(handle)
        }
        #expect(counter.deinits == 1_000)
    }
}

/// A payload that runs some code when it is released.
private final class CallsBack {
    let onDeinit: () -> Void

    init(_ onDeinit: @escaping () -> Void = {}) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}

@Suite("SpritePool payloads that call back into the pool")
struct ReentrantPayloadTests {
    @Test("a payload released by checkin finds its sprite already checked in")
    func checkinCallback() throws {
        let pool = SpritePool<CallsBack>(capacity: 2)
        let other = pool.checkout(CallsBack(), role: .persisting, order: 0)
        var own: SpriteHandle?
        var ownCheckin: PoolError?
        var replacement: SpriteHandle?
        let handle = pool.checkout(CallsBack {
            do throws(PoolError) { try pool.checkin(own!) } catch { ownCheckin = error }
            try? pool.checkin(other)
            replacement = pool.checkout(CallsBack(), role: .entering, order: 9)
            pool._checkInvariants()
        }, role: .entering, order: 1)
        own = handle
        try pool.checkin(handle)
        #expect(ownCheckin == .alreadyCheckedIn)
        #expect(!pool.isValid(other))
        let survivor = try #require(replacement)
        #expect(pool.isValid(survivor))
        #expect(pool.count == 1)
        #expect(pool.withZOrder { Array($0) } == [Int32(survivor.slot)])
        #expect(pool.stats == PoolStats(capacity: 2, inUse: 1, highWater: 2, checkouts: 3, checkins: 2, growths: 0))
        pool._checkInvariants()
        pool.removeAll()
    }

    @Test("payloads released by removeAll see a consistent pool")
    func removeAllCallback() throws {
        let pool = SpritePool<CallsBack>(capacity: 4)
        var seen: [Int] = []
        for index in 0..<4 {
            _ = pool.checkout(CallsBack {
                pool._checkInvariants()
                seen.append(pool.count)
                if index == 2 { _ = pool.checkout(CallsBack(), role: .entering, order: 0) }
            }, role: .persisting, order: index)
        }
        pool.removeAll()
        #expect(seen.count == 4)
        #expect(pool.count == 1)
        #expect(pool.withZOrder { $0.count } == 1)
        #expect(Array(pool.handles).count == 1)
        pool._checkInvariants()
        pool.removeAll()
        #expect(pool.isEmpty)
    }
}
