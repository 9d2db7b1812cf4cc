import Analyzer
import Animator
import Testing
@testable import Pool

@Suite("SpritePool z-order")
struct SpritePoolZOrderTests {
    /// The slots of `pool` in drawing order.
    private func zOrder<P>(_ pool: SpritePool<P>) -> [Int32] {
        pool.withZOrder { Array($0) }
    }

    @Test("exiting under persisting under entering, reading order within each role")
    func layersThenReadingOrder() {
        let pool = SpritePool<String>(capacity: 8)
        let enteringB = pool.checkout("B+", role: .entering, order: 1)
        let exitingA = pool.checkout("a-", role: .exiting, order: 0)
        let persistingC = pool.checkout("c", role: .persisting, order: 2)
        let enteringA = pool.checkout("A+", role: .entering, order: 0)
        let exitingB = pool.checkout("b-", role: .exiting, order: 1)
        let persistingA = pool.checkout("a", role: .persisting, order: 0)
        var drawn: [String] = []
        pool.forEachInZOrder { _, symbol in drawn.append(symbol) }
        #expect(drawn == ["a-", "b-", "a", "c", "A+", "B+"])
        let expected = [exitingA, exitingB, persistingA, persistingC, enteringA, enteringB]
        #expect(zOrder(pool) == expected.map { Int32($0.slot) })
        #expect(pool.zOrderCount == 6)
        pool._checkInvariants()
    }

    @Test("equal role and order are drawn in slot order, every time")
    func deterministicTies() throws {
        let pool = SpritePool<Int>(capacity: 8)
        let handles = (0..<6).map { pool.checkout($0, role: .persisting, order: 7) }
        #expect(zOrder(pool) == [0, 1, 2, 3, 4, 5])
        // Moving a sprite away and back puts it back in slot order.
        try pool.setRole(.entering, for: handles[2])
        #expect(zOrder(pool) == [0, 1, 3, 4, 5, 2])
        try pool.setRole(.persisting, for: handles[2])
        #expect(zOrder(pool) == [0, 1, 2, 3, 4, 5])
        // A reused slot takes its slot's place, not the end.
        try pool.checkin(handles[1])
        _ = pool.checkout(10, role: .persisting, order: 7)
        #expect(zOrder(pool) == [0, 1, 2, 3, 4, 5])
        pool._checkInvariants()
    }

    @Test("setLayer moves a sprite between roles and keeps or changes its order")
    func setRole() throws {
        let pool = SpritePool<Int>(capacity: 4)
        let a = pool.checkout(0, role: .entering, order: 0)
        let b = pool.checkout(1, role: .persisting, order: 5)
        #expect(zOrder(pool) == [Int32(b.slot), Int32(a.slot)])
        try pool.setRole(.persisting, for: a)
        #expect(pool.role(of: a) == .persisting)
        #expect(pool.order(of: a) == 0)
        #expect(zOrder(pool) == [Int32(a.slot), Int32(b.slot)])
        try pool.setRole(.persisting, order: 9, for: a)
        #expect(pool.order(of: a) == 9)
        #expect(zOrder(pool) == [Int32(b.slot), Int32(a.slot)])
        try pool.setRole(.exiting, order: 9, for: a)
        #expect(zOrder(pool) == [Int32(a.slot), Int32(b.slot)])
    }

    @Test("setting the same placement leaves the z-order clean")
    func unchangedPlacement() throws {
        let pool = SpritePool<Int>(capacity: 4)
        let a = pool.checkout(0, role: .entering, order: 3)
        _ = zOrder(pool)
        try pool.setRole(.entering, order: 3, for: a)
        try pool.setRole(.entering, for: a)
        #expect(pool._zPendingCount == 0)
        #expect(!pool._zNeedsSort)
    }

    @Test("extreme and negative orders sort numerically", arguments: [8, 200])
    func extremeOrders(count: Int) {
        let orders = [Int.max, Int.min, 0, -1, 1, Int.max - 1, Int.min + 1, 1 << 40, -(1 << 40), 255, 256, -256]
        let pool = SpritePool<Int>(capacity: 4)
        var expected: [(key: Int, slot: Int32)] = []
        for index in 0..<count {
            let order = orders[index % orders.count]
            let handle = pool.checkout(index, role: .persisting, order: order)
            expected.append((order, Int32(handle.slot)))
        }
        expected.sort { ($0.key, $0.slot) < ($1.key, $1.slot) }
        #expect(zOrder(pool) == expected.map(\.slot))
    }

