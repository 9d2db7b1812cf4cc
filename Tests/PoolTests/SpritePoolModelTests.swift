import Analyzer
import Animator
import Testing
@testable import Pool

/// Random sequences of pool operations, checked against `PoolModel` after every step.
@Suite("SpritePool against a model")
struct SpritePoolModelTests {
    @Test("random operations match the model", arguments: [
        (seed: 1, initialCapacity: 1, extremeOrders: true),
        (seed: 2, initialCapacity: 4, extremeOrders: false),
        (seed: 3, initialCapacity: 16, extremeOrders: true),
        (seed: 4, initialCapacity: 5, extremeOrders: false),
        (seed: 5, initialCapacity: 64, extremeOrders: true),
        (seed: 6, initialCapacity: 3, extremeOrders: false),
    ])
    func randomOperations(seed: Int, initialCapacity: Int, extremeOrders: Bool) throws {
        let steps = 2_000
        var random = SeededRandom(seed: UInt64(seed))
        let pool = SpritePool<Glyph>(capacity: initialCapacity)
        var model = PoolModel(capacity: initialCapacity)
        var nextID = 0

        func checkout() {
            let sprite = PoolModel.Sprite(payload: .numbered(nextID), role: random.role(), order: random.order(extremes: extremeOrders))
            nextID += 1
            let handle = pool.checkout(sprite.payload, role: sprite.role, order: sprite.order)
            let fresh = model.checkout(handle, sprite)
            #expect(fresh, "handle \(handle) was issued twice")
        }

        for step in 0..<steps {
            let roll = random.int(in: 0..<1000)
            switch roll {
            case 0..<330:
                checkout()
            case 330..<350:
                // A burst, as when a new text arrives.
                for _ in 0..<random.int(in: 1..<150) { checkout() }
            case 350..<540 where !model.liveHandles.isEmpty:
                let handle = random.element(of: model.liveHandles)
                try pool.checkin(handle)
                model.checkin(handle)
            case 540..<560 where !model.liveHandles.isEmpty:
                // Many sprites finish at once (the exiting glyphs of a transition).
                for _ in 0..<random.int(in: 1..<(model.liveHandles.count / 2 + 2)) where !model.liveHandles.isEmpty {
                    let handle = random.element(of: model.liveHandles)
                    try pool.checkin(handle)
                    model.checkin(handle)
                }
            case 560..<620 where !model.dead.isEmpty:
                // A stale handle or a second checkin: refused, and nothing changes.
                let handle = random.element(of: model.dead)
                let before = pool.stats
                #expect(throws: PoolError.self) { try pool.checkin(handle) }
                #expect(throws: PoolError.self) { try pool.setRole(.entering, order: 0, for: handle) }
                #expect(pool.stats == before)
            case 620..<760 where !model.liveHandles.isEmpty:
                let handle = random.element(of: model.liveHandles)
                let role = random.role()
                let order: Int? = random.chance(0.3) ? nil : random.order(extremes: extremeOrders)
                try pool.setRole(role, order: order, for: handle)
                model.update(handle) { sprite in
                    sprite.role = role
                    if let order { sprite.order = order }
                }
            case 760..<775 where model.liveHandles.count > 1:
                // Many sprites arrive at once (entering → persisting).
                for _ in 0..<random.int(in: 1..<model.liveHandles.count) {
                    let handle = random.element(of: model.liveHandles)
                    try pool.setRole(.persisting, for: handle)
                    model.update(handle) { $0.role = .persisting }
                }
            case 775..<900 where !model.liveHandles.isEmpty:
                let handle = random.element(of: model.liveHandles)
                pool[handle].symbol += "′"
                pool[handle].id += 1_000_000
                model.update(handle) { sprite in
                    sprite.payload.symbol += "′"
                    sprite.payload.id += 1_000_000
                }
            case 900..<920:
                pool.trim()
                model.trim()
            case 920..<924:
                pool.removeAll()
                model.removeAll()
            default:
                break
            }

            try verify(pool, against: model, random: &random, step: step)
        }
    }

    private func verify(
        _ pool: SpritePool<Glyph>, against model: PoolModel, random: inout SeededRandom, step: Int
    ) throws {
        pool._checkInvariants()
        #expect(pool.stats == model.stats, "step \(step)")
        #expect(pool.count == model.live.count)
        let mismatched = model.liveHandles.filter { handle in
            let sprite = model.live[handle]!
            return !pool.isValid(handle) || pool.payload(handle) != sprite.payload
                || pool.role(of: handle) != sprite.role || pool.order(of: handle) != sprite.order
        }
        #expect(mismatched.isEmpty, "step \(step): live sprites differ from the model")
        for _ in 0..<min(model.dead.count, 8) {
            let handle = random.element(of: model.dead)
            #expect(!pool.isValid(handle), "step \(step): stale \(handle) is valid")
            #expect(pool.payload(handle) == nil)
        }
        // Look at the z-order only now and then, so that changes pile up and
        // every rebuild path (dropping entries, merging, full sort) gets exercised.
        if random.chance(0.3) {
            #expect(pool.zOrderCount == model.live.count)
            let zOrder = pool.withZOrder { Array($0) }
            #expect(zOrder == model.zOrder, "step \(step)")
            pool._checkInvariants()
        }
        if random.chance(0.05) {
            #expect(Array(pool.handles) == model.liveHandles.sorted { $0.slot < $1.slot })
        }
    }
}
