import Analyzer
import Animator
import Effects
import Testing

@Suite struct WaveEffectTests {
    /// The vertical offset the wave adds on top of a descriptor's from → to motion.
    func offset(_ d: AnimationDescriptor, _ t: Double) -> Double {
        d.state(at: t).position.y - base(d).state(at: t).position.y
    }

    @Test func theWaveMovesGlyphsMidFlightAndVanishesAtTheEnd() {
        let wave = WaveEffect()
        let plan = plan(wave, Change(old: "Creative", new: "Create"))
        let amplitude = wave.amplitude * layout.cellHeight
        for (i, d) in plan.descriptors.enumerated() {
            let m = plan.plannedMutation(of: i)
            var largest = 0.0
            for t in stride(from: d.delay, through: d.delay + wave.duration, by: 0.01) {
                largest = max(largest, abs(offset(d, t)))
            }
            // Glyphs that keep their place ripple at half the amplitude.
            #expect(largest > 0.25 * amplitude, "\(m.action) \(m.symbol) barely waves: \(largest)")
            #expect(largest < 1.01 * amplitude)
            #expect(offset(d, d.delay + wave.duration) == 0)
            #expect(offset(d, settled(plan)) == 0)
            #expect(d.state(at: settled(plan)).rotation == 0)
        }
    }

    /// The wave's tracks are made with it and again when its duration or cycles change: a
    /// wave changed after it was made moves as one made so, and other settings leave them be.
    @Test func aWaveChangedAfterItWasMadeMovesAsOneMadeSo() {
        let context = TransitionContext(role: .entering, lineHeight: 20, fontSize: 16)
        var wave = WaveEffect()
        let made = wave.entering(in: context).tracks
        wave.duration = 1.2
        wave.cycles = 2.5
        let changed = wave.entering(in: context).tracks
        #expect(changed == WaveEffect(duration: 1.2, cycles: 2.5).entering(in: context).tracks)
        #expect(changed != made)
        #expect(changed.map { $0.curve.duration } == [1.2, 1.2, 1.2, 1.2])
        wave.amplitude = 0.3
        wave.phaseStep = 1
        #expect(wave.entering(in: context).tracks == changed)
        wave.duration = 0.58
        wave.cycles = 1.5
        #expect(wave.entering(in: context).tracks == made)
    }

    @Test func theWaveTravelsAlongTheLine() {
        let plan = plan(WaveEffect(), Change(old: "", new: "raked gravel"))
        let t = 0.4
        let offsets = plan.descriptors.map { offset($0, t + $0.delay) }
        // Neighbours are out of phase: not every glyph sits at the same height.
        #expect(Set(offsets.map { ($0 * 1000).rounded() }).count > offsets.count / 2)
    }

    @Test func enteringGlyphsRiseInOnTheWave() {
        let plan = plan(WaveEffect(), Change(old: "", new: "rise"))
        for d in plan.descriptors {
            #expect(d.from.position.y > d.to.position.y)
            #expect(d.from.opacity == 0)
        }
    }

    @Test func persistingGlyphsThatMoveRideTheFullWave() {
        let wave = WaveEffect(restingRipple: 0)
        let plan = plan(wave, Change(old: "Creative", new: "Create"))
        for (i, d) in plan.descriptors.enumerated() where plan.plannedMutation(of: i).action == .transform {
            let moves = d.from.position != d.to.position
            #expect(d.tracks.isEmpty != moves)
        }
    }
}
