import Effects

/// Each built-in's per-frame cost at 10,000 glyphs (sparkle's particles included).
enum EffectsCases {
    static let all: [BenchmarkCase] = EffectRegistry.standard.names.map(frame(effect:))

    static func frame(effect name: String) -> BenchmarkCase {
        BenchmarkCase("effects: \(name), frame(at:) with 10,000 glyphs") { context in
            guard let effect = try? EffectRegistry.standard.effect(named: name) else { return }
            let (director, times) = DirectorCases.midTransition(glyphs: 10_000, effect: effect)
            let sprites = director.poolStats.inUse
            var i = 0
            var particles = 0
            let timing = context.measure { () -> Int in
                i &+= 1
                let frame = director.frame(at: times[i & 255])
                particles = max(particles, frame.particles.count)
                return frame.sprites.count
            }
            context.report(timing.per(Double(sprites), "sprite"))
            context.note(
                "\(sprites.formatted) live sprites, \(director.inspect().curveGroups) curve groups"
                    + (particles > 0 ? ", up to \(particles.formatted) particles" : ""))
        }
    }
}
