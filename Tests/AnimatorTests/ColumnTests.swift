import Testing
@testable import Animator

@Suite struct ColumnTests {
    @Test func appendsPastItsFirstCapacityAndKeepsEveryValue() {
        var column = Column<Int32>(7)
        defer { column.deallocate() }
        column.append(8)
        for k in 0..<1000 { column.append(Int32(k * 3)) }
        #expect(column.count == 1002)
        #expect(column[0] == 7 && column[1] == 8)
        #expect((0..<1000).allSatisfy { column[$0 + 2] == Int32($0 * 3) })
    }

    @Test func writesPopsTruncatesAndResets() {
        var column = Column<Double>(1)
        defer { column.deallocate() }
        column.append(2)
        column.append(3)
        column[1] = 20
        #expect(column[1] == 20)
        #expect(column.popLast() == 3)
        #expect(column.count == 2)
        column.truncate(to: 1)
        #expect(column.count == 1 && column[0] == 1)
        column.truncate(to: 5)
        #expect(column.count == 1)
        column.reset(repeating: -1, count: 40)
        #expect(column.count == 40)
        #expect(column.indices.allSatisfy { column[$0] == -1 })
        column.truncate(to: 0)
        #expect(column.isEmpty && column.popLast() == nil)
    }

    /// A column made empty has no storage until it holds a value: reading it
    /// empty, resetting it to nothing and letting it go are all safe, and each
    /// way of filling it first gives it room.
    @Test func anEmptyColumnGetsStorageWhenFirstFilled() {
        var empty = Column<Int64>()
        #expect(empty.isEmpty && empty.buffer.isEmpty && empty.popLast() == nil)
        empty.reset(repeating: 5, count: 0)
        empty.truncate(to: 0)
        #expect(empty.isEmpty)
        empty.deallocate()

        var appended = Column<Int64>()
        defer { appended.deallocate() }
        for k in 0..<40 { appended.append(Int64(k) * -7) }
        #expect(appended.count == 40 && appended.indices.allSatisfy { appended[$0] == Int64($0) * -7 })

        var reset = Column<Int64>()
        defer { reset.deallocate() }
        reset.reset(repeating: 3, count: 9)
        #expect(reset.count == 9 && reset.buffer.allSatisfy { $0 == 3 })

        var reserved = Column<Int64>()
        defer { reserved.deallocate() }
        reserved.reserve(100)
        let room = reserved.appendUnwritten(count: 100)
        for k in 0..<100 { (room + k).initialize(to: Int64(k)) }
        reserved.append(repeating: 1, count: 3)
        #expect(reserved.count == 103 && reserved[99] == 99 && reserved[102] == 1)
    }

    /// Many copies at once, past several doublings of the storage, after values already held.
    @Test func appendsManyCopiesAtOnceAfterItsValues() {
        var column = Column<Int32>()
        defer { column.deallocate() }
        for k in 0..<5 { column.append(Int32(k)) }
        column.append(repeating: -2, count: 300)
        column.append(repeating: 9, count: 0)
        column.append(11)
        #expect(column.count == 306)
        #expect((0..<5).allSatisfy { column[$0] == Int32($0) })
        #expect((5..<305).allSatisfy { column[$0] == -2 })
        #expect(column[305] == 11)
    }

    /// Room handed out to be written in place, past a doubling, after values already held.
    @Test func handsOutRoomToWriteInPlace() {
        var column = Column<Int32>(capacity: 4)
        defer { column.deallocate() }
        column.append(1)
        column.append(2)
        let first = column.appendUnwritten(count: 10)
        for k in 0..<10 { (first + k).initialize(to: Int32(100 + k)) }
        #expect(column.count == 12)
        #expect(column[0] == 1 && column[1] == 2)
        #expect((0..<10).allSatisfy { column[$0 + 2] == Int32(100 + $0) })
        _ = column.appendUnwritten(count: 0)
        column.append(7)
        #expect(column.count == 13 && column[12] == 7)
    }
}
