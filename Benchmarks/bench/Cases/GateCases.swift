import Analyzer
import Animator
import Director
import Effects
import TestSupport

/// The operations `scripts/perf-gate` counts the instructions of (under
/// callgrind, with `--iterations`): each measures exactly one operation, with
/// its set-up outside it, so that the difference between two iteration counts
/// is the operation's cost. Not run unless asked for by name (`--filter gate:`);
/// the timed cases report the same work in wall-clock time.
enum GateCases {
    static let all: [BenchmarkCase] =
        [
            BenchmarkCase("gate: setText, settled") { $0.report($0.measure(DirectorCases.labelChanges(interrupting: false))) },
            BenchmarkCase("gate: setText, interrupting") {
                $0.report($0.measure(DirectorCases.labelChanges(interrupting: true)))
            },
            BenchmarkCase("gate: setText, moving letters") {
                $0.report($0.measure(DirectorCases.labelChanges(interrupting: false, texts: DirectorCases.movingTexts)))
            },
            BenchmarkCase("gate: plan 40 glyphs") { context in
                let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
                let animator = GlyphAnimator(effect: ScaleEffect(), style: .snappy, preference: .alwaysAnimate)
                let (old, new) = (DirectorCases.labelTexts[0], DirectorCases.labelTexts[1])
                context.report(context.measure { animator.plan(from: old, to: new, layout: layout).count })
            },
            BenchmarkCase("gate: streamed word") { $0.report($0.measure(DirectorCases.streamedWords())) },
            BenchmarkCase("gate: mid edit") { $0.report($0.measure(DirectorCases.midEdits())) },
            frame("gate: frame 10000", effect: ScaleEffect()),
            // An effect with tracks (every glyph waves on two curves it shares with the glyphs
            // started with it): the frame's track samples. (Not named "gate: frame 10000 …":
            // the filter is a substring, and would run it with the case above.)
            frame("gate: wave frame 10000", effect: WaveEffect()),
        ]
        + [0.01, 0.30].flatMap { rate in
            TextFamily.allCases.map { family in
                BenchmarkCase("gate: diff \(Int((rate * 100).rounded()))% \(family.rawValue)") {
                    $0.report($0.measure(FamilyCases.diff(family, rate: rate)))
                }
            }
        }

    /// A frame of 10,000 glyphs in transition under `effect`, at one of 256 times in turn.
    static func frame(_ name: String, effect: some EffectBlueprint) -> BenchmarkCase {
        BenchmarkCase(name) { context in
            let (director, times) = DirectorCases.midTransition(glyphs: 10_000, effect: effect)
            var i = 0
            context.report(
                context.measure { () -> Int in
                    i &+= 1
                    return director.frame(at: times[i & 255]).sprites.count
                })
        }
    }

    /// Whether a filter asks for the gate's cases (the only way they run).
    static func isAsked(by filter: String?) -> Bool {
        filter?.contains("gate:") == true
    }
}
