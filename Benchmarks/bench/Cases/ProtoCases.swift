import Analyzer
import Animator
import Director

/// PROTOTYPE (branch proto/run-plan): the run model's `setText` of the label
/// (`RunStage`), counted as the gate counts the Director's, and its frames
/// compared with the Director's.
enum ProtoCases {
    static let all: [BenchmarkCase] = [setText, plan, check]

    /// What `gate: plan 40 glyphs` counts, the run model's way: a stage made for the old
    /// text (its analysis and layout) and the change planned, afresh every time.
    static let plan = BenchmarkCase("proto: run plan 40 glyphs") { context in
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        context.report(
            context.measure { () -> Int in
                RunStage(planning: DirectorCases.labelTexts[0], to: DirectorCases.labelTexts[1], layout: layout).spriteCount
            })
    }

    static let setText = BenchmarkCase("proto: run setText, settled") { context in
        let stage = RunStage(
            text: DirectorCases.labelTexts[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)))
        var t = 0.0
        var k = 0
        context.report(
            context.measure { () -> Int in
                k &+= 1
                t += 2
                return stage.setText(DirectorCases.labelTexts[k & 1], at: t)
            })
    }

    /// Pairs of texts to compare on, each changed both ways, settled between.
    static let pairs: [(String, String)] = [
        (DirectorCases.labelTexts[0], DirectorCases.labelTexts[1]),
        ("Creative", "Create"), ("99", "100"), ("hello world", "world hello"),
        ("The quick brown fox jumps over the lazy dog", "The quick red fox jumped over the lazy cat"),
        ("Add to cart", "Added to cart ✓"), ("Loading…", "Loaded"),
    ]

    static let check = BenchmarkCase("proto: run frames against the Director's") { context in
        var compared = 0, differing = 0, worst = 0.0
        var notes: [String] = []
        for (a, b) in pairs {
            let before = differing
            let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
            let director = TransitionDirector(text: a, layout: layout, preference: .alwaysAnimate)
            let stage = RunStage(text: a, layout: layout)
            var t = 0.0
            var shown: [RunStage.Shown] = []
            for (k, text) in [b, a, b].enumerated() {
                t += 3
                let estimate = director.setText(text, at: t)
                stage.setText(text, at: t)
                for f in 0..<48 {
                    let time = t + (estimate.duration + 0.05) * Double(f) / 47
                    let frame = director.frame(at: time)
                    stage.frame(at: time, into: &shown)
                    compared += 1
                    var bad: String?
                    if frame.sprites.count != shown.count {
                        bad = "count \(frame.sprites.count) vs \(shown.count)"
                    } else {
                        for (d, p) in zip(frame.sprites, shown) {
                            let symbol = String(frame.symbol(of: d))
                            let mine = String(stage.workspace.symbols[Int(p.glyph)])
                            let diff = max(
                                abs(d.state.position.x - p.x), abs(d.state.position.y - p.y),
                                abs(d.state.scaleX - p.scale), abs(d.state.opacity - p.opacity))
                            worst = max(worst, diff)
                            if symbol != mine || d.role != p.role || diff > 1e-9 {
                                bad = "'\(symbol)' \(d.role) (\(d.state.position.x), o \(d.state.opacity), s \(d.state.scaleX)) vs '\(mine)' \(p.role) (\(p.x), o \(p.opacity), s \(p.scale))"
                                break
                            }
                        }
                    }
                    if let bad {
                        differing += 1
                        if notes.count < 40 && differing - before < 4 { notes.append("\(a) → \(b) [\(k)] t+\(time - t): \(bad)") }
                    }
                }
            }
            notes.append("\(a) → \(b): \(differing - before) of 144 frames differ")
        }
        context.metric("frames differing", Double(differing), .count)
        context.note("\(compared) frames compared; largest difference within matching frames \(worst)")
        for n in notes { context.note(n) }
    }
}
