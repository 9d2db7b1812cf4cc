import Director
import Effects
import TestSupport

/// Legibility (the README's legibility targets): each non-looping built-in over the
/// label corpus, and what checking a large frame costs.
enum LegibilityCases {
    static let all: [BenchmarkCase] =
        LabelCorpus.effects.map { corpus(effect: $0.name) } + LabelCorpus.effects.map { long(effect: $0.name) }
        + [timeToRead, check]

    /// An effect over the long-text corpus (paragraphs of 1,000 to 3,000 glyphs).
    static func long(effect name: String) -> BenchmarkCase {
        BenchmarkCase("legibility: \(name) over \(LongTextCorpus.all.count) long-text changes") { context in
            guard let effect = try? EffectRegistry.standard.effect(named: name) else { return }
            let result = LabelCorpus.legibility(of: effect, changes: LongTextCorpus.all, fps: 30)
            report(result, into: &context)
            if let worst = result.worst { context.note("worst: \(worst.change.name)") }
            context.note("\(result.total.framesSampled.formatted) frames at 30 fps, monospace layout, snappy")
        }
    }

    /// Time to read per effect: every glyph of a 20-glyph label in place at opacity 0.9.
    static let timeToRead = BenchmarkCase("time to read: 20-glyph labels, per effect") { context in
        let targets: [String: Double] = [
            "scale": 0.6, "slide": 0.6, "rolling": 0.6, "minimal": 0.6, "wave": 0.9, "mist": 0.9, "sparkle": 0.9,
        ]
        for effect in LabelCorpus.effects {
            let time = LabelCorpus.timeToRead(of: effect)
            if let target = targets[effect.name] {
                context.metric(
                    "\(effect.name), longest of \(LabelCorpus.readingLabels.count)", time * 1000, .milliseconds,
                    target: .atMost(target * 1000, .milliseconds))
            } else {
                context.metric("\(effect.name), longest of \(LabelCorpus.readingLabels.count)", time * 1000, .milliseconds)
            }
        }
        context.note("snappy, 120 fps, monospace layout")
    }

    static func corpus(effect name: String) -> BenchmarkCase {
        BenchmarkCase("legibility: \(name) over \(LabelCorpus.all.count) label changes") { context in
            guard let effect = try? EffectRegistry.standard.effect(named: name) else { return }
            let result = LabelCorpus.legibility(of: effect)
            report(result, into: &context)
            if let worst = result.worst { context.note("worst: \(worst.change)") }
            let doubled = result.entries.filter { $0.report.doubledFrames > 0 }.map(\.change.name)
            if !doubled.isEmpty { context.note("doubled in: " + doubled.joined(separator: ", ")) }
            let gapped = result.entries.filter { $0.report.spaceGapFrames > 0 }.map(\.change.name)
            if !gapped.isEmpty { context.note("spaces off in: " + gapped.joined(separator: ", ")) }
            context.note("\(result.total.framesSampled.formatted) frames at 60 fps, monospace layout, snappy")
        }
    }

    /// A corpus's figures against the legibility targets: garbled frames on
    /// average and in the worst change, doubled glyphs and kept spaces off.
    static func report(_ result: CorpusLegibility, into context: inout BenchmarkContext) {
        context.metric("garbled frames, average over changes", result.averageShare, .share, target: .atMost(0.03, .share))
        context.metric(
            "garbled frames, worst change", result.worst?.report.garbledShare ?? 0, .share, target: .atMost(0.10, .share))
        context.metric("frames with a doubled glyph", Double(result.total.doubledFrames), .count, target: .atMost(0, .count))
        context.metric(
            "frames with a kept space collapsed or doubled", Double(result.total.spaceGapFrames), .count,
            target: .atMost(0, .count))
    }

    /// `Legibility.check` on a frame of 10,000 glyphs in transition, per sprite,
    /// and a frame drawn with the Director's own check on (the inspector's cost).
    static let check = BenchmarkCase("legibility: check of a frame with 10,000 glyphs in transition") { context in
        let (director, times) = DirectorCases.midTransition(glyphs: 10_000)
        let frames = times.map { director.frame(at: $0) }
        let sprites = Double(frames[128].sprites.count)
        var i = 0
        let timing = context.measure { () -> Int in
            i &+= 1
            return Legibility.check(frames[i & 255]).garbledPairs.count
        }
        context.report(timing.per(sprites, "sprite"))
        director.enableLegibilityCheck()
        let checked = context.measure { () -> Int in
            i &+= 1
            return director.frame(at: times[i & 255]).sprites.count
        }
        context.metric("frame(at:) with the Director's check on, per sprite", checked.median / sprites, .nanoseconds)
        context.note("\(Int(sprites).formatted) sprites; a fresh check allocates its storage, the Director's reuses it")
    }
}
