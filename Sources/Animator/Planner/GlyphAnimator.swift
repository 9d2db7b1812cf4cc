import Analyzer

/// Plans transitions: turns a `TextChange` and the old and new layouts into one
/// `AnimationDescriptor` per glyph, using an effect and a motion style.
///
/// - Stagger: in morph mode `style.stagger × max(changeRatio, 0.3)` between
///   successive glyphs, unscaled in replace and numeric modes; entering glyphs in
///   the order of their priority weight, exiting glyphs likewise, persisting glyphs
///   at once. The whole spread is capped by `style.maximumStaggerSpread`.
/// - Drift: `style.drift × fontSize`, scaled by the change ratio in morph mode.
/// - Anchor-following: an exiting glyph follows the nearest persisting glyph of
///   the old text; an entering glyph starts offset by the displacement of the
///   nearest persisting glyph of the new text and rides in with it. Distances
///   are counted in glyph indices; a tie goes to the glyph before.
/// - Reduced motion: the `CrossFadeEffect` (0.1 s, nothing moves, no stagger);
///   `.neverAnimate`: an instant swap.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "Creative", to: "Create")
/// let layout = MonospaceLayout()
/// let plan = GlyphAnimator(style: .bouncy).plan(
///     change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
/// plan.duration
/// ```
public struct GlyphAnimator: Sendable {
    /// The effect that decides how glyphs enter and exit.
    public var effect: any EffectBlueprint
    /// The spring, stagger, fade and drift.
    public var style: MotionStyle
    /// Whether to animate fully, reduce motion or swap instantly.
    public var preference: MotionPreference
    /// The seed of every random choice effects make.
    public var seed: UInt64

    public init(
        effect: any EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        preference: MotionPreference = .system, seed: UInt64 = 0
    ) {
        self.effect = effect
        self.style = style
        self.preference = preference
        self.seed = seed
    }

    /// Analyses and lays out two texts and plans the transition between them.
    ///
    /// - Complexity: the analyzer's cost plus O(n log n) in glyphs.
    public func plan(from old: String, to new: String, layout: some GlyphLayout, mode: DiffMode = .morph) -> TransitionPlan {
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new)
        return plan(change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
    }

