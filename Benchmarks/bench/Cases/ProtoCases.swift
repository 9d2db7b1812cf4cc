import Analyzer
import Animator
import Director
import Effects

/// PROTOTYPE (branch proto/run-plan): the run model's `setText` of the label
/// (`RunStage`), counted as the gate counts the Director's, and its frames
/// compared with the Director's.
enum ProtoCases {
    static let all: [BenchmarkCase] = [setText(interrupting: false), setText(interrupting: true), plan, frame, check]

    /// What `gate: frame 10000` counts, the run model's way: a frame of a 10,000-glyph
    /// text in the middle of a change of 2 % of its words (the frame written as the
    /// prototype's rows, the check's, not as the Director's `SpriteFrame`s).
    static let frame = BenchmarkCase("proto: run frame 10000") { context in
        let old = String(WordText.text(glyphs: 10_000, seed: 11))
        let new = String(WordText.edited(Array(old), rate: 0.02, seed: 12))
        let stage = RunStage(text: old, layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 1200)))
        stage.setText(new, at: 0)
        let times = (0..<256).map { stage.end * 0.9 * Double($0) / 256 }
        var shown: [RunStage.Shown] = []
        shown.reserveCapacity(stage.spriteCount)
        var i = 0
        context.report(
            context.measure { () -> Int in
                i &+= 1
                stage.frame(at: times[i & 255], into: &shown)
                return shown.count
            })
        context.note("\(stage.spriteCount) sprites")
    }

    static func setText(interrupting: Bool) -> BenchmarkCase {
        BenchmarkCase("proto: run setText, \(interrupting ? "interrupting" : "settled")") { context in
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
    static let plan = BenchmarkCase("proto: run plan 40 glyphs") { context in
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        context.report(
            context.measure { () -> Int in
                RunStage(planning: DirectorCases.labelTexts[0], to: DirectorCases.labelTexts[1], layout: layout).spriteCount
            })
    }

    /// Pairs of texts to compare on, each changed both ways, settled between.
    static let pairs: [(String, String)] = [
        (DirectorCases.labelTexts[0], DirectorCases.labelTexts[1]),
        ("Creative", "Create"), ("99", "100"), ("hello world", "world hello"),
        ("The quick brown fox jumps over the lazy dog", "The quick red fox jumped over the lazy cat"),
        ("Add to cart", "Added to cart ✓"), ("Loading…", "Loaded"),
    ]

    /// A frame's sprites as comparable rows, in one order for both.
    typealias Row = (symbol: String, role: SpriteRole, x: Double, y: Double, pose: [Double])

    static func rows(_ sprites: [Row]) -> [Row] {
        sprites.sorted {
            ($0.role.rawValue, $0.symbol, $0.x, $0.y, $0.pose[4]) < ($1.role.rawValue, $1.symbol, $1.x, $1.y, $1.pose[4])
        }
    }

    /// The built-in effects whose templates are plain (no tracks, particles or per-glyph variation).
    static let effects = ["scale", "slide", "mist", "rolling", "minimal"]

    static let check = BenchmarkCase("proto: run frames against the Director's") { context in
        var compared = 0, differing = 0
        var notes: [String] = []
        // Each pair settled between changes, then interrupted every 50 ms (eight changes), then settling.
        for name in effects {
          guard let effect = EffectRegistry.standard[name] else { notes.append("no effect \(name)"); continue }
          for interrupting in [false, true] {
            for (a, b) in pairs {
                let before = differing, comparedBefore = compared
                let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
                let director = TransitionDirector(text: a, layout: layout, effect: effect, preference: .alwaysAnimate)
                let stage = RunStage(text: a, layout: layout, effect: effect)
                var t = 0.0
                var shown: [RunStage.Shown] = []
                let texts = interrupting ? [b, a, b, a, b, a, b, a] : [b, a, b]
                for (k, text) in texts.enumerated() {
                    t += interrupting ? 0.05 : 3
                    let estimate = director.setText(text, at: t)
                    stage.setText(text, at: t)
                    let last = k == texts.count - 1
                    let span = interrupting && !last ? 0.049 : estimate.duration + 0.05
                    let count = interrupting && !last ? 6 : 48
                    for f in 0..<count {
                        let time = t + span * Double(f) / Double(count - 1)
                        let frame = director.frame(at: time)
                        stage.frame(at: time, into: &shown)
                        compared += 1
                        let theirs = rows(
                            frame.sprites.map {
                                let g = $0.state
                                return (
                                    String(frame.symbol(of: $0)), $0.role, g.position.x, g.position.y,
                                    [g.scaleX, g.scaleY, g.rotation, g.skew, g.opacity, g.blur]
                                )
                            })
                        let mine = rows(
                            shown.map {
                                let g = $0.pose
                                return (
                                    String(stage.workspace.symbols[Int($0.glyph)]), $0.role, $0.x, $0.y,
                                    [g.scaleX, g.scaleY, g.rotation, g.skew, g.opacity, g.blur]
                                )
                            })
                        var bad: String?
                        // The prototype models the pose channels; the rare ones must be untouched.
                        for d in frame.sprites where d.state.tint != .none || d.state.strokeEnd != 1 || d.state.fill != 1 {
                            bad = "the Director's '\(frame.symbol(of: d))' has a channel the prototype does not model"
                        }
                        if bad != nil {
                        } else if theirs.count != mine.count {
                            bad = "count \(theirs.count) vs \(mine.count)"
                        } else {
                            for (d, p) in zip(theirs, mine) {
                                var diff = max(abs(d.x - p.x), abs(d.y - p.y))
                                for c in 0..<6 { diff = max(diff, abs(d.pose[c] - p.pose[c])) }
                                if d.symbol != p.symbol || d.role != p.role || !(diff <= 1e-9) {
                                    bad = "'\(d.symbol)' \(d.role) (\(d.x), \(d.y), \(d.pose)) vs '\(p.symbol)' \(p.role) (\(p.x), \(p.y), \(p.pose))"
                                    break
                                }
                            }
                        }
                        if let bad {
                            differing += 1
                            if notes.count < 400 && differing - before < 2 {
                                notes.append("\(name) \(interrupting ? "interrupted " : "")\(a) → \(b) [\(k)] t+\(time - t): \(bad)")
                            }
                        }
                    }
                }
                let verdict = "\(name) \(interrupting ? "interrupted " : "")\(a) → \(b): \(differing - before) of \(compared - comparedBefore) frames differ"
                notes.append(verdict)
                print("proto-check: \(verdict)")
            }
          }
        }
        context.metric("frames differing", Double(differing), .count)
        context.note("\(compared) frames compared")
        for n in notes { context.note(n) }
    }
}


