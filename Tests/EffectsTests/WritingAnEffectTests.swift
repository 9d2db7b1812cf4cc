import Analyzer
import Animator
import Director
import Effects
import Testing
import TestSupport

/// The worked example of the Effects catalog's article "Writing an effect",
/// as the article gives it: it compiles, starts where it says and stays readable.
struct Drop: EffectBlueprint {
    var name: String { "drop" }
    var summary: String { "Letters drop in from above and bounce to rest; leaving ones fall away." }

    func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()                        // at rest, at the glyph's place
        start.position.y = -0.9 * context.fontSize      // above it: y points down
        start.opacity = 0
        let bounce = (try? Spring(stiffness: 320, damping: 11)) ?? context.style.spring
        return RoleTemplate(from: start, timing: .spring(bounce), opacityTiming: .bezier(.easeOut, duration: 0.12))
    }

    func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.position.y = 0.6 * context.fontSize
        end.rotation = 12 * .pi / 180
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(.easeIn, duration: 0.3), opacityTiming: .bezier(.easeIn, duration: 0.25))
    }
}

@Suite struct WritingAnEffectTests {
    @Test func dropStartsAboveAndStaysReadable() throws {
        let frame = Rect(x: 0, y: 0, width: 12, height: 24)
        let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 0, symbol: "A", priorityWeight: 0)
        let start = Drop().layoutInitial(glyph: glyph, frame: frame, context: EffectContext(index: 0, count: 1, fontSize: 24))
        #expect(start.from.position.y == frame.center.y - 0.9 * 24)
        #expect(start.state(at: start.settleTime) == .resting(at: frame.center))

        let director = TransitionDirector(text: "Send Action", layout: MonospaceLayout(), effect: Drop(), preference: .alwaysAnimate)
        let report = Legibility.measure(director, playing: try Playback(texts: ["Send Action", "Action Sent"], fps: 60))
        #expect(report.garbledShare <= 0.03)
        #expect(report.doubledFrames == 0)
    }

    @Test func theArticlesFileMovesAsItsSwift() throws {
        // The same drop as a file: every glyph's motion matches the Swift effect's.
        let file = try DataEffect(json: """
            {"name": "drop",
             "entering": {"motion": {"spring": {"stiffness": 320, "damping": 11}},
                          "channels": {"y": {"from": -0.9}, "opacity": {"from": 0, "curve": "easeOut", "duration": 0.12}}},
             "exiting": {"motion": {"curve": "easeIn", "duration": 0.3},
                         "channels": {"y": {"to": 0.6}, "rotation": {"to": 12},
                                      "opacity": {"to": 0, "curve": "easeIn", "duration": 0.25}}}}
            """)
        let change = Change(old: "Send Action", new: "Action Sent")
        let swift = plan(Drop(), change), data = plan(file, change)
        #expect(swift.count == data.count)
        for t in stride(from: 0.0, through: max(swift.duration, data.duration), by: 1.0 / 30) {
            for k in 0..<swift.count {
                let a = swift.state(of: k, at: t), b = data.state(of: k, at: t)
                #expect(isClose(a, b, 1e-9), "glyph \(k) at \(t): \(differences(a, b, 1e-9))")
            }
        }
    }
}
