import Analyzer
import Testing
import Pool

@Suite("PoolError")
struct PoolErrorTests {
    @Test("errors match by kind, whatever handle caused them")
    func matchingByKind() throws {
        let pool = SpritePool<Int>(capacity: 2)
        let handle = pool.checkout(1, role: .entering, order: 0)
        try pool.checkin(handle)
        let error = #expect(throws: PoolError.alreadyCheckedIn) { try pool.checkin(handle) }
        #expect(error?.handle == handle)
        #expect(error != .staleHandle)
        #expect(error != .unknownHandle)
        #expect(Set([PoolError.staleHandle, .alreadyCheckedIn, .unknownHandle, error!]).count == 3)
    }

    @Test("messages name the handle, say what happened and what to do", arguments: [
        (PoolError.staleHandle, "newer sprite"),
        (PoolError.alreadyCheckedIn, "checked in only once"),
        (PoolError.unknownHandle, "does not belong to this pool"),
    ])
    func messages(kind: PoolError, phrase: String) throws {
        #expect(kind.description.contains(phrase))
        #expect(kind.description.contains("changed nothing"))
        #expect(kind.handle == nil)
    }

    @Test("a refused handle's message carries its slot and generation")
    func messageWithHandle() throws {
        let pool = SpritePool<Int>(capacity: 2)
        let first = pool.checkout(1, role: .entering, order: 0)
        try pool.checkin(first)
        _ = pool.checkout(2, role: .entering, order: 0)   // reuses slot 0
        let error = #expect(throws: PoolError.staleHandle) { try pool.checkin(first) }
        #expect(error?.description.hasPrefix("SpriteHandle(slot: 0, generation: 1) is stale") == true)
    }
}
