import Analyzer
import Testing
@testable import Animator
import TestSupport

/// An effect that shows what the planner handed it: entering glyphs start `drift` points
/// below their frame with a random tilt, exiting glyphs leave `drift` points above it,
/// and both carry a track and particles (which reduced motion must strip).
struct ProbeEffect: EffectBlueprint {
    var name: String { "probe" }
    /// The choreography the probe asks for (the planner's default unless a test says otherwise).
    var rules = Choreography.standard
    var choreography: Choreography { rules }
    static let ownDelay = 0.01

    /// A bump on a track and particles, the same for every glyph but for the
    /// particles' seed (`vary` gives each glyph its stable hash).
    func decorate(_ t: inout RoleTemplate) {
        let bump = try! TimingCurve.keyframes([
            Keyframe(time: 0, value: 0), Keyframe(time: 0.1, value: 1), Keyframe(time: 0.2, value: 0),
        ])
        t.tracks = [ChannelTrack(channel: .scaleY, amplitude: 0.2, curve: bump)]
        t.emitter = ParticleEmitter(count: 8, duration: 0.1, lifetime: 0.1...0.2, speed: 10...20, size: 1...2, seed: 0)
        t.variesPerGlyph = true
    }

    func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.position.y = context.drift
        start.rotation = 1
        start.opacity = 0
        var t = RoleTemplate(
            from: start, timing: .spring(context.style.spring), opacityTiming: .linear(duration: context.style.fade),
            delay: Self.ownDelay, scaledChannels: .rotation)
        decorate(&t)
        return t
    }

    func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.position.y = -context.drift
        end.opacity = 0
        var t = RoleTemplate(to: end, timing: .bezier(.easeIn, duration: 0.2), delay: Self.ownDelay)
        decorate(&t)
        return t
    }

    /// Entering glyphs start with a random tilt in −1…1 rad; particles are seeded with the stable hash.
    func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        if context.role == .entering {
            var random = context.random
            glyph.scale = random.nextDouble(in: -1...1)
        }
        glyph.seed = context.stableHash
    }
}

/// An effect that returns nonsense, to check the planner's sanitising.
struct BrokenEffect: EffectBlueprint {
    var name: String { "broken" }
    func entering(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(from: GlyphState(position: Point(x: .nan, y: 0)), timing: .linear(duration: 0.2), delay: .infinity)
    }
    func exiting(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(to: GlyphState(opacity: .infinity), timing: .linear(duration: 0.2), tracks: [
            ChannelTrack(channel: .x, amplitude: 1, curve: .linear(duration: 0.1)),
        ], variesPerGlyph: true)
    }
    /// Nonsense per glyph too.
    func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        glyph.delay = -.infinity
        glyph.scale = .nan
        glyph.amplitudes[0] = .infinity
        glyph.trackOffsets[0] = .nan
    }
}

