import Testing
@testable import Animator

@Suite struct ShapeColumnTests {
    private func row(_ key: String, width: Double) -> ShapeRow {
        let shape = try! Shape.rect(width: width, height: 10)
        return ShapeRow(key: key, from: shape, to: shape, layer: .belowText)
    }

    @Test func slotsHoldTheirOwnShapesAndGlyphSlotsNone() {
        let column = ShapeColumn()
        column.grow(by: 8)
        #expect(column.count == 8)
        column[2] = row("a", width: 1)
        column[5] = row("b", width: 2)
        #expect(column[2]?.key == "a" && column[5]?.key == "b")
        #expect(column[0] == nil && !column.contains(0) && column.contains(5))
        column[2] = row("c", width: 3)
        #expect(column[2]?.key == "c" && column[5]?.key == "b")
    }

    @Test func aRemovedShapeLeavesTheOthersAndItsPlaceIsReused() {
        let column = ShapeColumn()
        column.grow(by: 4)
        column[0] = row("a", width: 1)
        column[1] = row("b", width: 2)
        column[2] = row("c", width: 3)
        column[0] = nil
        #expect(column[0] == nil && column[1]?.key == "b" && column[2]?.key == "c")
        column[3] = row("d", width: 4)
        column[2] = nil
        #expect(column[3]?.key == "d" && column[1]?.key == "b" && column[2] == nil)
        column[0] = row("e", width: 5)
        #expect(column[0]?.key == "e" && column[3]?.key == "d")
        column.removeAll()
        #expect(column.count == 4)
        #expect((0..<4).allSatisfy { column[$0] == nil })
    }
}
