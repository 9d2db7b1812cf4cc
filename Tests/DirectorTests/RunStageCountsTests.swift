import Analyzer
import Animator
import Director
import Effects
import Testing

/// The run model's sprites counted as a pool counts its own (`PoolStats`).
@Suite struct RunStageCountsTests {
    static let texts = ["Checkout complete: 3 items, total $42.50", "Payment failed: card declined, try again"]

    @Test func theCountsBalanceAndStopGrowingInSteadyState() {
        let stage = RunStage(
            text: Self.texts[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)),
            preference: .alwaysAnimate)
        let first = stage.spriteCounts(at: 0)
        #expect(first.inUse == Self.texts[0].count && first.checkouts == first.inUse && first.checkins == 0)
        var growthsAfterWarmUp = 0
        for k in 1...60 {
            // Every other change interrupts the last one mid-way: glyphs leave while others arrive.
            let t = 0.2 * Double(k) + (k.isMultiple(of: 3) ? 0 : 0.9)
            stage.setText(Self.texts[k & 1], at: t)
            let counts = stage.spriteCounts(at: t)
            #expect(counts.inUse <= stage.spriteCount && counts.inUse >= stage.textSpriteCount)
            #expect(counts.checkouts - counts.checkins == counts.inUse)
            #expect(counts.highWater >= counts.inUse && counts.capacity >= counts.highWater)
            if k == 10 { growthsAfterWarmUp = counts.growths }
        }
        let last = stage.spriteCounts(at: 12)
        #expect(last.growths == growthsAfterWarmUp, "no growth once warm")
        #expect(last.checkouts > 60, "each change makes the arrivals' sprites")
        // Once a change is over, its leaving sprites are let go; while it runs they are in use.
        stage.setText(Self.texts[1], at: 100)
        #expect(stage.spriteCounts(at: 100).inUse == Self.texts[1].count + stage.roleCounts.exiting)
        #expect(stage.spriteCounts(at: 200).inUse == Self.texts[1].count)
    }
}

/// The room a change's particles are given before its frames are drawn: enough for every
/// frame, and none while no template emits.
@Suite struct RunStageParticleBoundTests {
    @Test func everyFrameShowsAtMostTheBoundsParticles() {
        let stage = RunStage(
            text: RunStageCountsTests.texts[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)),
            preference: .alwaysAnimate)
        #expect(stage.particleBound == 0, "the scale effect emits nothing")
        stage.effect = AnyEffect(SparkleEffect())
        var most = 0
        for k in 1...6 {
            // Interrupting: the leaving sprites of the change before still emit.
            let t = 0.15 * Double(k)
            stage.setText(RunStageCountsTests.texts[k & 1], at: t)
            var sprites: [SpriteFrame] = [], shapes: [ShapeSprite] = []
            var particles: [Particle] = [], reshapes: [SpriteReshape] = []
            for f in 0..<30 {
                let shown = stage.frame(
                    at: t + 0.01 * Double(f), sprites: &sprites, shapes: &shapes, particles: &particles, reshapes: &reshapes)
                most = max(most, shown.particles.count)
                #expect(shown.particles.count <= stage.particleBound, "change \(k), frame \(f)")
            }
        }
        #expect(most > 0, "sparkle's glyphs emit")
    }
}
