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
        let oldAnchors = reduced ? [] : Self.nearestAnchors(count: change.oldGlyphs.count, persisting.map(\.from))
        let newAnchors = reduced ? [] : Self.nearestAnchors(count: change.newGlyphs.count, persisting.map(\.to))
        func displacement(_ k: Int) -> Vector {
            guard k >= 0 else { return .zero }
            let anchor = persisting[k]
            return Self.frame(new, anchor.to).rect.center - Self.frame(old, anchor.from).rect.center
        }

        let root = SeededRandom(seed: seed)
        let oldBounds = Rect(origin: Point(x: -oldLayout.alignmentAnchor, y: 0), size: old.size)
        let newBounds = Rect(origin: Point(x: -newLayout.alignmentAnchor, y: 0), size: new.size)
        let start = startTime.isFinite ? startTime : 0
        // One context, updated per glyph: the style and mode are copied once.
        var context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: new.fontSize, startTime: start)
        for (i, m) in mutations.enumerated() {
            let index = m.indexTo ?? m.indexFrom ?? 0
            let hash = StableHash.of(symbol: m.symbol, index: index)
            context.index = index
            context.count = m.indexTo != nil ? change.newGlyphs.count : change.oldGlyphs.count
            context.rank = ranks.rank[i]
            context.peers = 1
            context.anchorDisplacement = .zero
            context.textBounds = m.action == .remove ? oldBounds : newBounds
            context.random = root.derived(hash ^ UInt64(m.action == .remove ? 0x5EED : 0))
            context.stableHash = hash
            context.delay = m.action == .transform ? 0 : step * Double(ranks.rank[i])
            // Descriptors are large: each is built straight into the array and adjusted there.
            let k = descriptors.count
            switch m.action {
            case .transform:
                let from = Self.frame(old, m.indexFrom ?? 0), to = Self.frame(new, m.indexTo ?? 0)
                descriptors.append(blueprint.layoutPersisting(glyph: m, from: from.rect, to: to.rect, context: context))
                descriptors[k].box = to
            case .insert:
                let j = m.indexTo ?? 0
                let frame = Self.frame(new, j)
                context.peers = ranks.entering
                context.anchorDisplacement = reduced ? .zero : displacement(Self.anchor(newAnchors, j))
                descriptors.append(blueprint.layoutInitial(glyph: m, frame: frame.rect, context: context))
                descriptors[k].from.position -= context.anchorDisplacement
                descriptors[k].delay += context.delay
                descriptors[k].box = frame
            case .remove:
                let j = m.indexFrom ?? 0
                let frame = Self.frame(old, j)
                context.peers = ranks.exiting
                context.anchorDisplacement = reduced ? .zero : displacement(Self.anchor(oldAnchors, j))
                descriptors.append(blueprint.layoutFinal(glyph: m, frame: frame.rect, context: context))
                descriptors[k].to.position += context.anchorDisplacement
                descriptors[k].delay += context.delay
                descriptors[k].box = frame
            }
            if reduced {
                descriptors[k].tracks = []
                descriptors[k].emitter = nil
            }
            descriptors[k].symbol = m.symbol
            Self.sanitize(&descriptors[k])
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
            func before(_ a: Int, _ b: Int) -> Bool {
                let ma = mutations[a], mb = mutations[b]
                if ma.priorityWeight != mb.priorityWeight { return ma.priorityWeight < mb.priorityWeight }
                return key(ma) < key(mb)
            }
            // The analyzer lists glyphs in reading order with rising weights: usually sorted already.
            if zip(group, group.dropFirst()).contains(where: { !before($0, $1) }) { group.sort(by: before) }
            for (r, i) in group.enumerated() { rank[i] = r }
        }
        order(&entering) { $0.indexTo ?? 0 }
        order(&exiting) { $0.indexFrom ?? 0 }
        return (rank, entering.count, exiting.count)
    }

    /// For every index in 0..<count, the nearest persisting glyph (by index
    /// distance, ties to the one before) as an index into `positions`, or −1 when
    /// nothing persists. `positions[k]` is where persisting glyph k stands in this text.
    ///
    /// - Complexity: O(count + positions).
    static func nearestAnchors(count: Int, _ positions: [Int]) -> [Int32] {
        guard count > 0 else { return [] }
        var owner = [Int32](repeating: -1, count: count)
        for (k, i) in positions.enumerated() where i >= 0 && i < count { owner[i] = Int32(k) }
        // Forward: the nearest at or before each index, remembered with its position.
        var result = [Int32](repeating: -1, count: count)
        var before = [Int](repeating: -1, count: count)
        var last = -1
        for i in 0..<count {
            if owner[i] >= 0 { last = i }
            before[i] = last
        }
        // Backward: pick the nearer of the one before and the one after.
        var next = -1
        for i in stride(from: count - 1, through: 0, by: -1) {
            if owner[i] >= 0 { next = i }
            let b = before[i]
            let pick = b < 0 ? next : (next < 0 ? b : ((i - b) <= (next - i) ? b : next))
            if pick >= 0 { result[i] = owner[pick] }
        }
        return result
    }

    /// The anchor of glyph `i`, or −1 when a malformed change names a glyph outside its text.
    static func anchor(_ anchors: [Int32], _ i: Int) -> Int {
        anchors.indices.contains(i) ? Int(anchors[i]) : -1
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
        // One sum per state: NaN and infinities survive addition (an overflow to
        // infinity from huge but finite values is treated as broken too).
        func finite(_ s: GlyphState) -> Bool {
            let sum = s.position.x + s.position.y + s.scaleX + s.scaleY + s.rotation + s.skew + s.opacity + s.blur
                + s.tint.red + s.tint.green + s.tint.blue + s.tint.alpha + s.strokeEnd
            return sum.isFinite
        }
        if !finite(d.to) { d.to = .resting(at: d.box.rect.center) }
        if !finite(d.from) { d.from = d.to }
        if !finite(d.velocity) { d.velocity = .zero }
        if !d.delay.isFinite || d.delay < 0 { d.delay = 0 }
    }
}
