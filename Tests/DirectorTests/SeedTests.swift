import Analyzer
import Animator
import Director
import Effects
import Testing
import TestSupport

/// `--seed N` means one thing: the same random choices wherever a change is
/// planned, and a glyph keeps its random traits while it persists.
@Suite("Seeds and one motion model")
struct SeedTests {
    let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    /// The Director's first transition is the plan `GlyphAnimator` makes for the
    /// same change and seed: every sprite at every sampled time, whatever the
    /// effect (the Director plans from the snapshot of the text at rest). Loop
    /// clocks start on the 1/480 s grid, so a loop continued from rest may differ
    /// from the plain plan by its rate over half a grid step: 1e-3 at most here.
    @Test(arguments: ["dance", "sparkle", "wave", "scale", "slide"])
    func theDirectorPlaysThePlanOfTheSameSeed(effectName: String) throws {
        let effect = try EffectRegistry.standard.effect(named: effectName)
        let (old, new) = ("Send Action", "Action Sent")
        let plan = GlyphAnimator(effect: effect, preference: .alwaysAnimate, seed: 7)
            .plan(from: old, to: new, layout: layout)
        let director = TransitionDirector(text: old, layout: layout, effect: effect, preference: .alwaysAnimate, seed: 7)
        director.setText(new, at: 0)
        for step in 0..<24 {
            let t = Double(step) * 0.04
            let frame = director.frame(at: t)
            var compared = 0
            var particles = 0
            for sprite in frame.sprites {
                // The plan entry of the same glyph that is where the sprite is (after
                // the settle the Director calls arrived glyphs persisting).
                let candidates = (0..<plan.count).filter {
                    plan.glyph(of: $0) == sprite.glyph && isClose(plan.state(of: $0, at: t), sprite.state, 1e-3)
                }
                #expect(!candidates.isEmpty, "\(effectName) t=\(t): sprite \(frame.symbol(of: sprite)) not in the plan")
                compared += candidates.isEmpty ? 0 : 1
            }
            for k in 0..<plan.count {
                var sparks: [Particle] = []
                plan.descriptor(of: k).particles(at: t, center: plan.state(of: k, at: t).position, into: &sparks)
                particles += sparks.count
            }
            #expect(compared == frame.sprites.count)
            #expect(particles == frame.particles.count, "\(effectName) t=\(t)")
        }
    }

    /// A dancing glyph that persists keeps its amplitudes, even when it moves
    /// to another index (its parity, and so its phase, may change).
    @Test func aPersistingDancerKeepsItsAmplitude() {
        let director = TransitionDirector(
            text: "ABC", layout: layout, effect: DanceEffect(), preference: .alwaysAnimate, seed: 3)
        director.setText("ABCD", at: 0)  // the dance starts with a change
        func amplitude(of symbol: Character, from start: Double) -> Double {
            var largest = 0.0
            for step in 0..<200 {
                let frame = director.frame(at: start + Double(step) * 0.01)
                for sprite in frame.sprites where frame.symbol(of: sprite) == symbol && sprite.role != .exiting {
                    largest = max(largest, abs(sprite.state.rotation))
                }
            }
            return largest
        }
        let before = amplitude(of: "B", from: 0)
        director.setText("xyzBCD", at: 2)  // "B" moves from index 1 to 3
        let after = amplitude(of: "B", from: 6)
        #expect(before > 18 * Double.pi / 180 * 0.99 && before < 22 * Double.pi / 180 * 1.01)
        #expect(abs(after - before) < 1e-9, "amplitude \(before) before, \(after) after")
        // A glyph that enters at B's old index draws its own amplitude.
        let newcomer = amplitude(of: "y", from: 6)
        #expect(abs(newcomer - before) > 1e-6)
    }
}