    /// Plans the transition of an analysed change between two layouts.
    ///
    /// Layouts are moved so their alignment anchors coincide (see
    /// `TextLayoutResult.anchored()`); the plan's coordinates are those.
    /// A layout with fewer frames than glyphs is tolerated: missing frames are empty
    /// boxes at the end of the text.
    ///
    /// - Parameter startTime: when the transition starts on the caller's clock, passed to
    ///   effects (`EffectContext.startTime`) so loops can keep step; descriptors' times
    ///   stay relative to the start.
    /// - Complexity: O(n log n) in the number of glyphs.
    public func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult, startTime: Double = 0
    ) -> TransitionPlan {
        plan(change, from: oldLayout, to: newLayout, motion: preference.resolved(), startTime: startTime)
    }

    /// Plans the transition with a motion decided by the caller, whatever `preference`
    /// says: for a `--reduce-motion` flag or a per-view setting, and for tests.
    ///
    /// - Complexity: O(n log n) in the number of glyphs.
    public func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult, motion: ResolvedMotion,
        startTime: Double = 0
    ) -> TransitionPlan {
        let old = oldLayout.anchored()
        let new = newLayout.anchored()
        let mutations = change.mutations
        var descriptors: [AnimationDescriptor] = []
        descriptors.reserveCapacity(mutations.count)

        if motion == .none {
            for m in mutations {
                descriptors.append(Self.instant(m, old: old, new: new))
            }
            return TransitionPlan(
                change: change, descriptors: descriptors, oldLayout: old, newLayout: new, motion: motion, stagger: 0,
                drift: 0)
        }

        let reduced = motion == .reduced
        let blueprint: any EffectBlueprint = reduced ? CrossFadeEffect() : effect
        let isMorph = change.mode == .morph
        let ranks = Self.ranks(mutations)
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        var step = reduced ? 0 : style.stagger * (isMorph ? max(ratio, 0.3) : 1)
        let widest = max(ranks.entering, ranks.exiting)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        let drift = reduced ? 0 : style.drift * new.fontSize * (isMorph ? ratio : 1)

        // Anchor displacements, each in its own index space.
        var persisting: [(from: Int, to: Int)] = []
        for m in mutations where m.action == .transform {
            if let f = m.indexFrom, let t = m.indexTo { persisting.append((f, t)) }
        }
        let oldAnchors = reduced ? [] : Self.nearestAnchors(count: change.oldGlyphs.count, persisting.map { ($0.from, $0) })
        let newAnchors = reduced ? [] : Self.nearestAnchors(count: change.newGlyphs.count, persisting.map { ($0.to, $0) })
        func displacement(_ anchor: (from: Int, to: Int)?) -> Vector {
            guard let anchor else { return .zero }
            return Self.frame(new, anchor.to).rect.center - Self.frame(old, anchor.from).rect.center
        }

        let root = SeededRandom(seed: seed)
        let oldBounds = Rect(origin: Point(x: -oldLayout.alignmentAnchor, y: 0), size: old.size)
        let newBounds = Rect(origin: Point(x: -newLayout.alignmentAnchor, y: 0), size: new.size)
        for (i, m) in mutations.enumerated() {
            let index = m.indexTo ?? m.indexFrom ?? 0
            let hash = StableHash.of(symbol: m.symbol, index: index)
            var context = EffectContext(
                index: index, count: m.indexTo != nil ? change.newGlyphs.count : change.oldGlyphs.count,
                rank: ranks.rank[i], peers: 1, changeRatio: ratio, trend: change.trend, mode: change.mode,
                style: style, drift: drift, anchorDisplacement: .zero, fontSize: new.fontSize,
                textBounds: m.action == .remove ? oldBounds : newBounds,
                random: root.derived(hash ^ UInt64(m.action == .remove ? 0x5EED : 0)), stableHash: hash,
                delay: m.action == .transform ? 0 : step * Double(ranks.rank[i]),
                startTime: startTime.isFinite ? startTime : 0)
            var d: AnimationDescriptor
            switch m.action {
            case .transform:
                let from = Self.frame(old, m.indexFrom ?? 0), to = Self.frame(new, m.indexTo ?? 0)
                d = blueprint.layoutPersisting(glyph: m, from: from.rect, to: to.rect, context: context)
                d.box = to
            case .insert:
                let j = m.indexTo ?? 0
                let frame = Self.frame(new, j)
                context.peers = ranks.entering
                context.anchorDisplacement = reduced ? .zero : displacement(Self.anchor(newAnchors, j))
                d = blueprint.layoutInitial(glyph: m, frame: frame.rect, context: context)
                d.from.position -= context.anchorDisplacement
                d.delay += context.delay
                d.box = frame
            case .remove:
                let j = m.indexFrom ?? 0
                let frame = Self.frame(old, j)
                context.peers = ranks.exiting
                context.anchorDisplacement = reduced ? .zero : displacement(Self.anchor(oldAnchors, j))
                d = blueprint.layoutFinal(glyph: m, frame: frame.rect, context: context)
                d.to.position += context.anchorDisplacement
                d.delay += context.delay
                d.box = frame
            }
            if reduced {
                d.tracks = []
                d.emitter = nil
            }
            d.symbol = m.symbol
            Self.sanitize(&d)
            descriptors.append(d)
        }
        return TransitionPlan(
            change: change, descriptors: descriptors, oldLayout: old, newLayout: new, motion: motion, stagger: step,
            drift: drift)
    }

    /// The frame of glyph `i`, or an empty box after the last glyph when the layout has too few.
    package static func frame(_ layout: TextLayoutResult, _ i: Int) -> GlyphFrame {
        if i >= 0, i < layout.frames.count { return layout.frames[i] }
        guard let last = layout.frames.last else {
            return GlyphFrame(rect: Rect(x: -layout.alignmentAnchor, y: 0, width: 0, height: 0), baseline: 0, line: 0)
        }
        return GlyphFrame(
            rect: Rect(x: last.rect.maxX, y: last.rect.minY, width: 0, height: last.rect.height),
            baseline: last.baseline, line: last.line)
    }

    /// Each mutation's rank among the entering (or exiting) glyphs, by priority
    /// weight then index; persisting glyphs rank 0.
    static func ranks(_ mutations: [GlyphMutation]) -> (rank: [Int], entering: Int, exiting: Int) {
        var rank = [Int](repeating: 0, count: mutations.count)
        var entering: [Int] = [], exiting: [Int] = []
        for (i, m) in mutations.enumerated() {
            if m.action == .insert { entering.append(i) } else if m.action == .remove { exiting.append(i) }
        }
        func order(_ group: inout [Int], _ key: (GlyphMutation) -> Int) {
            group.sort { a, b in
                let ma = mutations[a], mb = mutations[b]
                if ma.priorityWeight != mb.priorityWeight { return ma.priorityWeight < mb.priorityWeight }
                return key(ma) < key(mb)
            }
            for (r, i) in group.enumerated() { rank[i] = r }
        }
        order(&entering) { $0.indexTo ?? 0 }
        order(&exiting) { $0.indexFrom ?? 0 }
        return (rank, entering.count, exiting.count)
    }

    /// For every index in 0..<count, the nearest persisting glyph (by index
    /// distance, ties to the one before), or nil when nothing persists.
    static func nearestAnchors(count: Int, _ anchors: [(Int, (from: Int, to: Int))]) -> [(from: Int, to: Int)?] {
        var result = [(from: Int, to: Int)?](repeating: nil, count: count)
        guard !anchors.isEmpty, count > 0 else { return result }
        var at = [(from: Int, to: Int)?](repeating: nil, count: count)
        for (i, a) in anchors where i >= 0 && i < count { at[i] = a }
        // Nearest before (inclusive) and after, in two sweeps.
        var before = [Int](repeating: -1, count: count)
        var last = -1
        for i in 0..<count {
            if at[i] != nil { last = i }
            before[i] = last
        }
        var next = -1
        for i in stride(from: count - 1, through: 0, by: -1) {
            if at[i] != nil { next = i }
            let b = before[i]
            let pick: Int
            if b < 0 { pick = next } else if next < 0 { pick = b } else { pick = (i - b) <= (next - i) ? b : next }
            if pick >= 0 { result[i] = at[pick] }
        }
        return result
    }

    /// The anchor of glyph `i`, or none when a malformed change names a glyph outside its text.
    static func anchor(_ anchors: [(from: Int, to: Int)?], _ i: Int) -> (from: Int, to: Int)? {
        anchors.indices.contains(i) ? anchors[i] : nil
    }

    /// The instant swap of `.neverAnimate`.
    static func instant(_ m: GlyphMutation, old: TextLayoutResult, new: TextLayoutResult) -> AnimationDescriptor {
        switch m.action {
        case .transform, .insert:
            let frame = Self.frame(new, m.indexTo ?? 0)
            return .resting(m.symbol, at: .resting(at: frame.rect.center), box: frame)
        case .remove:
            let frame = Self.frame(old, m.indexFrom ?? 0)
            var gone = GlyphState.resting(at: frame.rect.center)
            gone.opacity = 0
            return AnimationDescriptor(symbol: m.symbol, from: gone, to: gone, timing: .instant, box: frame)
        }
    }

    /// Replaces non-finite numbers a blueprint produced, so a buggy effect can
    /// never put NaN into a frame.
    static func sanitize(_ d: inout AnimationDescriptor) {
        if !d.to.isFinite { d.to = .resting(at: d.box.rect.center) }
        if !d.from.isFinite { d.from = d.to }
        if !d.velocity.isFinite { d.velocity = .zero }
        if !d.delay.isFinite || d.delay < 0 { d.delay = 0 }
    }
}
