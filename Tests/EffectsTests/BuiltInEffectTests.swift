import Analyzer
import Animator
import Effects
import Testing
import TestSupport

/// Properties every built-in (and every layered pair of them) keeps, on real
/// transitions planned by `GlyphAnimator` over `MonospaceLayout`.
@Suite struct BuiltInEffectTests {
    @Test(arguments: effectNames, Change.table)
    func settlesExactlyOnTheLayout(name: String, change: Change) throws {
        let plan = plan(try effect(name), change)
        for t in [settled(plan), plan.duration + 0.37, plan.duration + 10] {
            for (i, d) in plan.descriptors.enumerated() {
                let m = plan.plannedMutation(of: i)
                let rest = GlyphState.resting(at: restingCenter(plan, i))
                switch m.action {
                case .insert, .transform:
                    // Looping glyphs keep dancing: their motion without the loop is at rest.
                    let state = d.isLooping ? base(d).state(at: t) : d.state(at: t)
                    #expect(isClose(state, rest), "\(name) \(m.action) \(m.symbol) at \(t): \(differences(state, rest))")
                case .remove:
                    #expect(isClose(d.state(at: t).opacity, 0), "\(name) leaving \(m.symbol) still visible at \(t)")
                }
            }
        }
    }

    @Test(arguments: effectNames, Change.table)
    func neverProducesNonFiniteStatesOrTooManyParticles(name: String, change: Change) throws {
        let plan = plan(try effect(name), change, style: .bouncy, seed: 99)
        var particles: [Particle] = []
        for d in plan.descriptors {
            if let emitter = d.emitter { #expect(emitter.count <= ParticleEmitter.maximumCount) }
            for t in sampleTimes(plan) {
                #expect(d.state(at: t).isFinite, "\(name) \(d.symbol) at \(t)")
                #expect(d.velocity(at: t).isFinite, "\(name) \(d.symbol) velocity at \(t)")
                particles.removeAll(keepingCapacity: true)
                d.particles(at: t, center: d.state(at: t).position, into: &particles)
                #expect(particles.count <= (d.emitter?.count ?? 0))
                #expect(particles.allSatisfy {
                    $0.position.x.isFinite && $0.position.y.isFinite && $0.radius.isFinite && $0.opacity.isFinite
                        && $0.opacity >= 0 && $0.opacity <= 1
                })
            }
        }
    }

    @Test(arguments: effectNames, Change.table)
    func theSameSeedGivesTheSameAnimation(name: String, change: Change) throws {
        let a = plan(try effect(name), change, seed: 42)
        let b = plan(try effect(name), change, seed: 42)
        #expect(a.descriptors == b.descriptors)
        for (da, db) in zip(a.descriptors, b.descriptors) {
            for t in stride(from: 0.0, through: a.duration + 1, by: 0.05) {
                #expect(da.state(at: t) == db.state(at: t))
            }
        }
    }

    @Test(arguments: effectNames, Change.table)
    func enteringGlyphsStartHiddenOrAwayAndLeavingGlyphsStartInPlace(name: String, change: Change) throws {
        let plan = plan(try effect(name), change)
        for (i, d) in plan.descriptors.enumerated() {
            let m = plan.plannedMutation(of: i)
            let center = restingCenter(plan, i)
            switch m.action {
            case .insert:
                for t in [0, d.delay] {
                    let s = d.state(at: t)
                    let away = (s.position - center).length > 0.5 || !isClose(s.scale, 1, 0.01)
                    // A glyph with no stroke drawn and no fill shows nothing (the write effect's start).
                    let unwritten = s.strokeEnd < 0.01 && s.fill < 0.01
                    #expect(s.opacity < 0.01 || away || unwritten, "\(name) \(m.symbol) visible in place at \(t)")
                }
            case .remove:
                // Leaving glyphs start where they were, fully visible (no pop).
                let s = d.state(at: 0)
                #expect(isClose(s.opacity, 1), "\(name) \(m.symbol) starts at opacity \(s.opacity)")
                #expect((s.position - center).length < 1e-9)
            case .transform where name != "minimal":
                // (The reduced-motion cross-fade puts persisting glyphs in place at once, by design.)
                let from = plan.oldLayout.frames[m.indexFrom ?? 0].rect.center
                #expect(isClose(d.state(at: 0), .resting(at: from)), "\(name) \(m.symbol) jumps at the start")
            case .transform:
                break
            }
        }
    }

    @Test(arguments: EffectRegistry.standard.names)
    func everyBuiltInDescribesItself(name: String) throws {
        let effect = try effect(name)
        #expect(effect.name == name)
        #expect(!effect.summary.isEmpty)
        #expect(!effect.summary.contains("\n"))
        #expect(effect.cost >= 0.5 && effect.cost <= 4)
    }

    /// Effects with absurd tuning, sanitised where they are read.
    static let misTuned: [any EffectBlueprint] = [
        RollingEffect(travel: .nan, minimumTravel: .infinity, shrink: -5, motionBlur: .nan),
        SlideEffect(driftMultiplier: .infinity, minimumTravel: .nan, lean: -.infinity),
        WaveEffect(duration: .nan, amplitude: .infinity, cycles: -.infinity, phaseStep: .nan, tilt: 1e300, restingRipple: .nan),
        MistEffect(fadeInDuration: -1, fadeOutDuration: .infinity, blur: .nan, rise: -.infinity, departure: .nan, glideDuration: .nan),
        SparkleEffect(particlesPerGlyph: .max, pulse: .nan, glint: .infinity,
                      light: Tint(red: .nan, green: .infinity, blue: -3, alpha: .nan)),
        DanceEffect(beat: .nan, rock: -1...1e308, shrink: -.infinity...0, grow: 3...(.infinity), entranceScale: .nan,
                    borderPulse: true, borderColor: Tint(red: .nan, green: 2, blue: -1, alpha: 0), borderStrength: .infinity),
        WriteEffect(glyphDuration: .nan, maximumDuration: -1, fills: true, fillDuration: .infinity, exitDuration: .nan),
    ]

    @Test(arguments: misTuned.indices)
    func unusableTuningNeverYieldsNonFiniteFrames(index: Int) {
        let effect = Self.misTuned[index]
        for change in Change.table {
            let plan = plan(effect, change)
            #expect(plan.duration.isFinite)
            var particles: [Particle] = []
            for d in plan.descriptors {
                #expect(d.tracks.allSatisfy { $0.amplitude.isFinite && $0.timeOffset.isFinite })
                for t in sampleTimes(plan, step: 1.0 / 30) {
                    #expect(d.state(at: t).isFinite, "\(effect.name) \(d.symbol) at \(t)")
                    d.particles(at: t, center: .zero, into: &particles)
                }
            }
            #expect(particles.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite && $0.opacity.isFinite })
        }
    }
}
