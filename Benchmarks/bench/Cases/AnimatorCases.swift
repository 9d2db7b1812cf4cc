import Analyzer
import Animator

/// The Animator's targets from DESIGN.md section 6.
enum AnimatorCases {
    static let all: [BenchmarkCase] = [planForty, descriptorState]

    /// Diff, lay out both texts and plan every glyph: what a `setText` costs before the Director.
    static let planForty = BenchmarkCase("animator: plan a 40-glyph transition (diff + layout + plan)") { context in
        let old = "Backing up 1,204 photos to the archive…"
        let new = "Backed up 1,204 photos to the archive."
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let animator = GlyphAnimator(effect: ScaleEffect(), style: .snappy, preference: .alwaysAnimate)
        let timing = context.measure { animator.plan(from: old, to: new, layout: layout).descriptors.count }
        context.report(timing, target: .atMost(10, .microseconds))
        context.note("\(Array(old).count) → \(Array(new).count) glyphs, scale effect, snappy")
    }

    /// One glyph's state at a time: the closed-form spring and a Bézier fade.
    static let descriptorState = BenchmarkCase("animator: evaluate one descriptor's state") { context in
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let plan = GlyphAnimator(effect: ScaleEffect(), preference: .alwaysAnimate)
            .plan(from: "Send Action", to: "Action Sent", layout: layout)
        guard let entering = plan.change.mutations.firstIndex(where: { $0.action == .insert }) else { return }
        let descriptor = plan.descriptors[entering]
        let times = (0..<64).map { descriptor.settleTime * Double($0) / 64 }
        var i = 0
        let timing = context.measure { () -> Double in
            i &+= 1
            return descriptor.state(at: times[i & 63]).position.x
        }
        context.report(timing)
        context.note("an entering glyph: spring position and scale, Bézier opacity")
    }
}