    @Test("large pools sort right on every rebuild path", arguments: [
        (seed: 1, extremes: false), (seed: 2, extremes: false), (seed: 3, extremes: true), (seed: 4, extremes: true),
    ])
    func largeRebuilds(seed: UInt64, extremes: Bool) throws {
        var random = SeededRandom(seed: seed)
        let pool = SpritePool<Int>(capacity: 256)
        var placements: [SpriteHandle: (role: SpriteRole, order: Int)] = [:]
        var handles: [SpriteHandle] = []
        func expected() -> [Int32] {
            placements.map { (key: ($0.value.role, $0.value.order, $0.key.slot), slot: Int32($0.key.slot)) }
                .sorted { $0.key < $1.key }.map(\.slot)
        }
        // A whole text at once: gathered and radix-sorted.
        for index in 0..<3_000 {
            let placement = (role: random.role(), order: random.order(extremes: extremes))
            let handle = pool.checkout(index, role: placement.role, order: placement.order)
            placements[handle] = placement
            handles.append(handle)
        }
        #expect(zOrder(pool) == expected())
        // Checkins only: old entries dropped, nothing merged.
        for _ in 0..<500 {
            let handle = handles.remove(at: random.int(in: 0..<handles.count))
            try pool.checkin(handle)
            placements[handle] = nil
        }
        #expect(zOrder(pool) == expected())
        // Settling sprites, a few (insertion sort) or many (radix) per frame, merged.
        for moved in [1, 5, 31, 33, 400] {
            for _ in 0..<moved {
                let handle = handles[random.int(in: 0..<handles.count)]
                let placement = (role: random.role(), order: random.order(extremes: extremes))
                try pool.setRole(placement.role, order: placement.order, for: handle)
                placements[handle] = placement
            }
            #expect(zOrder(pool) == expected(), "\(moved) moved")
            pool._checkInvariants()
        }
        // Checkouts, checkins and reuse mixed, merged.
        for _ in 0..<300 {
            if random.chance(0.5) {
                let handle = handles.remove(at: random.int(in: 0..<handles.count))
                try pool.checkin(handle)
                placements[handle] = nil
            } else {
                let placement = (role: random.role(), order: random.order(extremes: extremes))
                let handle = pool.checkout(0, role: placement.role, order: placement.order)
                placements[handle] = placement
                handles.append(handle)
            }
        }
        #expect(zOrder(pool) == expected())
        pool._checkInvariants()
    }

    @Test("more pending changes than slots fall back to a full rebuild")
    func pendingOverflow() throws {
        let pool = SpritePool<Int>(capacity: 4)
        let handles = (0..<4).map { pool.checkout($0, role: .persisting, order: $0) }
        _ = zOrder(pool)
        for round in 0..<10 {
            for (index, handle) in handles.enumerated() {
                try pool.setRole(.persisting, order: (index + round) % 4, for: handle)
            }
        }
        #expect(pool._zNeedsSort)
        // After the last round, order (index + 9) % 4: slots 3, 0, 1, 2.
        #expect(zOrder(pool) == [3, 0, 1, 2])
        pool._checkInvariants()
    }

    @Test("forEachInZOrder updates payloads in place")
    func forEachUpdates() {
        let pool = SpritePool<Glyph>(capacity: 4)
        let handles = (0..<4).map { pool.checkout(.numbered($0), role: .entering, order: -$0) }
        var visited: [Int] = []
        pool.forEachInZOrder { slot, glyph in
            visited.append(slot)
            glyph.id *= 10
        }
        #expect(visited == [3, 2, 1, 0])
        for (id, handle) in handles.enumerated() { #expect(pool[handle].id == id * 10) }
    }

    @Test("errors thrown by a sweep propagate and leave the pool usable")
    func throwingSweep() throws {
        struct Stop: Error {}
        let pool = SpritePool<Int>(capacity: 4)
        _ = (0..<3).map { pool.checkout($0, role: .entering, order: $0) }
        #expect(throws: Stop.self) { try pool.forEachInZOrder { _, _ throws(Stop) in throw Stop() } }
        #expect(throws: Stop.self) { try pool.withZOrder { _ throws(Stop) in throw Stop() } }
        #expect(pool._sweepDepth == 0)
        _ = pool.checkout(3, role: .entering, order: 3)
        pool._checkInvariants()
    }

    @Test("checking out during a sweep is caught in debug builds")
    func mutationDuringSweep() async {
        await #expect(processExitsWith: .failure) {
            let pool = SpritePool<Int>(capacity: 1)
            _ = pool.checkout(1, role: .entering, order: 0)
            pool.forEachInZOrder { _, _ in _ = pool.checkout(2, role: .entering, order: 1) }
        }
    }
}
