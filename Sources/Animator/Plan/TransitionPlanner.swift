import Analyzer

/// One `GlyphAnimator.plan` call at work: it asks the effect for each glyph's
/// motion, adds the stagger and anchor-following, starts every glyph it
/// continues from the presented snapshot, and writes the result in flat form
/// into a `TransitionPlan`.
///
/// Persisting glyphs are planned first, so that entering and exiting glyphs
/// can ride on their anchor's curve; each glyph's descriptor is built once,
/// adjusted in place and flattened at once.
struct TransitionPlanner {
    let animator: GlyphAnimator
    let change: TextChange
    let mutations: MutationList
    let old: AnchoredFrames
    let new: AnchoredFrames
    let snapshot: PresentedSnapshot?
    /// The effect actually used (the cross-fade under reduced motion).
    let blueprint: any EffectBlueprint
    let motion: ResolvedMotion
    /// Seconds between successive entering (or exiting) glyphs.
    let step: Double
    /// How far entering and exiting glyphs drift, in points.
    let drift: Double
    /// How close a leaving glyph must be to where the new text wants it to be caught.
    let catchDistance: Double
    private let root: SeededRandom
    /// The context each glyph's is made from: the style and mode are copied once.
    private let context: EffectContext

    init(
        _ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, fontSize: Double,
        motion: ResolvedMotion, startTime: Double, snapshot: PresentedSnapshot?, entering: Int, exiting: Int
    ) {
        self.animator = animator
        self.change = change
        mutations = change.mutations
        self.old = old
        self.new = new
        self.snapshot = snapshot
        self.motion = motion
        let reduced = motion == .reduced
        blueprint = reduced ? CrossFadeEffect() : animator.effect
        let style = animator.style
        let isMorph = change.mode == .morph
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        var step = reduced || motion == .none ? 0 : style.stagger * (isMorph ? max(ratio, 0.3) : 1)
        let widest = max(entering, exiting)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        self.step = step
        drift = reduced || motion == .none ? 0 : style.drift * fontSize * (isMorph ? ratio : 1)
        catchDistance = max(fontSize, 1) * 0.6
        root = SeededRandom(seed: animator.seed)
        context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: fontSize, startTime: startTime.isFinite ? startTime : 0)
    }

    /// Plans every glyph into `plan` (already reset for this change).
    ///
    /// - Complexity: O(n) in glyphs when the mutations are in stagger order (the
    ///   analyzer's), O(n log n) otherwise.
    func plan(into plan: inout TransitionPlan, ranks: [Int32], entering: Int, exiting: Int) {
        let count = mutations.count
        plan.motions.append(contentsOf: repeatElement(Self.placeholder, count: count))
        plan.boxes.append(contentsOf: repeatElement(GlyphFrame(rect: .zero, baseline: 0, line: 0), count: count))
        plan.sources.append(contentsOf: repeatElement(-1, count: count))
        if motion == .none {
            for k in 0..<count { planInstant(k, into: &plan) }
            return
        }
        let followers = motion == .full
        let oldCount = followers && exiting > 0 ? change.oldGlyphs.count : 0
        let newCount = followers && entering > 0 ? change.newGlyphs.count : 0
        let slots = AnchorTable.slots(count: oldCount) + AnchorTable.slots(count: newCount)
        var leaving = LeavingSprites(snapshot: snapshot, wanted: entering > 0)
        // On the stack for texts of up to about 60 glyphs.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: slots) { storage in
            let anchors = AnchorTable.build(
                old: oldCount, new: newCount, exiting: exiting, entering: entering, mutations: mutations,
                storage: storage)
            // Persisting glyphs first: the others ride on their curves.
            for k in 0..<count where mutations.action(at: k) == .transform {
                planGlyph(k, rank: 0, peers: 1, anchor: nil, leaving: &leaving, into: &plan)
            }
            for k in 0..<count {
                let action = mutations.action(at: k)
                guard action != .transform else { continue }
                let isEntering = action == .insert
                let index = isEntering ? mutations.indexTo(at: k) : mutations.indexFrom(at: k)
                let anchor = followers ? (isEntering ? anchors.new.anchor(of: index) : anchors.old.anchor(of: index)) : nil
                planGlyph(
                    k, rank: Int(ranks[k]), peers: isEntering ? entering : exiting, anchor: anchor, leaving: &leaving,
                    into: &plan)
            }
        }
    }

    // MARK: - One glyph

    /// Plans mutation `k`: the blueprint's descriptor, the stagger, the anchor to
    /// ride with, the snapshot sprite to continue, flattened into the plan.
    private func planGlyph(
        _ k: Int, rank: Int, peers: Int, anchor: Int?, leaving: inout LeavingSprites, into plan: inout TransitionPlan
    ) {
        let m = mutations[k]
        let action = m.action
        let glyph = mutations.glyph(at: k)
        let from = m.indexFrom ?? 0, to = m.indexTo ?? 0
        let index = action == .remove ? from : to
        var context = self.context
        context.index = index
        context.count = action == .remove ? change.oldGlyphs.count : change.newGlyphs.count
        context.rank = rank
        context.peers = peers
        context.textBounds = action == .remove ? old.bounds : new.bounds
        context.stableHash = StableHash.of(symbol: m.symbol, index: index)
        context.delay = action == .transform ? 0 : step * Double(rank)

        // The sprite this glyph continues: its own for a glyph of the old text, or
        // a leaving one the new text brings back.
        var source = -1
        if let snapshot, action != .insert, from < snapshot.textCount { source = from }
        var follow: Follow?
        if let anchor {
            let displacement = self.displacement(of: anchor)
            context.anchorDisplacement = displacement
            let anchorCurve = plan.curves[Int(plan.motions[anchor].transformCurve)]
            if displacement != .zero, anchorCurve.curve.duration > 0 {
                follow = Follow(curve: anchorCurve.curve, start: anchorCurve.start, displacement: displacement, entering: action == .insert)
            }
        }
        let key = source >= 0 ? snapshot!.sprites[source].key : StableHash.of(symbol: m.symbol, index: action == .insert ? to : from)
        context.random = root.derived(key ^ (action == .remove ? 0x5EED : 0))

        var d: AnimationDescriptor
        let frame: GlyphFrame
        switch action {
        case .transform:
            frame = new[to]
            d = blueprint.layoutPersisting(glyph: m, from: old[from].rect, to: frame.rect, context: context)
        case .insert:
            frame = new[to]
            d = blueprint.layoutInitial(glyph: m, frame: frame.rect, context: context)
            d.delay += context.delay
        case .remove:
            frame = old[from]
            d = blueprint.layoutFinal(glyph: m, frame: frame.rect, context: context)
            d.delay += context.delay
        }
        d.box = frame
        if motion == .reduced { d.rare.removeTracksAndParticles() }
        GlyphAnimator.sanitize(&d)
        if action == .insert, let caught = leaving.catchSprite(glyph, near: d.to.position, within: catchDistance) {
            source = caught
        }
        if let snapshot, source >= 0 {
            continueMotion(&d, follow: follow, from: snapshot.sprites[source], startNow: action != .remove)
        }
        let role: SpriteRole = action == .insert ? .entering : action == .remove ? .exiting : .persisting
        flatten(
            d, follow: follow, k: k, role: role, index: index, glyph: glyph,
            key: source >= 0 ? snapshot!.sprites[source].key : key, source: source, into: &plan)
    }

    /// The instant swap of `.neverAnimate`, from what is presented if a sprite is continued.
    private func planInstant(_ k: Int, into plan: inout TransitionPlan) {
        let action = mutations.action(at: k)
        let from = mutations.indexFrom(at: k), to = mutations.indexTo(at: k)
        let glyph = mutations.glyph(at: k)
        let symbol = change.symbols[Int(glyph)]
        var d: AnimationDescriptor
        switch action {
        case .transform, .insert:
            let frame = new[to]
            d = .resting(symbol, at: .resting(at: frame.rect.center), box: frame)
        case .remove:
            let frame = old[from]
            var gone = GlyphState.resting(at: frame.rect.center)
            gone.opacity = 0
            d = AnimationDescriptor(symbol: symbol, from: gone, to: gone, timing: .instant, box: frame)
        }
        var source = -1
        if let snapshot, action != .insert, from < snapshot.textCount {
            source = from
            d.from = snapshot.sprites[from].state
        }
        let index = action == .remove ? from : to
        let key = source >= 0 ? snapshot!.sprites[source].key : StableHash.of(symbol: symbol, index: index)
        let role: SpriteRole = action == .insert ? .entering : action == .remove ? .exiting : .persisting
        flatten(d, follow: nil, k: k, role: role, index: index, glyph: glyph, key: key, source: source, into: &plan)
    }

    // MARK: - Continuing from the snapshot

    /// Makes a descriptor start from what a sprite presents now: same state, same
    /// velocity, whatever the new curves' shapes. This is the one place where a
    /// motion is carried on through an interruption.
    ///
    /// A sprite in motion, or one that must start now (`startNow`: a persisting
    /// or caught glyph), starts at once (no stagger delay, which would freeze it);
    /// its tracks keep their clocks. An appearance the plan did not expect (a glyph
    /// caught mid-fade) finishes on an ease-in-out fade rather than popping.
    private func continueMotion(
        _ d: inout AnimationDescriptor, follow: Follow?, from now: PresentedSnapshot.Sprite, startNow: Bool
    ) {
        let moving = now.velocity != .zero
        if (moving || startNow) && d.delay > 0 {
            let shift = d.delay
            if !d.tracks.isEmpty {
                d.tracks = d.tracks.map { track in
                    var track = track
                    track.timeOffset -= shift
                    return track
                }
            }
            d.delay = 0
        }
        // The tracks add their own offsets at the start; take them out, read where
        // the frames will read them: on each track's clock.
        var trackOffset = GlyphState.zero
        var trackRate = GlyphState.zero
        for track in d.tracks {
            let time = -PlannedCurve.quantize(d.delay - track.timeOffset)
            trackOffset[track.channel] += track.amplitude * (track.curve.progress(at: time) + track.bias)
            trackRate[track.channel] += track.amplitude * track.curve.velocity(at: time)
        }
        if let follow {
            let time = -follow.start
            let progress = follow.curve.progress(at: time) + follow.bias
            let rate = follow.curve.velocity(at: time)
            trackOffset.position.x += follow.displacement.x * progress
            trackOffset.position.y += follow.displacement.y * progress
            trackRate.position.x += follow.displacement.x * rate
            trackRate.position.y += follow.displacement.y * rate
        }
        let planned = d.from
        d.from = now.state - trackOffset
        let midFade = GlyphChannel.allCases.contains { !$0.isTransform && abs(d.from[$0] - planned[$0]) > 1e-9 }
        if midFade && d.opacityTiming.duration == 0 {
            d.opacityTiming = .bezier(.easeInOut, duration: animator.style.fade)
        }
        guard moving else { return }
        // Each curve contributes (to − from)·v₀ at its start; the carry supplies the rest.
        let tv = d.timing.initialVelocity, ov = d.opacityTiming.initialVelocity
        var v = GlyphState.zero
        for channel in GlyphChannel.allCases {
            let curveRate = channel.isTransform ? tv : ov
            v[channel] = now.velocity[channel] - trackRate[channel] - (d.to[channel] - d.from[channel]) * curveRate
        }
        d.velocity = v
        GlyphAnimator.sanitize(&d)
    }

    // MARK: - Flattening

    /// Writes descriptor `d` as plan entry `k`: its curves into the plan's curve
    /// table (shared with every sprite on the same curve from the same start), its
    /// tracks and the tracks that follow its anchor into the track table.
    private func flatten(
        _ d: AnimationDescriptor, follow: Follow?, k: Int, role: SpriteRole, index: Int, glyph: GlyphID, key: UInt64,
        source: Int, into plan: inout TransitionPlan
    ) {
        let start = PlannedCurve.quantize(d.delay)
        let transform = plan.catalog.entry(d.timing, start: start, in: &plan.curves)
        let appearance = plan.catalog.entry(d.opacityTiming, start: start, in: &plan.curves)
        let change = d.to - d.from
        let primary = PrimaryDelta(change)
        let rare = change - primary.state
        var settle = Self.end(after: start, lasting: d.settleTime - d.delay)
        var extrasIndex: Int32 = -1
        let velocity = d.velocity
        let tracks = d.tracks
        let emitter = d.emitter
        if !tracks.isEmpty || emitter != nil || velocity != .zero || rare != .zero || follow != nil {
            let trackStart = Int32(plan.tracks.count)
            for track in tracks {
                let curve = plan.catalog.entry(track.curve, start: d.delay - track.timeOffset, in: &plan.curves)
                plan.tracks.append(
                    PlannedTrack(channel: track.channel, amplitude: track.amplitude, bias: track.bias, curve: curve, loops: track.loops))
            }
            if let follow {
                let curve = plan.catalog.entry(follow.curve, start: follow.start, in: &plan.curves)
                for (channel, amount) in [(GlyphChannel.x, follow.displacement.x), (.y, follow.displacement.y)] where amount != 0 {
                    plan.tracks.append(
                        PlannedTrack(channel: channel, amplitude: amount, bias: follow.bias, curve: curve, loops: false))
                }
                settle = max(settle, Self.end(after: plan.curves[Int(curve)].start, lasting: follow.curve.duration))
            }
            var emitterIndex: Int32 = -1
            if let emitter {
                emitterIndex = Int32(plan.emitters.count)
                plan.emitters.append(emitter)
            }
            extrasIndex = Int32(plan.extras.count)
            plan.extras.append(
                MotionExtras(
                    velocity: velocity, rareDelta: rare, trackStart: trackStart,
                    trackCount: Int32(plan.tracks.count) - trackStart, emitter: emitterIndex, origin: start))
        }
        plan.motions[k] = SpriteMotion(
            to: d.to, delta: primary, transformCurve: transform, appearanceCurve: appearance, extras: extrasIndex,
            glyph: glyph, index: Int32(truncatingIfNeeded: index), role: role, settle: settle,
            hide: role == .exiting ? settle : .infinity, boxSize: d.box.rect.size,
            baselineOffset: d.box.baseline - d.box.rect.midY, key: key)
        plan.boxes[k] = d.box
        plan.sources[k] = Int32(truncatingIfNeeded: source)
    }

    /// `start + duration`, rounded up so that `(start + duration) − start` is not
    /// short of `duration`: at its settle time every curve has reached its end.
    static func end(after start: Double, lasting duration: Double) -> Double {
        var end = start + duration
        while end - start < duration { end = end.nextUp }
        return end
    }

    /// How far a persisting glyph moves, from its old frame to its new one.
    private func displacement(of anchor: Int) -> Vector {
        new[mutations.indexTo(at: anchor)].rect.center - old[mutations.indexFrom(at: anchor)].rect.center
    }

    static let placeholder = SpriteMotion(
        to: .zero, delta: PrimaryDelta(), transformCurve: 0, appearanceCurve: 0, extras: -1, glyph: 0, index: 0,
        role: .persisting, settle: 0, hide: .infinity, boxSize: .zero, baselineOffset: 0, key: 0)
}

