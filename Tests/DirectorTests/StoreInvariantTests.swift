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
                d._checkInvariants()
                var stats = d.poolStats
                #expect(stats.checkouts - stats.checkins == stats.inUse && stats.inUse <= stats.highWater)
                // Mostly interrupting, sometimes after the settle.
                t += random.next() % 4 == 0 ? 3 : Double(random.next() % 40) / 100
                let frame = d.frame(at: t)
                d._checkInvariants()
                stats = d.poolStats
                #expect(frame.sprites.count <= stats.inUse && stats.inUse <= stats.capacity)
            }
            // Settled: only the text's sprites are shown (each on its tile, if any).
            let settled = d.frame(at: t + 60)
            d._checkInvariants()
            #expect(effect.movesAtRest || !d.isAnimating)
            #expect(settled.sprites.allSatisfy { $0.role != .exiting })
            #expect(settled.sprites.count == d.stage.textSpriteCount)
            #expect(tiles == nil ? settled.shapes.isEmpty : settled.shapes.count <= settled.sprites.count)
        }
    }

    /// The stage's rows keep naming records it holds while it lets go of unused templates
    /// (every change under a style of its own, effects switching), of boxes (a proportional
    /// layout at a new size each change) and of glyphs, with a control's shapes tapped between.
    @Test func theStagesRecordsStayConsistentAsItLetsGoOfWhatNoSpriteUses() throws {
        var random = SeededRandom(seed: 0x1A_7E)
        let effects = EffectRegistry.standard.names.compactMap { EffectRegistry.standard[$0] }
        #expect(effects.count >= 8)
        var layout = MeasuredLayout(fontSize: 16, wrapWidth: 140)
        let scene = Scene.menu
        let d = TransitionDirector(text: "Start", layout: AnyLayout(layout), preference: .alwaysAnimate)
        d.showScene(scene.states[0])
        d._checkInvariants()
        var t = 0.0, most = 0, released = false
        for k in 0..<160 {
            d.effect = effects[k % effects.count]
            d.style = try MotionStyle(
                name: "style \(k)", spring: Spring(mass: 1, stiffness: 200 + Double(k % 37) * 5, damping: 20),
                stagger: 0.01 + Double(k % 7) * 0.005, fade: 0.15)
            layout.fontSize = 14 + Double(k % 13) * 0.5
            d.layout = AnyLayout(layout)
            // Glyphs new and old (letters past the ASCII ones, so the glyph table grows too).
            let extra = Character(Unicode.Scalar(0x3B1 + UInt32(k % 40))!)
            d.setText(randomText(&random, maxLength: 24) + String(extra), at: t)
            d._checkInvariants()
            let count = d.stage.templateCount
            if count < most { released = true }
            most = max(most, count)
            if k % 3 == 0 {
                d.setScene(scene.state(afterToggles: k / 3 + 1), at: t, timing: scene.timing, delay: scene.delay)
                d._checkInvariants()
            }
            t += random.next() % 5 == 0 ? 3 : Double(random.next() % 30) / 100
            _ = d.frame(at: t)
            d._checkInvariants()
        }
        // Templates were let go along the way (the check ran across their renumbering).
        #expect(released)
        _ = d.frame(at: t + 60)
        d._checkInvariants()
    }
}
