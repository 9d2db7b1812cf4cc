import Animator
@testable import Director
import Effects
import Testing

/// The motion store's hand-counted references (pose uses, curve uses and free
/// lists, the moving list) agree with its rows after every plan and settle of
/// a long, interrupted, seeded run: `MotionStore.checkInvariants()` stops the
/// program otherwise.
@Suite("Motion store invariants")
struct StoreInvariantTests {
    @Test(arguments: [
        AnyEffect.scale, AnyEffect.wave, AnyEffect.sparkle, AnyEffect.mist, AnyEffect.dance, AnyEffect.rolling,
    ])
    func countsAgreeWithTheRowsThroughInterruptionsAndSettles(effect: AnyEffect) {
        var random = SeededRandom(seed: 0x5_70_4E ^ UInt64(effect.name.utf8.count))
        for tiles in [nil, TileStyle()] as [TileStyle?] {
            let d = TransitionDirector(
                text: "Start", layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 120)),
                effect: effect, preference: .alwaysAnimate, tiles: tiles)
            var t = 0.0
            for _ in 0..<40 {
                d.setText(randomText(&random, maxLength: 30), at: t)
                d.store.checkInvariants()
                // Mostly interrupting, sometimes after the settle.
                t += random.next() % 4 == 0 ? 3 : Double(random.next() % 40) / 100
                _ = d.frame(at: t)
                d.store.checkInvariants()
            }
            // Settled: only the text's rows (and their tiles) are left, and they still add up.
            let settled = d.frame(at: t + 60)
            d.store.checkInvariants()
            #expect(effect.movesAtRest || !d.isAnimating)
            #expect(settled.sprites.allSatisfy { $0.role != .exiting })
            let rows = d.store.textRows.count
            #expect(tiles == nil ? d.store.count == rows : (rows...2 * rows).contains(d.store.count), "\(d.store.count) rows for \(rows) glyphs")
        }
    }
}
