import Animator
import CAllocationCounter
import Director
import Effects
import Typesetter

/// Each built-in's per-frame cost at 10,000 glyphs (sparkle's particles
/// included), and the write effect with a pen.
enum EffectsCases {
    static let all: [BenchmarkCase] =
        EffectRegistry.standard.names.map(frame(effect:)) + [pen] + EffectRegistry.standard.names.map(setText(effect:))

    /// The label's `setText` (`DirectorCases.labelChanges`) interrupting a running transition of
    /// the effect: what a sprite caught in motion costs to take on from what it shows, its
    /// tracks included.
    static func setText(effect name: String) -> BenchmarkCase {
        BenchmarkCase("effects: \(name), setText of a 40-glyph label, interrupting") { context in
            guard let effect = try? EffectRegistry.standard.effect(named: name) else { return }
            context.report(context.measure(DirectorCases.labelChanges(interrupting: true, effect: effect)))
            context.note("\(Array(DirectorCases.labelTexts[0]).count) ↔ \(Array(DirectorCases.labelTexts[1]).count) glyphs, snappy, 50 ms apart")
        }
    }

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

    /// A paragraph of 400 letters written in the cursive pen: `frame(at:)` per
    /// sprite while the pen is on the page, and the heap allocations per frame
    /// (the pen's reveal is a channel track, so none are expected).
    static let pen = BenchmarkCase("effects: write with a pen, frame(at:) and allocations per frame") { context in
        guard let font = try? PenFont("cursive"),
            let layout = try? FontLayout(size: 32, wrapWidth: 900, pen: font)
        else {
            context.note("the cursive pen is not installed (scripts/setup installs hershey-fonts-data)")
            return
        }
        let text = String(WordText.text(glyphs: 400, seed: 21))
        let director = TransitionDirector(text: "", layout: layout, effect: WriteEffect(), preference: .alwaysAnimate)
        let estimate = director.setText(text, at: 0)
        // Every time inside the writing, from the first letter to the last.
        let times = (0..<256).map { estimate.duration * (0.05 + 0.9 * Double($0) / 256) }
        let sprites = director.poolStats.inUse
        var i = 0
        let timing = context.measure { () -> Int in
            i &+= 1
            return director.frame(at: times[i & 255]).sprites.count
        }
        context.report(timing.per(Double(sprites), "sprite"))
        if kinetype_allocation_counting_available() != 0 {
            _ = director.frame(at: times[0])
            let frames = 1_000
            let before = kinetype_allocation_count()
            for k in 0..<frames { blackHole(director.frame(at: times[k & 255]).sprites.count) }
            let count = Double(kinetype_allocation_count() - before) / Double(frames)
            context.metric("allocations per frame while writing", count, .count, target: .atMost(0, .count))
        }
        context.note("\(sprites.formatted) live sprites, written in \(NumberFormat.fixed(estimate.duration, 2)) s")
    }
}
