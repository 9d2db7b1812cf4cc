import Testing
import Pool

@Suite("SpritePool payload lifetimes")
struct PayloadLifetimeTests {
    @Test("checkin, overwrite, removeAll and deinit each release payloads exactly once")
    func releases() throws {
        let counter = LifeCounter()
        do {
            let pool = SpritePool<Tracked>(capacity: 2)
            var handles = (0..<20).map { pool.checkout(Tracked(counter, id: $0), layer: .entering, order: $0) }
            #expect(counter.deinits == 0, "growth must move payloads, not copy or drop them")
            for handle in handles[..<5] { try pool.checkin(handle) }
            #expect(counter.deinits == 5)
            #expect(throws: PoolError.self) { try pool.checkin(handles[0]) }
            #expect(counter.deinits == 5)
            pool[handles[5]] = Tracked(counter, id: 100)
            #expect(counter.deinits == 6)
            pool.removeAll()
            #expect(counter.deinits == 21)
            handles = (0..<7).map { pool.checkout(Tracked(counter, id: $0), layer: .entering, order: $0) }
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
            let handle = pool.checkout(Tracked(counter, id: round), layer: .entering, order: round)
            try pool.checkin(handle)
        }
        #expect(counter.deinits == 1_000)
    }
}
