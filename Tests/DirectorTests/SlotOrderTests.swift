import Testing
@testable import Animator
@testable import Director

@Suite struct SlotOrderTests {
    /// `count` distinct slots below `below`, in a seeded random order.
    private func rows(count: Int, below: Int, seed: UInt64) -> [RowID] {
        var random = SeededRandom(seed: seed)
        var slots = Array(0..<below)
        slots.shuffle(using: &random)
        return slots.prefix(count).map { RowID(slot: $0) }
    }

    /// Dense rows (read back from the bits), sparse ones (sorted), rows in
    /// order already and a single row all come out in slot order, with every
    /// row kept; the same order serves again with other rows.
    @Test(arguments: [(40, 64), (79, 160), (300, 320), (5, 5_000), (1, 10), (0, 10)])
    func rowsComeOutInSlotOrder(count: Int, below: Int) {
        var order = SlotOrder()
        for seed in 1...3 as ClosedRange<UInt64> {
            var listed = rows(count: count, below: below, seed: seed)
            let want = listed.map(\.slot).sorted()
            order.sort(&listed)
            #expect(listed.map(\.slot) == want)
        }
        var inOrder = (0..<count).map { RowID(slot: 2 * $0) }
        order.sort(&inOrder)
        #expect(inOrder.map(\.slot) == (0..<count).map { 2 * $0 })
    }
}
