import Animator

/// The run model (`RunStage`, the planner a Director plans and draws on): the cases
/// the gate counts for the Director, counted on a stage alone, for the Director's
/// own share to be read beside them. (`FuzzPlan` checks that both show the same frames.)
enum RunModelCases {
    static let all: [BenchmarkCase] = [
        setText(interrupting: false), setText(interrupting: true), plan, streamedWord, midEdit, frame,
    ]

    /// What `gate: frame 10000` counts, the run model's way: a frame of a 10,000-glyph
    /// text in the middle of a change of 2 % of its words (its rows the `SpriteFrame`s a
    /// Director's frame holds, boxes, baselines and drawings included).
    static let frame = BenchmarkCase("run model: frame 10000") { context in
        let old = String(WordText.text(glyphs: 10_000, seed: 11))
        let new = String(WordText.edited(Array(old), rate: 0.02, seed: 12))
        let stage = RunStage(text: old, layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 1200)))
        stage.setText(new, at: 0)
        let times = (0..<256).map { stage.end * 0.9 * Double($0) / 256 }
        var i = 0
        context.report(
            context.measure { () -> Int in
                i &+= 1
                return stage.frame(at: times[i & 255]).count
            })
        context.note("\(stage.spriteCount) sprites")
    }

    static func setText(interrupting: Bool) -> BenchmarkCase {
        BenchmarkCase("run model: setText, \(interrupting ? "interrupting" : "settled")") { context in
            let stage = RunStage(
                text: DirectorCases.labelTexts[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)))
            let step = interrupting ? 0.05 : 2.0
            var t = 0.0
            var k = 0
            context.report(
                context.measure { () -> Int in
                    k &+= 1
                    t += step
                    return stage.setText(DirectorCases.labelTexts[k & 1], at: t)
                })
        }
    }

    /// What `gate: plan 40 glyphs` counts, the run model's way: a stage made for the old
    /// text (its analysis and layout) and the change planned, afresh every time.
    static let plan = BenchmarkCase("run model: plan 40 glyphs") { context in
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        context.report(
            context.measure { () -> Int in
                RunStage(planning: DirectorCases.labelTexts[0], to: DirectorCases.labelTexts[1], layout: layout).spriteCount
            })
    }

    /// What `gate: streamed word` counts, the run model's way: a word appended to a text
    /// of 4,000 glyphs (growing by a word a call), 0.05 s after the last.
    static let streamedWord = BenchmarkCase("run model: streamed word") { context in
        let base = String(WordText.text(glyphs: 4_000, seed: 21))
        let words = String(WordText.text(glyphs: 20_000, seed: 22)).split(separator: " ").map(String.init)
        let stage = RunStage(text: base, layout: AnyLayout(DirectorCases.longLayout))
        var text = base
        var t = 0.0
        var k = 0
        context.report(
            context.measure { () -> Int in
                text += " "
                text += words[k % words.count]
                k &+= 1
                t += 0.05
                return stage.setText(text, at: t)
            })
    }

    /// What `gate: mid edit` counts, the run model's way: a 4,000-glyph text switched
    /// between two versions a letter apart in its middle, 2 s apart.
    static let midEdit = BenchmarkCase("run model: mid edit") { context in
        let texts = DirectorCases.midEditTexts
        let stage = RunStage(text: texts[0], layout: AnyLayout(DirectorCases.longLayout))
        var t = 0.0
        var k = 0
        context.report(
            context.measure { () -> Int in
                k &+= 1
                t += 2
                return stage.setText(texts[k & 1], at: t)
            })
    }
}
