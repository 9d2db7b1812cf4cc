import Animator
@testable import Director
import Effects
import Testing

/// The Director's sprite counts agree with what its frames show after every
/// plan and settle of a long, interrupted, seeded run.
@Suite("Sprite count invariants")
struct StoreInvariantTests {
    @Test(arguments: [
        AnyEffect.scale, AnyEffect.wave, AnyEffect.sparkle, AnyEffect.mist, AnyEffect.dance, AnyEffect.rolling,
    ])
    func countsAgreeWithTheFramesThroughInterruptionsAndSettles(effect: AnyEffect) {
        var random = SeededRandom(seed: 0x5_70_4E ^ UInt64(effect.name.utf8.count))
        for tiles in [nil, TileStyle()] as [TileStyle?] {
            let d = TransitionDirector(
                text: "Start", layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 120)),
                effect: effect, preference: .alwaysAnimate, tiles: tiles)
            var t = 0.0
            for _ in 0..<40 {
                d.setText(randomText(&random, maxLength: 30), at: t)
                var stats = d.poolStats
                #expect(stats.checkouts - stats.checkins == stats.inUse && stats.inUse <= stats.highWater)
                // Mostly interrupting, sometimes after the settle.
                t += random.next() % 4 == 0 ? 3 : Double(random.next() % 40) / 100
                let frame = d.frame(at: t)
                stats = d.poolStats
                #expect(frame.sprites.count <= stats.inUse && stats.inUse <= stats.capacity)
            }
            // Settled: only the text's sprites are shown (each on its tile, if any).
            let settled = d.frame(at: t + 60)
            #expect(effect.movesAtRest || !d.isAnimating)
            #expect(settled.sprites.allSatisfy { $0.role != .exiting })
            #expect(settled.sprites.count == d.stage.textSpriteCount)
            #expect(tiles == nil ? settled.shapes.isEmpty : settled.shapes.count <= settled.sprites.count)
        }
    }
}