@Suite struct GlyphAnimatorTests {
    let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20)
    let animator = GlyphAnimator(effect: ProbeEffect(), style: .snappy, preference: .alwaysAnimate)

    func plan(
        _ change: TextChange, _ a: GlyphAnimator? = nil, layout: MonospaceLayout? = nil, motion: ResolvedMotion? = nil
    ) -> TransitionPlan {
        let l = layout ?? grid
        let a = a ?? animator
        let old = l.layout(change.oldGlyphs), new = l.layout(change.newGlyphs)
        if let motion { return a.plan(change, from: old, to: new, motion: motion) }
        return a.plan(change, from: old, to: new)
    }

    func descriptors(_ p: TransitionPlan, _ action: GlyphMutation.Action) -> [(GlyphMutation, AnimationDescriptor)] {
        p.descriptors.indices.map { (p.plannedMutation(of: $0), p.descriptor(of: $0)) }.filter { $0.0.action == action }
    }

    /// A random change with a consistent pairing: glyphs of the old text are kept,
    /// dropped, or preceded by new ones at random.
    static func randomChange(_ random: inout SeededRandom, mode: DiffMode = .morph) -> TextChange {
        let letters = Array("abcdefgh")
        var old = "", new = ""
        var pairs: [(Int, Int)] = []
        for _ in 0..<random.int(0...14) {
            while random.next() % 3 == 0 { new.append(letters[random.int(0...7)]) }
            let g = letters[random.int(0...7)]
            if random.next() % 3 != 0 {
                pairs.append((old.count, new.count))
                new.append(g)
            }
            old.append(g)
        }
        while random.next() % 3 == 0 { new.append(letters[random.int(0...7)]) }
        return makeChange(old: old, new: new, pairs: pairs, mode: mode)
    }

    // MARK: Stagger

    @Test func staggerFollowsPriorityWeight() {
        // Six entering glyphs whose weights are shuffled against their positions.
        let weights: [Int: Double] = [0: 0.5, 1: 0.1, 2: 0.9, 3: 0.0, 4: 0.7, 5: 0.3]
        let change = makeChange(old: "", new: "abcdef", pairs: [], changeRatio: 1, insertWeights: weights)
        let p = plan(change)
        let entering = descriptors(p, .insert)
        #expect(entering.count == 6)
        let byWeight = entering.sorted { $0.0.priorityWeight < $1.0.priorityWeight }
        // Starts are rounded to the grouping step, so staggered glyphs share curve evaluations.
        for (rank, (m, d)) in byWeight.enumerated() {
            #expect(d.delay == quantized(ProbeEffect.ownDelay + Double(rank) * 0.035), "\(m.symbol)")
        }
        #expect(p.stagger == 0.035)
    }

    @Test func exitingGlyphsAreStaggeredByWeightAndPersistingOnesStartAtOnceWhenTheirWayIsClear() {
        let change = makeChange(
            old: "xaybz", new: "ab", pairs: [(1, 0), (3, 1)], changeRatio: 1, removeWeights: [0: 0.9, 2: 0.2, 4: 0.5])
        for rules in [Choreography.none, .standard] {
            let a = GlyphAnimator(effect: ProbeEffect(rules: rules), style: .snappy, preference: .alwaysAnimate)
            let p = plan(change, a)
            let exiting = descriptors(p, .remove).sorted { $0.0.priorityWeight < $1.0.priorityWeight }
            #expect(exiting.map(\.0.symbol) == ["y", "z", "x"])
            for (rank, (_, d)) in exiting.enumerated() {
                #expect(d.delay == quantized(ProbeEffect.ownDelay + Double(rank) * p.stagger))
            }
            // a and b move left over the cells x and y leave: at once without the
            // choreography; with it, once what they cross has cleared, together
            // (runs shifting the same way along a line wait for each other).
            let moving = descriptors(p, .transform)
            #expect(moving.count == 2)
            let level = Choreography.standard.visibleOpacity
            let crossed = exiting.filter { e in moving.contains { ($0.0.indexTo!..<$0.0.indexFrom!).contains(e.0.indexFrom!) } }
            let cleared = crossed.map { $0.1.clearTime(below: level) }.max()!
            for (m, d) in moving {
                if rules == .none {
                    #expect(d.delay == 0)
                } else {
                    #expect(d.delay > 0 && d.delay <= cleared + 1e-9, "\(m.symbol)")
                    #expect(d.delay == moving[0].1.delay)
                }
            }
        }
    }

    @Test func equalWeightsFallBackToIndexOrder() {
        let change = makeChange(
            old: "", new: "abcd", pairs: [], changeRatio: 1, insertWeights: [0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5])
        let delays = descriptors(plan(change), .insert).map(\.1.delay)
        #expect(delays == delays.sorted() && Set(delays).count == 4)
    }

    @Test(arguments: [0.1, 0.8])
    func morphScalesStaggerAndDriftByTheChangeRatio(_ ratio: Double) {
        let change = makeChange(old: "ab", new: "abcdef", pairs: [(0, 0), (1, 1)], changeRatio: ratio)
        let p = plan(change)
        let stagger = MotionStyle.snappy.stagger * max(ratio, 0.3)
        let drift = MotionStyle.snappy.drift * 20 * ratio
        #expect(isClose(p.stagger, stagger, 1e-15))
        #expect(isClose(p.drift, drift, 1e-12))
        let entering = descriptors(p, .insert).map(\.1)
        for (a, b) in zip(entering, entering.dropFirst()) {
            #expect(abs(b.delay - a.delay - stagger) <= RunStage.quantum + 1e-12)
        }
        // The effect was handed the scaled drift (the anchor does not move here).
        for d in entering { #expect(isClose(d.from.position.y - d.to.position.y, drift, 1e-12)) }
    }

    @Test func replaceModeUsesTheStyleUnscaled() {
        let change = makeChange(old: "12", new: "1234", pairs: [], changeRatio: 0.1, mode: .replace)
        let p = plan(change)
        #expect(p.stagger == MotionStyle.snappy.stagger)
        #expect(isClose(p.drift, MotionStyle.snappy.drift * 20, 1e-12))
        let entering = descriptors(p, .insert).map(\.1)
        for d in entering { #expect(isClose(d.from.position.y - d.to.position.y, p.drift, 1e-12)) }
        let numeric = plan(makeChange(old: "12", new: "13", pairs: [(0, 0)], changeRatio: 0.1, mode: .numeric()))
        #expect(numeric.stagger == MotionStyle.snappy.stagger)
    }

    @Test func aLongTextSharesTheMaximumStaggerSpread() {
        let text = String(repeating: "abcdefghij", count: 10)
        let p = plan(makeChange(old: "", new: text, pairs: [], changeRatio: 1))
        let delays = descriptors(p, .insert).map(\.1.delay)
        let spread = delays.max()! - delays.min()!
        #expect(abs(spread - MotionStyle.snappy.maximumStaggerSpread) <= RunStage.quantum)
        #expect(isClose(p.stagger, 0.6 / 99, 1e-15))
        // A short text is not stretched to the cap.
        let short = plan(makeChange(old: "", new: "abc", pairs: [], changeRatio: 1))
        #expect(short.descriptors.map(\.delay).max()! == quantized(ProbeEffect.ownDelay + 2 * 0.035))
    }

    // MARK: Anchor-following

    /// Sample times across a plan, from before it starts to after it settles.
    func times(_ p: TransitionPlan) -> [Double] {
        stride(from: 0.0, through: p.duration + 0.05, by: 0.005).map { $0 }
    }

    @Test func enteringGlyphsRideInWithTheirAnchor() {
        // "ab" → "xab": a and b move one cell right; x enters next to a.
        let p = plan(makeChange(old: "ab", new: "xab", pairs: [(0, 1), (1, 2)], changeRatio: 1 / 3))
        let (_, x) = descriptors(p, .insert)[0]
        let a = descriptors(p, .transform).first { $0.0.symbol == "a" }!.1
        #expect(x.to.position == Point(x: 5, y: 10))
        // It starts displaced by −(a's displacement) = −10 points, then the effect's own drift...
        #expect(isClose(x.state(at: 0).position, Point(x: 5 - 10, y: 10 + p.drift), 1e-12))
        // ...and keeps its place beside a all the way, its stagger delay notwithstanding.
        #expect(x.delay > 0)
        for t in times(p) {
            #expect(isClose(x.state(at: t).position.x - a.state(at: t).position.x, -10, 1e-9), "at \(t)")
        }
        #expect(x.state(at: p.duration).position == x.to.position)
        for (m, d) in descriptors(p, .transform) {
            #expect(d.to.position.x - d.from.position.x == 10, "\(m.symbol)")
        }
    }

    @Test func withoutChoreographyExitingGlyphsFollowTheirAnchor() {
        // "zab" → "ab": a and b move one cell left; z leaves with them.
        let free = GlyphAnimator(effect: ProbeEffect(rules: .none), style: .snappy, preference: .alwaysAnimate)
        let p = plan(makeChange(old: "zab", new: "ab", pairs: [(1, 0), (2, 1)], changeRatio: 1 / 3), free)
        let (_, z) = descriptors(p, .remove)[0]
        let a = descriptors(p, .transform).first { $0.0.symbol == "a" }!.1
        #expect(z.state(at: 0).position == Point(x: 5, y: 10))
        #expect(isClose(z.state(at: z.settleTime).position, Point(x: 5 - 10, y: 10 - p.drift), 1e-12))
        // It keeps its gap to a while a moves.
        for t in times(p) {
            #expect(isClose(z.state(at: t).position.x - a.state(at: t).position.x, -10, 1e-9), "at \(t)")
        }
        #expect(z.box.rect == Rect(x: 0, y: 0, width: 10, height: 20))
    }

    @Test func underTheChoreographyExitingGlyphsLeaveWhereTheyAre() {
        // The same change: z fades where it is, and a waits for it before sliding onto its cell.
        let p = plan(makeChange(old: "zab", new: "ab", pairs: [(1, 0), (2, 1)], changeRatio: 1 / 3))
        let (_, z) = descriptors(p, .remove)[0]
        let a = descriptors(p, .transform).first { $0.0.symbol == "a" }!.1
        for t in times(p) { #expect(z.state(at: t).position.x == 5, "at \(t)") }
        let level = Choreography.standard.visibleOpacity
        let cleared = z.clearTime(below: level)
        #expect(cleared > 0 && z.state(at: cleared + 1e-6).opacity < level)
        // Before z has cleared, a has not come within reach of it.
        let overlap = Choreography.standard.overlap
        for t in times(p) where t < cleared {
            #expect(a.state(at: t).position.x - 5 >= 10 * (1 - overlap) - 1e-9, "at \(t)")
        }
        #expect(a.delay > 0)
    }

    @Test func anAnchorTieGoesToTheGlyphBefore() {
        func start(_ d: AnimationDescriptor) -> Double { d.state(at: 0).position.x }
        func end(_ d: AnimationDescriptor) -> Double { d.state(at: d.settleTime).position.x }
        // Old "aXb" → new "ab": X is as far from a (which stays) as from b (which moves left).
        let exiting = plan(makeChange(old: "aXb", new: "ab", pairs: [(0, 0), (2, 1)], changeRatio: 1 / 3))
        let (_, x) = descriptors(exiting, .remove)[0]
        #expect(isClose(end(x), start(x), 1e-12))
        // New "aXb" from "ab": X is as far from a (stays) as from b (moves right).
        let entering = plan(makeChange(old: "ab", new: "aXb", pairs: [(0, 0), (1, 2)], changeRatio: 1 / 3))
        let (_, y) = descriptors(entering, .insert)[0]
        #expect(isClose(start(y), end(y), 1e-12))
        // Nearer to b, it follows b instead (without the choreography, under which
        // X and Y, riding apart from one spot, enter in place: see LineAwareTests).
        let free = GlyphAnimator(effect: ProbeEffect(rules: .none), style: .snappy, preference: .alwaysAnimate)
        let nearB = plan(makeChange(old: "abc", new: "aXYbc", pairs: [(0, 0), (1, 3), (2, 4)], changeRatio: 0.4), free)
        let ys = descriptors(nearB, .insert).map(\.1)
        #expect(isClose(start(ys[0]), end(ys[0]), 1e-12))
        #expect(isClose(start(ys[1]), end(ys[1]) - 20, 1e-12))
    }

    @Test func withNothingPersistingNothingIsFollowed() {
        let p = plan(makeChange(old: "ab", new: "cde", pairs: [], changeRatio: 1))
        for (_, d) in descriptors(p, .insert) { #expect(d.from.position.x == d.to.position.x) }
        for (_, d) in descriptors(p, .remove) { #expect(d.from.position.x == d.to.position.x) }
    }

    @Test func centredLayoutsAreAlignedOnTheirAnchors() {
        let centred = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
        // "ab" → "abc" centred: a and b shift left by half a cell.
        let p = plan(makeChange(old: "ab", new: "abc", pairs: [(0, 0), (1, 1)], changeRatio: 1 / 3), layout: centred)
        let moves = descriptors(p, .transform).map(\.1)
        #expect(moves.map(\.from.position.x) == [-5, 5])
        #expect(moves.map(\.to.position.x) == [-10, 0])
        #expect(p.newLayout.lines[0].rect.midX == 0 && p.oldLayout.lines[0].rect.midX == 0)
    }

    // MARK: Reduced and no motion

    @Test func reducedMotionMovesNothing() {
        var random = SeededRandom(seed: 41)
        for _ in 0..<40 {
            let change = Self.randomChange(&random)
            let p = plan(change, motion: .reduced)
            #expect(p.motion == .reduced)
            #expect(p.stagger == 0 && p.drift == 0)
            for d in p.descriptors {
                #expect(d.from.position == d.to.position)
                #expect(d.from.scaleX == d.to.scaleX && d.from.rotation == d.to.rotation)
                #expect(d.settleTime <= 0.1 + 1e-12)
                #expect(d.tracks.isEmpty && d.emitter == nil)
            }
            #expect(p.duration <= 0.1 + 1e-12)
            // It is still a cross-fade: entering glyphs appear, exiting ones vanish.
            for (_, d) in descriptors(p, .insert) { #expect(d.from.opacity == 0 && d.to.opacity == 1) }
            for (_, d) in descriptors(p, .remove) { #expect(d.from.opacity == 1 && d.to.opacity == 0) }
        }
    }

    @Test func neverAnimateSwapsInstantly() {
        let change = makeChange(old: "zab", new: "abx", pairs: [(1, 0), (2, 1)], changeRatio: 2 / 3)
        let a = GlyphAnimator(effect: ProbeEffect(), preference: .neverAnimate)
        let p = plan(change, a)
        #expect(p.motion == .none)
        #expect(p.duration == 0)
        let new = p.newLayout
        for (m, d) in p.descriptors.indices.map({ (p.plannedMutation(of: $0), p.descriptor(of: $0)) }) {
            let s = d.state(at: 0)
            switch m.action {
            case .insert, .transform:
                #expect(s == .resting(at: new.frames[m.indexTo!].rect.center))
            case .remove:
                #expect(s.opacity == 0)
            }
            #expect(d.state(at: 0) == d.state(at: 10))
        }
    }

    @Test func motionPreferencesResolve() {
        #expect(MotionPreference.alwaysAnimate.resolved() == .full)
        #expect(MotionPreference.neverAnimate.resolved() == .none)
        #expect(MotionPreference.systemMotion(reduceMotionSetting: "1") == .reduced)
        #expect(MotionPreference.systemMotion(reduceMotionSetting: nil) == .full)
        #expect(MotionPreference.systemMotion(reduceMotionSetting: "0") == .full)
        // `.system` follows the same rule on this machine, whatever the environment holds.
        let env = environmentValue("KINETYPE_REDUCE_MOTION")
        #expect(MotionPreference.system.resolved() == MotionPreference.systemMotion(reduceMotionSetting: env))
        // The preference is what plan(_:from:to:) goes by.
        let change = makeChange(old: "a", new: "ab", pairs: [(0, 0)], changeRatio: 0.5)
        #expect(plan(change, GlyphAnimator(preference: .alwaysAnimate)).motion == .full)
        #expect(plan(change, GlyphAnimator(preference: .neverAnimate)).motion == .none)
    }

    // MARK: Whole plans

    @Test func plansAreRepeatableAndSeeded() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<20 {
            let change = Self.randomChange(&random)
            let a = plan(change), b = plan(change)
            #expect(a.descriptors == b.descriptors)
            #expect(a.descriptors.map(\.symbol) == (0..<a.count).map { a.plannedMutation(of: $0).symbol })
            let reseeded = plan(change, GlyphAnimator(effect: ProbeEffect(), preference: .alwaysAnimate, seed: 7))
            if change.mutations.contains(where: { $0.action == .insert }) {
                #expect(reseeded.descriptors != a.descriptors)
            }
        }
    }

    @Test(arguments: [MotionStyle.snappy, .smooth, .bouncy])
    func everyGlyphComesToRestWhereTheLayoutSaysAndDurationIsTheLastSettle(_ style: MotionStyle) {
        var random = SeededRandom(seed: 43)
        for effect in [ProbeEffect() as any EffectBlueprint, ScaleEffect(), CrossFadeEffect()] {
            for _ in 0..<15 {
                let change = Self.randomChange(&random)
                let alignment = TextAlignment.allCases[random.int(0...2)]
                let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: alignment)
                let p = plan(change, GlyphAnimator(effect: effect, style: style, preference: .alwaysAnimate), layout: layout)
                let end = p.duration
                #expect(end == (0..<p.count).map(p.settleTime(of:)).max() ?? 0)
                for (k, d) in p.descriptors.enumerated() {
                    let m = p.plannedMutation(of: k)
                    let s = p.state(of: k, at: end)
                    switch m.action {
                    case .insert, .transform:
                        let frame = p.newLayout.frames[m.indexTo!]
                        #expect(s == .resting(at: frame.rect.center), "\(effect.name) \(m)")
                        #expect(d.box == frame)
                    case .remove:
                        #expect(s.opacity == 0, "\(effect.name) \(m)")
                        #expect(d.box == p.oldLayout.frames[m.indexFrom!])
                    }
                    #expect(p.state(of: k, at: end + 5) == s)
                }
                // And the plan is not over before its duration: something still moves or sparkles.
                if end > 0 {
                    let before = end - 0.005
                    let moving = zip(p.descriptors.indices, p.descriptors).contains { k, d in
                        var sparks: [Particle] = []
                        d.particles(at: before, center: d.to.position, into: &sparks)
                        return p.state(of: k, at: before) != p.state(of: k, at: end) || !sparks.isEmpty
                    }
                    #expect(moving, "\(effect.name): nothing moves in the last 5 ms before \(end)")
                }
            }
        }
    }

    @Test func effectsGetTheStableHashOfSymbolAndIndex() {
        let p = plan(makeChange(old: "ab", new: "xaby", pairs: [(0, 1), (1, 2)], changeRatio: 0.5))
        for (m, d) in descriptors(p, .insert) {
            // ProbeEffect seeds its particles with the context's stable hash.
            #expect(d.emitter?.seed == StableHash.of(symbol: m.symbol, index: m.indexTo!))
        }
    }

    @Test func aLoopingEffectMakesALoopingPlanThatStillSettles() {
        struct Pulse: EffectBlueprint {
            var name: String { "pulse" }
            func entering(in context: TransitionContext) -> RoleTemplate {
                var t = ScaleEffect().entering(in: context)
                t.tracks = [ChannelTrack(channel: .scaleX, amplitude: 0.05, curve: TimingCurve.linear(duration: 0.5).repeating(.forever, autoreverse: true))]
                return t
            }
            func exiting(in context: TransitionContext) -> RoleTemplate { ScaleEffect().exiting(in: context) }
        }
        let change = makeChange(old: "a", new: "ab", pairs: [(0, 0)], changeRatio: 0.5)
        let p = plan(change, GlyphAnimator(effect: Pulse(), preference: .alwaysAnimate))
        #expect(p.isLooping)
        #expect(p.duration.isFinite && p.duration > 0)
        #expect(!plan(change).isLooping)
        // Reduced motion strips the loop.
        #expect(!plan(change, GlyphAnimator(effect: Pulse()), motion: .reduced).isLooping)
    }

    @Test func theDefaultEffectIsTheScaleEffect() {
        let a = GlyphAnimator()
        #expect(a.effect.name == "scale" && a.style == .snappy && a.preference == .system && a.seed == 0)
        let p = plan(makeChange(old: "a", new: "ab", pairs: [(0, 0)], changeRatio: 0.5), GlyphAnimator(preference: .alwaysAnimate))
        let (_, b) = descriptors(p, .insert)[0]
        #expect(b.from.scaleX == 0.82 && b.from.opacity == 0)
    }

    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func numbersKeepTheirPlaceValuesInColumns(_ alignment: TextAlignment) {
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: alignment)
        let a = GlyphAnimator(effect: ProbeEffect(), preference: .alwaysAnimate)
        // The ones of "99" and "100" share a column, and so do the separators of "9.5" and "10.25".
        for (old, new, oldPlace, newPlace) in [("99", "100", 1, 2), ("9.5", "10.25", 1, 2), ("1,000", "999", 4, 2)] {
            let p = a.plan(from: old, to: new, layout: layout, mode: .numeric())
            let oldX = p.oldLayout.frames[oldPlace].rect.midX, newX = p.newLayout.frames[newPlace].rect.midX
            #expect(oldX == newX, "\(old) → \(new)")
            // A glyph that keeps its place value does not move.
            for k in 0..<p.count where p.role(of: k) == .persisting {
                let d = p.descriptor(of: k)
                #expect(d.from.position == d.to.position, "\(old) → \(new): \(d.symbol)")
            }
        }
        // Other modes keep the alignment's anchor: "99" → "100" leading-aligned leaves the ones behind.
        let morph = a.plan(from: "99", to: "100", layout: MonospaceLayout(cellWidth: 10, cellHeight: 20))
        #expect(morph.oldLayout.frames[1].rect.midX != morph.newLayout.frames[2].rect.midX)
    }

    @Test func planningFromStringsUsesTheAnalyzer() {
        // No whitespace, so the analysis is a character LCS whatever the analyzer's word rules.
        let p = GlyphAnimator(preference: .alwaysAnimate).plan(from: "Creative", to: "Create", layout: grid)
        #expect(p.descriptors.count >= p.change.mutations.count)
        #expect((0..<p.count).allSatisfy { p.mutation(of: $0) < p.change.mutations.count })
        #expect(p.change.oldGlyphs == Array("Creative") && p.change.newGlyphs == Array("Create"))
        #expect(p.newLayout.frames.count == 6 && p.oldLayout.frames.count == 8)
    }

    // MARK: Robustness

    @Test func aLayoutWithTooFewFramesDoesNotCrash() {
        let change = makeChange(old: "abcde", new: "abxyzde", pairs: [(0, 0), (1, 1), (3, 5), (4, 6)], changeRatio: 0.4)
        var old = grid.layout(change.oldGlyphs), new = grid.layout(change.newGlyphs)
        old.frames.removeLast(3)
        new.frames = []
        let p = animator.plan(change, from: old, to: new)
        #expect(p.descriptors.count >= change.mutations.count)
        for d in p.descriptors {
            #expect(d.from.isFinite && d.to.isFinite && d.settleTime.isFinite)
            #expect(d.state(at: 0.1).isFinite)
        }
        // Missing old frames are empty boxes after the last one that exists.
        // (Moving into empty boxes, e may be played as leaving and entering: its leaving half starts there.)
        let e = p.descriptors.indices.first { p.plannedMutation(of: $0).indexFrom == 4 }.map(p.descriptor(of:))!
        #expect(e.from.position == Point(x: 20, y: 10))
    }

    @Test func aMalformedChangeDoesNotCrash() {
        // Indices beyond the texts, as a buggy analyzer might produce.
        let mutations = [
            GlyphMutation(action: .insert, indexFrom: nil, indexTo: 9, symbol: "q", priorityWeight: 0),
            GlyphMutation(action: .remove, indexFrom: 12, indexTo: nil, symbol: "r", priorityWeight: 0),
            GlyphMutation(action: .transform, indexFrom: 0, indexTo: 0, symbol: "a", priorityWeight: 0),
            GlyphMutation(action: .insert, indexFrom: nil, indexTo: -2, symbol: "s", priorityWeight: .nan),
        ]
        let change = TextChange(
            oldGlyphs: ["a"], newGlyphs: ["a", "b"], mutations: mutations, changeRatio: .nan, trend: 1, mode: .morph)
        let p = animator.plan(change, from: grid.layout(["a"]), to: grid.layout(["a", "b"]))
        // Planned in the analyzer's order: "a" kept, "b" (which no mutation names) inserted.
        #expect(p.change.mutations.map(\.action) == [.transform, .insert])
        #expect(p.descriptors.count == 2)
        for d in p.descriptors {
            #expect(d.from.isFinite && d.to.isFinite && d.delay.isFinite)
            #expect(d.state(at: 0.05).isFinite)
        }
        #expect(p.duration.isFinite && p.stagger.isFinite && p.drift.isFinite)
    }

    @Test func nonFiniteNumbersFromAnEffectAreReplaced() {
        let change = makeChange(old: "ab", new: "bc", pairs: [(1, 0)], changeRatio: 1)
        let p = plan(change, GlyphAnimator(effect: BrokenEffect(), preference: .alwaysAnimate))
        for d in p.descriptors {
            #expect(d.from.isFinite && d.to.isFinite && d.velocity.isFinite)
            for t in [0, 0.05, 0.1, 1] { #expect(d.state(at: t).isFinite) }
        }
    }

    @Test func emptyTextsPlanNothing() {
        let p = plan(makeChange(old: "", new: "", pairs: []))
        #expect(p.descriptors.isEmpty && p.duration == 0 && !p.isLooping)
    }
}