/// An entering or exiting glyph riding along with its anchor: it starts
/// `displacement` behind its place and arrives with the anchor (entering), or
/// leaves with it, moving as the anchor does (exiting), on the anchor's curve.
struct Follow {
    let curve: TimingCurve
    /// When the anchor's curve starts.
    let start: Double
    let displacement: Vector
    let entering: Bool

    var bias: Double { entering ? -1 : 0 }
}

/// The snapshot's leaving sprites by glyph, for the new text to catch back.
struct LeavingSprites {
    /// Indices into the snapshot's sprites, sorted by glyph then index; −1 once caught.
    private var order: [Int32] = []
    private var glyphs: [GlyphID] = []
    private let snapshot: PresentedSnapshot?

    init(snapshot: PresentedSnapshot?, wanted: Bool) {
        self.snapshot = snapshot
        guard wanted, let snapshot, snapshot.sprites.count > snapshot.textCount else { return }
        order = (snapshot.textCount..<snapshot.sprites.count).map { Int32($0) }
        order.sort { a, b in
            let ga = snapshot.sprites[Int(a)].glyph, gb = snapshot.sprites[Int(b)].glyph
            return ga != gb ? ga < gb : a < b
        }
        glyphs = order.map { snapshot.sprites[Int($0)].glyph }
    }

    /// The nearest leaving sprite showing `glyph` within `distance` of `point`,
    /// taken out of the candidates; ties go to the earlier sprite.
    mutating func catchSprite(_ glyph: GlyphID, near point: Point, within distance: Double) -> Int? {
        guard !order.isEmpty, let snapshot else { return nil }
        // The first candidate with this glyph.
        var low = 0, high = glyphs.count
        while low < high {
            let middle = (low + high) / 2
            if glyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        var best = -1
        var bestDistance = distance
        var slot = low
        while slot < glyphs.count && glyphs[slot] == glyph {
            let index = Int(order[slot])
            if index >= 0 {
                let d = (snapshot.sprites[index].state.position - point).length
                if d <= bestDistance && (best < 0 || d < bestDistance) {
                    best = slot
                    bestDistance = d
                }
            }
            slot += 1
        }
        guard best >= 0 else { return nil }
        defer { order[best] = -1 }
        return Int(order[best])
    }
}
