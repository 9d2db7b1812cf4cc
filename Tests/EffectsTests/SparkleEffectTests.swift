import Analyzer
import Animator
import Effects
import Testing

@Suite struct SparkleEffectTests {
    @Test func enteringGlyphsPulseAndSettle() {
        let plan = plan(SparkleEffect(), Change(old: "", new: "sun"))
        for d in plan.descriptors {
            var peak = 0.0, glint = 0.0
            for t in stride(from: d.delay, through: plan.duration, by: 0.005) {
                let s = d.state(at: t)
                peak = max(peak, s.scale)
                glint = max(glint, s.tint.alpha)
            }
            #expect(peak > 1.08 && peak <= 1.12 + 1e-9, "peak scale \(peak)")
            #expect(glint > 0.3 && glint <= 0.35 + 1e-9)
            #expect(d.state(at: settled(plan)).tint == .none)
        }
    }

    @Test func particlesAreEmittedAroundEachEnteringGlyphWithinTheirBound() {
        let sparkle = SparkleEffect(particlesPerGlyph: 9)
        let plan = plan(sparkle, Change(old: "leaf", new: "leaves"))
        var particles: [Particle] = []
        for (i, d) in plan.descriptors.enumerated() {
            guard plan.plannedMutation(of: i).action == .insert else {
                #expect(d.emitter == nil)
                continue
            }
            #expect(d.emitter?.count == 9)
            var most = 0
            for t in stride(from: 0, through: plan.duration + 0.5, by: 1.0 / 240) {
                particles.removeAll()
                d.particles(at: t, center: d.to.position, into: &particles)
                most = max(most, particles.count)
                for p in particles {
                    #expect((p.position - d.to.position).length < 3 * layout.cellHeight)
                }
            }
            #expect(most > 0 && most <= 9)
        }
    }

    @Test func theParticleCountIsClampedToTheEmitterMaximum() {
        let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 0, symbol: "*", priorityWeight: 0)
        let frame = Rect(x: 0, y: 0, width: 10, height: 20)
        let context = EffectContext(index: 0, count: 1)
        #expect(SparkleEffect(particlesPerGlyph: 1_000).layoutInitial(glyph: glyph, frame: frame, context: context)
            .emitter?.count == ParticleEmitter.maximumCount)
        #expect(SparkleEffect(particlesPerGlyph: -3).layoutInitial(glyph: glyph, frame: frame, context: context)
            .emitter == nil)
    }

    @Test func particlesFollowTheSeed() {
        let change = Change(old: "", new: "glint")
        let a = plan(SparkleEffect(), change, seed: 1), again = plan(SparkleEffect(), change, seed: 1)
        let b = plan(SparkleEffect(), change, seed: 2)
        let seeds = { (p: TransitionPlan) in p.descriptors.compactMap { $0.emitter?.seed } }
        #expect(seeds(a) == seeds(again))
        #expect(seeds(a) != seeds(b))
        #expect(Set(seeds(a)).count == seeds(a).count)  // every glyph its own motes
        var pa: [Particle] = [], pb: [Particle] = []
        a.descriptors[0].particles(at: 0.3, center: .zero, into: &pa)
        b.descriptors[0].particles(at: 0.3, center: .zero, into: &pb)
        #expect(pa != pb)
    }
}
