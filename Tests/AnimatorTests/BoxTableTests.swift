import Testing
@testable import Animator

@Suite struct BoxTableTests {
    typealias Box = RunStage.Box

    @Test func holdsEachBoxOnceByItsBits() {
        var table = RunStage.BoxTable()
        defer { table.release() }
        let a = table.id(of: Box(width: 10, height: 20, baselineOffset: 4))
        let b = table.id(of: Box(width: 7.5, height: 20, baselineOffset: 4))
        #expect(a != b)
        #expect(table.id(of: Box(width: 10, height: 20, baselineOffset: 4)) == a)
        #expect(table.id(of: Box(width: 7.5, height: 20, baselineOffset: 4)) == b)
        // −0 and +0 are two boxes (each drawn as given); a NaN box is found again.
        let zero = table.id(of: Box(width: 0, height: 0, baselineOffset: 0))
        let negativeZero = table.id(of: Box(width: -0.0, height: 0, baselineOffset: 0))
        #expect(zero != negativeZero)
        #expect(table[negativeZero].width.sign == .minus)
        let nan = table.id(of: Box(width: .nan, height: 1, baselineOffset: 0))
        _ = table.id(of: Box(width: 1, height: 1, baselineOffset: 0))
        #expect(table.id(of: Box(width: .nan, height: 1, baselineOffset: 0)) == nan)
        #expect(table.count == 6)
        table.checkInvariants()
    }

    @Test func readsBackEveryBoxPastItsIndexGrowing() {
        var table = RunStage.BoxTable()
        defer { table.release() }
        let widths = (0..<1_000).map { 3 + Double($0) * 0.37 }
        let ids = widths.map { table.id(of: Box(width: $0, height: 18, baselineOffset: -3.5)) }
        #expect(Set(ids.map(\.index)).count == 1_000)
        #expect(table.count == 1_000)
        for (width, id) in zip(widths, ids) {
            #expect(table[id].width == width && table[id].height == 18 && table[id].baselineOffset == -3.5)
        }
        // Asked again, in another order, each is found where it was put.
        for k in stride(from: 999, through: 0, by: -7) {
            #expect(table.id(of: Box(width: widths[k], height: 18, baselineOffset: -3.5)) == ids[k])
        }
        table.checkInvariants()
    }

    @Test func compactsToTheBoxesNamedInTheOrderFirstNamed() {
        var table = RunStage.BoxTable()
        defer { table.release() }
        let ids = (0..<10).map { table.id(of: Box(width: Double($0 + 1), height: 2, baselineOffset: 0)) }
        let renumbered = table.compact { mark in
            for k in [7, 2, 7, 5] { mark(ids[k]) }
        }
        #expect(renumbered.count == 10)
        #expect(renumbered[7] == 0 && renumbered[2] == 1 && renumbered[5] == 2)
        #expect([0, 1, 3, 4, 6, 8, 9].allSatisfy { renumbered[$0] == -1 })
        #expect(table.count == 3)
        #expect(table[RecordID(0)].width == 8 && table[RecordID(1)].width == 3 && table[RecordID(2)].width == 6)
        table.checkInvariants()
        // Found under their new ids; one let go comes back as a new box.
        #expect(table.id(of: Box(width: 3, height: 2, baselineOffset: 0)) == RecordID(1))
        #expect(table.id(of: Box(width: 1, height: 2, baselineOffset: 0)) == RecordID(3))
    }

    /// A text in a proportional font, streamed on for long: each change names the boxes of
    /// its glyphs, and the stage lets go of those no sprite draws in once they far outnumber
    /// the sprites, its frames' boxes staying what the layout gave.
    @Test func aStageKeepsItsBoxesInProportionToItsSprites() {
        var layout = MeasuredLayout(fontSize: 16)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for (k, letter) in letters.enumerated() { layout.setAdvance(5 + Double(k) * 0.25, for: letter) }
        let stage = RunStage(text: "a", layout: AnyLayout(layout))
        var most = 0
        for k in 0..<300 {
            // Each text's glyphs at widths scaled anew, so that its boxes are new ones.
            var scaled = layout
            scaled.fontSize = 16 + Double(k % 97) * 0.125
            for (n, letter) in letters.enumerated() { scaled.setAdvance((5 + Double(n) * 0.25) * (1 + Double(k % 97) / 64), for: letter) }
            stage.layout = AnyLayout(scaled)
            let text = String((0..<12).map { letters[($0 * 7 + k) % letters.count] })
            _ = stage.setText(text, at: Double(k) * 3)
            stage._checkInvariants()
            most = max(most, stage.boxCount)
            let frame = stage.frame(at: Double(k) * 3 + 2.9)
            let expected = scaled.layout(Array(text))
            #expect(frame.count == 12)
            for (row, box) in zip(frame, expected.frames) {
                #expect(row.boxSize.width == box.rect.width && row.boxSize.height == box.rect.height)
                #expect(row.baselineOffset == box.baseline - box.rect.midY)
            }
        }
        // Never more than the compaction bound past the last change's new boxes.
        #expect(most <= 2 * 24 + 64 + 24)
    }
}
