import Analyzer
import Testing
import Pool

@Suite("SpritePool handles in slot order")
struct SpritePoolHandlesTests {
    @Test("live handles come in slot order, skipping free slots")
    func slotOrder() throws {
        let pool = SpritePool<Int>(capacity: 8)
        let handles = (0..<6).map { pool.checkout($0, role: .entering, order: -$0) }
        try pool.checkin(handles[1])
        try pool.checkin(handles[4])
        #expect(Array(pool.handles) == [handles[0], handles[2], handles[3], handles[5]])
        #expect(pool.handles.underestimatedCount == 4)
    }

    @Test("the loop may check in the sprites it visits")
    func checkinWhileIterating() throws {
        let pool = SpritePool<Int>(capacity: 4)
        for value in 0..<10 { _ = pool.checkout(value, role: .entering, order: value) }
        var visited = 0
        for handle in pool.handles {
            visited += 1
            if pool[handle] % 2 == 0 { try pool.checkin(handle) }
        }
        #expect(visited == 10)
        #expect(pool.handles.map { pool[$0] } == [1, 3, 5, 7, 9])
    }

    @Test("an empty pool has no handles")
    func empty() {
        let pool = SpritePool<Int>(capacity: 4)
        #expect(Array(pool.handles).isEmpty)
    }
}
