import Analyzer
import Testing
@testable import Animator

/// Records what the planner told it: each entering glyph starts where it rests,
/// with its context written into channels nothing else uses (skew = rank,
/// rotation = word, blur = line), fading in on a linear curve.
private struct Recorder: EffectBlueprint {
    var order: StaggerOrder
    var name: String { "recorder" }
    var choreography: Choreography { .none }
    var staggerOrder: StaggerOrder { order }

    func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.opacity = 0
        return RoleTemplate(from: start, timing: .linear(duration: 0.1), variesPerGlyph: true)
    }

    func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.opacity = 0
        return RoleTemplate(to: end, timing: .linear(duration: 0.1))
    }

    /// Each entering glyph's own motion, with its context written into its start.
    func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        var start = GlyphState()
        start.opacity = 0
        start.skew = Double(context.rank)
        start.rotation = Double(context.word)
        start.blur = Double(context.line)
        glyph.motion = RoleTemplate(from: start, timing: .linear(duration: 0.1))
    }
}

@Suite struct StaggerOrderTests {
    /// Each entering glyph's (new index, delay, rank, word, line) for a text that appears from nothing.
    func entering(
        _ text: String, order: StaggerOrder, seed: UInt64 = 0, wrap: Double? = nil
    ) -> [(index: Int, delay: Double, rank: Int, word: Int, line: Int)] {
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: wrap)
        let animator = GlyphAnimator(effect: Recorder(order: order), preference: .alwaysAnimate, seed: seed)
        let plan = animator.plan(from: "", to: text, layout: layout)
        return (0..<plan.count).compactMap { k in
            guard plan.role(of: k) == .entering else { return nil }
            let d = plan.descriptor(of: k)
            return (plan.indices(of: k).new!, d.delay, Int(d.from.skew), Int(d.from.rotation), Int(d.from.blur))
        }.sorted { $0.index < $1.index }
    }

    /// The delays in the order of the new text.
    func delays(_ text: String, order: StaggerOrder, seed: UInt64 = 0) -> [Double] {
        entering(text, order: order, seed: seed).map(\.delay)
    }

    @Test func readingOrderStartsGlyphsLeftToRight() {
        let d = delays("abcdef", order: .reading)
        #expect(d[0] == 0)
        for i in 1..<d.count { #expect(d[i] > d[i - 1]) }
    }

    @Test func reversedOrderStartsAtTheEnd() {
        let d = delays("abcdef", order: .reversed)
        #expect(d.last == 0)
        for i in 1..<d.count { #expect(d[i] < d[i - 1]) }
        // The same steps as reading order, mirrored.
        #expect(d == Array(delays("abcdef", order: .reading).reversed()))
    }

    @Test func fromTheCenterStartsInTheMiddle() {
        let odd = delays("abcde", order: .fromCenter)
        #expect(odd[2] == 0)
        #expect(odd[1] < odd[0] && odd[3] < odd[4])
        // Equal distances on either side start together.
        #expect(odd[1] == odd[3] && odd[0] == odd[4])
        let even = entering("abcdef", order: .fromCenter)
        // Both middles of an even count tie; ranks stay dense.
        #expect(even[2].rank == 0 && even[3].rank == 0)
        #expect(Set(even.map(\.rank)) == [0, 1, 2])
    }

    @Test func fromTheEdgesEndsInTheMiddle() {
        let d = delays("abcde", order: .fromEdges)
        #expect(d[0] == 0 && d[4] == 0)
        #expect(d[1] == d[3] && d[1] > 0)
        #expect(d[2] > d[1])
    }

    @Test func byWordsStartsTheGlyphsOfAWordTogether() {
        let glyphs = entering("ab cd efg", order: .byWords)
        #expect(glyphs.map(\.word) == [0, 0, 0, 1, 1, 1, 2, 2, 2])
        #expect(glyphs.map(\.rank) == glyphs.map(\.word))
        #expect(glyphs[0].delay == glyphs[1].delay)
        #expect(glyphs[3].delay > glyphs[0].delay && glyphs[8].delay > glyphs[3].delay)
        #expect(glyphs[6].delay == glyphs[8].delay)
    }

    @Test func byLinesStartsTheGlyphsOfALineTogether() {
        // 10-point cells wrapped at 50 points: "abcd " and "efgh" on two lines.
        let glyphs = entering("abcd efgh", order: .byLines, wrap: 50)
        let lines = glyphs.map(\.line)
        #expect(lines.first == 0 && lines.last == 1)
        for g in glyphs { #expect(g.rank == g.line) }
        let first = glyphs.filter { $0.line == 0 }.map(\.delay), second = glyphs.filter { $0.line == 1 }.map(\.delay)
        #expect(Set(first).count == 1 && Set(second).count == 1)
        #expect(second[0] > first[0])
    }

    @Test func randomOrderIsASeededPermutation() {
        let text = "abcdefghijkl"
        let a = entering(text, order: .random, seed: 7)
        #expect(Set(a.map(\.rank)) == Set(0..<text.count))
        #expect(a.map(\.rank) == entering(text, order: .random, seed: 7).map(\.rank))
        #expect(a.map(\.rank) != entering(text, order: .random, seed: 8).map(\.rank))
        #expect(a.map(\.rank) != Array(0..<text.count))
    }

    @Test func simultaneousAddsNoStaggerButKeepsReadingRanks() {
        let glyphs = entering("abcdef", order: .simultaneous)
        #expect(glyphs.allSatisfy { $0.delay == 0 })
        #expect(glyphs.map(\.rank) == Array(0..<6))
    }

    @Test func contextNumbersWordsAndLines() {
        let glyphs = entering("  hi there\nyou", order: .reading)
        // Leading spaces count with the first word; a space with the word before it.
        #expect(glyphs.map(\.word) == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2])
        #expect(glyphs.map(\.line).last == 1)
    }

    @Test func aTrackOnTheTransitionsClockIgnoresTheGlyphsStagger() throws {
        let bump = try TimingCurve.keyframes([Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)])
        struct Tracked: EffectBlueprint {
            let clock: ChannelTrack.Clock
            let bump: TimingCurve
            var name: String { "tracked" }
            var choreography: Choreography { .none }
            func entering(in context: TransitionContext) -> RoleTemplate {
                RoleTemplate(
                    timing: .linear(duration: 0.5), tracks: [ChannelTrack(channel: .rotation, amplitude: 1, curve: bump, clock: clock)])
            }
            func exiting(in context: TransitionContext) -> RoleTemplate { entering(in: context) }
        }
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        for clock in [ChannelTrack.Clock.glyph, .transition] {
            let plan = GlyphAnimator(effect: Tracked(clock: clock, bump: bump), preference: .alwaysAnimate)
                .plan(from: "", to: "abcd", layout: layout)
            let last = (0..<plan.count).first { plan.indices(of: $0).new == 3 }!
            let delay = plan.descriptor(of: last).delay
            #expect(delay > 0.02)
            // On the transition's clock the bump reads t itself; on the glyph's, t − delay.
            let t = 0.6
            let expected = clock == .transition ? t : t - delay
            #expect(abs(plan.state(of: last, at: t).rotation - expected) < 1e-9)
            #expect(plan.descriptor(of: last).tracks[0].clock == clock)
            #expect(abs(plan.descriptor(of: last).state(at: t).rotation - expected) < 1e-9)
        }
    }
}
