import Analyzer

/// One `GlyphAnimator.plan` call at work: the layouts in the transition's
/// coordinates, the stagger and drift, and one `EffectContext` updated glyph by
/// glyph, writing each descriptor straight into the plan's storage.
///
/// Descriptors are large values: each is built once, in place, and adjusted
/// there; nothing the planner keeps per glyph is allocated.
struct TransitionPlanner {
    // Only what the loop reads: every reference held here is retained and released per plan.
    let mutations: [GlyphMutation]
    let oldCount: Int
    let newCount: Int
    let old: AnchoredFrames
    let new: AnchoredFrames
    let blueprint: any EffectBlueprint
    /// Reduced motion: nothing moves, nothing follows an anchor, no tracks or particles.
    let reduced: Bool
    /// Seconds between successive entering (or exiting) glyphs.
    let step: Double
    /// How far entering and exiting glyphs drift, in points.
    let drift: Double
    private let ranks: StaggerRanks
    private let root: SeededRandom
    private let oldBounds: Rect
    private let newBounds: Rect
    /// The context each glyph's is made from: the style and mode are copied once.
    private let context: EffectContext

    init(
        _ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, fontSize: Double,
        reduced: Bool, startTime: Double
    ) {
        mutations = change.mutations
        oldCount = change.oldGlyphs.count
        newCount = change.newGlyphs.count
        self.old = old
        self.new = new
        self.reduced = reduced
        blueprint = reduced ? CrossFadeEffect() : animator.effect
        ranks = StaggerRanks(change.mutations)
        let style = animator.style
        let isMorph = change.mode == .morph
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        var step = reduced ? 0 : style.stagger * (isMorph ? max(ratio, 0.3) : 1)
        let widest = max(ranks.entering, ranks.exiting)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        self.step = step
        drift = reduced ? 0 : style.drift * fontSize * (isMorph ? ratio : 1)
        root = SeededRandom(seed: animator.seed)
        oldBounds = old.bounds
        newBounds = new.bounds
        context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: fontSize, startTime: startTime.isFinite ? startTime : 0)
    }

    /// One descriptor per mutation, in the order of the change's mutations.
    ///
    /// - Complexity: O(n) in glyphs when the mutations are in stagger order (the
    ///   analyzer's), O(n log n) otherwise.
    func descriptors() -> [AnimationDescriptor] {
        // Anchor tables only for a text that has glyphs to follow them.
        let oldCount = !reduced && ranks.exiting > 0 ? oldCount : 0
        let newCount = !reduced && ranks.entering > 0 ? newCount : 0
        let slots = AnchorTable.slots(count: oldCount) + AnchorTable.slots(count: newCount)
        // On the stack for texts of up to about 60 glyphs.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: slots) { storage in
            mutations.withUnsafeBufferPointer { mutations in
                let anchors = AnchorTable.build(
                    old: oldCount, new: newCount, exiting: ranks.exiting, entering: ranks.entering,
                    mutations: mutations, storage: storage)
                return [AnimationDescriptor](unsafeUninitializedCapacity: mutations.count) { buffer, initialized in
                    // The built-in effects get the loop specialised for them: direct calls
                    // that the compiler inlines, where a call through the existential copies
                    // the context, the mutation and the returned descriptor once more each.
                    switch blueprint {
                    case let scale as ScaleEffect: write(mutations, into: buffer, anchors: anchors, blueprint: scale)
                    case let fade as CrossFadeEffect: write(mutations, into: buffer, anchors: anchors, blueprint: fade)
                    default: write(mutations, into: buffer, anchors: anchors, blueprint: blueprint)
                    }
                    initialized = mutations.count
                }
            }
        }
    }

    /// Initializes `buffer[i]` with the descriptor of `mutations[i]`: the blueprint's,
    /// plus the stagger and the anchor's displacement, sanitised.
    private func write<Blueprint: EffectBlueprint>(
        _ mutations: UnsafeBufferPointer<GlyphMutation>, into buffer: UnsafeMutableBufferPointer<AnimationDescriptor>,
        anchors: (old: AnchorTable, new: AnchorTable), blueprint: Blueprint
    ) {
        var ranks = ranks
        var context = context
        // Mutations and the context are large values: both are read in place, through
        // pointers, where a copy would be handed to the blueprint (and a copy retains).
        withUnsafeMutablePointer(to: &context) { context in
            for i in mutations.indices {
                let m = mutations.baseAddress! + i, slot = buffer.baseAddress! + i
                let action = m.pointee.action
                let indexFrom = m.pointee.indexFrom, indexTo = m.pointee.indexTo
                let index = indexTo ?? indexFrom ?? 0
                let hash = StableHash.of(symbol: m.pointee.symbol, index: index)
                let rank = ranks.next(action, at: i)
                context.pointee.index = index
                context.pointee.count = indexTo != nil ? newCount : oldCount
                context.pointee.rank = rank
                context.pointee.peers = 1
                context.pointee.anchorDisplacement = .zero
                context.pointee.textBounds = action == .remove ? oldBounds : newBounds
                context.pointee.random = root.derived(hash ^ UInt64(action == .remove ? 0x5EED : 0))
                context.pointee.stableHash = hash
                context.pointee.delay = action == .transform ? 0 : step * Double(rank)
                switch action {
                case .transform:
                    let from = old[indexFrom ?? 0], to = new[indexTo ?? 0]
                    slot.initialize(
                        to: blueprint.layoutPersisting(
                            glyph: m.pointee, from: from.rect, to: to.rect, context: context.pointee))
                    slot.pointee.box = to
                case .insert:
                    let frame = new[indexTo ?? 0]
                    context.pointee.peers = ranks.entering
                    if let k = anchors.new.anchor(of: indexTo ?? 0) {
                        context.pointee.anchorDisplacement = displacement(of: mutations[k])
                    }
                    slot.initialize(
                        to: blueprint.layoutInitial(glyph: m.pointee, frame: frame.rect, context: context.pointee))
                    slot.pointee.delay += context.pointee.delay
                    slot.pointee.box = frame
                case .remove:
                    let frame = old[indexFrom ?? 0]
                    context.pointee.peers = ranks.exiting
                    if let k = anchors.old.anchor(of: indexFrom ?? 0) {
                        context.pointee.anchorDisplacement = displacement(of: mutations[k])
                    }
                    slot.initialize(
                        to: blueprint.layoutFinal(glyph: m.pointee, frame: frame.rect, context: context.pointee))
                    slot.pointee.delay += context.pointee.delay
                    slot.pointee.box = frame
                }
                if reduced { slot.pointee.rare.removeTracksAndParticles() }
                slot.pointee.symbol = m.pointee.symbol
                GlyphAnimator.sanitize(&slot.pointee)
            }
        }
        guard !reduced else { return }
        // Anchor-following, once every descriptor exists: an entering or exiting glyph
        // rides on its anchor's own curve, from the anchor's start, whatever its stagger.
        for i in mutations.indices where mutations[i].action != .transform {
            let m = mutations[i]
            let k = m.action == .insert ? anchors.new.anchor(of: m.indexTo ?? 0) : anchors.old.anchor(of: m.indexFrom ?? 0)
            guard let k else { continue }
            let anchor = buffer.baseAddress! + k
            follow(
                buffer.baseAddress! + i, curve: anchor.pointee.timing, start: anchor.pointee.delay,
                by: displacement(of: mutations[k]), entering: m.action == .insert)
        }
    }

    /// Adds the tracks that carry a glyph along with its anchor: an entering glyph
    /// starts `displacement` behind its place and arrives with the anchor; an exiting
    /// glyph leaves with it, moving by `displacement` as the anchor does.
    private func follow(
        _ slot: UnsafeMutablePointer<AnimationDescriptor>, curve: TimingCurve, start: Double, by displacement: Vector,
        entering: Bool
    ) {
        // An anchor that jumps (an instant curve) has no motion to ride along with.
        guard curve.duration > 0, displacement != .zero else { return }
        // Built whole and stored once: each store of `tracks` may allocate.
        var tracks = slot.pointee.tracks
        tracks.reserveCapacity(tracks.count + 2)
        let offset = slot.pointee.delay - start, bias: Double = entering ? -1 : 0
        if displacement.x != 0 {
            tracks.append(ChannelTrack(channel: .x, amplitude: displacement.x, curve: curve, timeOffset: offset, bias: bias))
        }
        if displacement.y != 0 {
            tracks.append(ChannelTrack(channel: .y, amplitude: displacement.y, curve: curve, timeOffset: offset, bias: bias))
        }
        slot.pointee.tracks = tracks
    }

    /// How far a persisting glyph moves, from its old frame to its new one.
    private func displacement(of anchor: GlyphMutation) -> Vector {
        new[anchor.indexTo ?? 0].rect.center - old[anchor.indexFrom ?? 0].rect.center
    }
}
