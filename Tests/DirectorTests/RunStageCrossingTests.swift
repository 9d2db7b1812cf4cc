import Analyzer
import Animator
import Effects
import TestSupport
import Testing

/// The holds search when a glyph on its way passes a place (a mover past an arrival's, a run
/// past the exits on its line) only as far as the glyph's start depends on the answer. This
/// test plans the same changes on a stage that searches every crossing to the end and compares
/// their frames, bit for bit: stopping early must decide exactly what the whole search decides.
@Suite struct RunStageCrossingTests {
    /// The label corpus's changes, and word-edited lines that wrap (whose glyphs move past
    /// arrivals and exits), on every built-in effect that moves glyphs, in turn in each style.
    static let cases: [(change: LabelChange, effect: String, style: MotionStyle)] = {
        var random = SeededRandom(seed: 41)
        var edited: [LabelChange] = []
        for n in 0..<24 {
            let text = TextGenerator.words.text(glyphs: 40 + 9 * n, using: &random)
            let once = TextGenerator.words.edited(text, rate: 0.08, using: &random)
            let twice = TextGenerator.words.edited(once, rate: 0.08, using: &random)
            edited.append(
                LabelChange(
                    "edited \(n)", [String(text), String(once), String(twice)], interval: n % 3 == 0 ? 0.09 : nil,
                    wrapWidth: 160 + 40 * Double(n % 4)))
        }
        let effects = ["scale", "slide", "rolling", "mist", "sparkle", "wave", "dance"]
        return (LabelCorpus.all + edited).enumerated().flatMap { n, change in
            effects.enumerated().map { e, effect in
                (change, effect, MotionStyle.presets[(n + e) % MotionStyle.presets.count])
            }
        }
    }()

    /// A stage showing `change`'s first text on the 10 × 20 grid, its crossings searched whole or not.
    static func stage(_ change: LabelChange, effect: AnyEffect, style: MotionStyle, whole: Bool) -> RunStage {
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: change.wrapWidth, alignment: change.alignment)
        let stage = RunStage(
            text: change.texts[0], layout: AnyLayout(layout), effect: effect, style: style, mode: change.mode,
            preference: .alwaysAnimate)
        stage.searchesCrossingsWhole = whole
        return stage
    }

    @Test func holdsDecideAsTheWholeSearchWould() throws {
        var compared = 0, stepsWhole = 0, steps = 0
        for (change, name, style) in Self.cases {
            let effect = try EffectRegistry.standard.effect(named: name)
            let quick = Self.stage(change, effect: effect, style: style, whole: false)
            let whole = Self.stage(change, effect: effect, style: style, whole: true)
            var t = 0.0
            for text in change.texts.dropFirst() {
                quick.setText(text, at: t)
                whole.setText(text, at: t)
                #expect(quick.end == whole.end, "\(change) on \(name): the change's end")
                let next = change.interval.map { t + $0 } ?? quick.end + 0.05
                for k in 0..<7 {
                    let at = t + (next - t) * Double(k) / 6
                    let a = Array(quick.frame(at: at)), b = Array(whole.frame(at: at))
                    #expect(a == b, "\(change) on \(name) at \(at)")
                    compared += a.count
                }
                t = next
            }
            steps += Int(quick.crossingSearchSteps)
            stepsWhole += Int(whole.crossingSearchSteps)
        }
        #expect(compared > 300_000)
        // The corpus's moves search crossings, and stopping once the answer is decided saves
        // most of their steps (about 40,000 against 530,000 when this was written).
        #expect(stepsWhole > 100_000)
        #expect(steps * 5 < stepsWhole, "\(steps) steps against \(stepsWhole) searched whole")
    }
}
