import Analyzer
import Animator
import Effects
import Testing
import TestSupport

@Suite struct LayeredEffectTests {
    let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 2, symbol: "m", priorityWeight: 0)
    let frame = Rect(x: 24, y: 0, width: 12, height: 24)
    let context = EffectContext(index: 2, count: 5, drift: 8, fontSize: 24, random: SeededRandom(seed: 3))

    @Test func motionComesFromOneAndAppearanceFromTheOther() {
        let layered = LayeredEffect(motion: SlideEffect(), appearance: MistEffect())
        #expect(layered.name == "slide+mist")
        let slide = SlideEffect().layoutInitial(glyph: glyph, frame: frame, context: context)
        let mist = MistEffect().layoutInitial(glyph: glyph, frame: frame, context: context)
        let d = layered.layoutInitial(glyph: glyph, frame: frame, context: context)
        for channel in GlyphChannel.allCases {
            let source = channel.isTransform ? slide : mist
            #expect(d.from[channel] == source.from[channel], "from.\(channel)")
            #expect(d.to[channel] == source.to[channel], "to.\(channel)")
        }
        #expect(d.timing == slide.timing)
        #expect(d.opacityTiming == mist.opacityTiming)
        // Sampled: the glyph moves like slide and looks like mist.
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            let s = d.state(at: t)
            #expect(s.position == slide.state(at: t).position && s.skew == slide.state(at: t).skew)
            #expect(s.opacity == mist.state(at: t).opacity && s.blur == mist.state(at: t).blur)
        }
    }

    @Test func tracksAndParticlesAreSplitByChannel() {
        let d = WaveEffect().layered(with: SparkleEffect()).layoutInitial(glyph: glyph, frame: frame, context: context)
        let channels = Set(d.tracks.map(\.channel))
        #expect(channels.isSuperset(of: [.y, .rotation, .tintAlpha]))
        #expect(!channels.contains(.scaleX) && !channels.contains(.scaleY))  // sparkle's pulse is motion
        #expect(d.emitter != nil)
        // Particles come from the motion when the appearance has none.
        let reversed = SparkleEffect().layered(with: MistEffect()).layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(reversed.emitter == SparkleEffect().layoutInitial(glyph: glyph, frame: frame, context: context).emitter)
        #expect(Set(reversed.tracks.map(\.channel)) == [.scaleX, .scaleY])
    }

    @Test func persistingAndLeavingGlyphsAreLayeredToo() {
        let layered = DanceEffect().layered(with: MistEffect())
        let move = GlyphMutation(action: .transform, indexFrom: 0, indexTo: 2, symbol: "m", priorityWeight: 0)
        let persisting = layered.layoutPersisting(glyph: move, from: .zero, to: frame, context: context)
        #expect(persisting.isLooping)
        let leave = GlyphMutation(action: .remove, indexFrom: 2, indexTo: nil, symbol: "m", priorityWeight: 0)
        let leaving = layered.layoutFinal(glyph: leave, frame: frame, context: context)
        #expect(leaving.to.blur > 0 && leaving.to.opacity == 0)
        #expect(leaving.tracks.contains { $0.channel == .rotation })
    }

    @Test func appearanceTracksKeepTheirTimingWhenTheDelaysDiffer() {
        struct Late: EffectBlueprint {
            var name: String { "late" }
            func entering(in context: TransitionContext) -> RoleTemplate {
                var template = SparkleEffect().entering(in: context)
                template.delay = 0.2
                return template
            }
            func exiting(in context: TransitionContext) -> RoleTemplate {
                SparkleEffect().exiting(in: context)
            }
        }
        let late = Late().layoutInitial(glyph: glyph, frame: frame, context: context)
        let d = SlideEffect().layered(with: Late()).layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(d.delay == 0)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(isClose(d.state(at: t).tint.alpha, late.state(at: t).tint.alpha))
        }
        #expect(d.emitter?.start == late.emitter.map { $0.start + 0.2 })
    }

    @Test func costAddsWhatEachPartAddsAbovePlainMotion() {
        #expect(SlideEffect().layered(with: SparkleEffect()).cost == 2.5)
        #expect(SlideEffect().layered(with: RollingEffect()).cost == 1)
    }
}
