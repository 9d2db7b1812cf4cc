import Analyzer
import Animator
import CAllocationCounter

/// The Animator's targets (the README's performance table).
enum AnimatorCases {
    static let all: [BenchmarkCase] = [planForty, planOnly, layoutForty, descriptorState]

    /// The texts of the 40-glyph cases: a status line that changes a few glyphs.
    static let old = "Backing up 1,204 photos to the archive…"
    static let new = "Backed up 1,204 photos to the archive."

    /// Diff, lay out both texts and plan every glyph: what a `setText` costs before the Director.
    static let planForty = BenchmarkCase("animator: plan a 40-glyph transition (diff + layout + plan)") { context in
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let animator = GlyphAnimator(effect: ScaleEffect(), style: .snappy, preference: .alwaysAnimate)
        let timing = context.measure { animator.plan(from: old, to: new, layout: layout).count }
        context.report(timing, target: .atMost(5, .microseconds))
        if kinetype_allocation_counting_available() != 0 {
            // (The plan's stage, its tables and its working memory: made and freed with each plan.)
            let plans = 100, before = kinetype_allocation_count()
            for _ in 0..<plans { blackHole(animator.plan(from: old, to: new, layout: layout).count) }
            context.metric("heap allocations per plan", Double(kinetype_allocation_count() - before) / Double(plans), .count)
        }
        context.note("\(Array(old).count) → \(Array(new).count) glyphs, scale effect, snappy")
    }

    /// The planner's share of `planForty`: the change analysed and both texts laid out beforehand.
    static let planOnly = BenchmarkCase("animator: plan only, 40 glyphs (analysed and laid out beforehand)") { context in
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let animator = GlyphAnimator(effect: ScaleEffect(), style: .snappy, preference: .alwaysAnimate)
        let change = TextChangeAnalyzer().analyze(from: old, to: new)
        let before = layout.layout(change.oldGlyphs), after = layout.layout(change.newGlyphs)
        let timing = context.measure { animator.plan(change, from: before, to: after).count }
        context.report(timing)
        context.note("\(change.mutations.count) mutations, scale effect, snappy")
    }

    /// One of the two layouts in `planForty`.
    static let layoutForty = BenchmarkCase("animator: monospace layout of 40 glyphs") { context in
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let glyphs = Array(old)
        let timing = context.measure { layout.layout(glyphs).frames.count }
        context.report(timing)
        context.note("one line, leading alignment")
    }

    /// One planned glyph's state at a time: the closed-form spring and a Bézier fade.
    static let descriptorState = BenchmarkCase("animator: evaluate one planned glyph's state") { context in
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        let plan = GlyphAnimator(effect: ScaleEffect(), preference: .alwaysAnimate)
            .plan(from: "Send Action", to: "Action Sent", layout: layout)
        guard let entering = plan.change.mutations.firstIndex(where: { $0.action == .insert }) else { return }
        let times = (0..<64).map { plan.settleTime(of: entering) * Double($0) / 64 }
        var i = 0
        let timing = context.measure { () -> Double in
            i &+= 1
            return plan.state(of: entering, at: times[i & 63]).position.x
        }
        context.report(timing)
        context.note("an entering glyph: spring position and scale, Bézier opacity")
    }
}
