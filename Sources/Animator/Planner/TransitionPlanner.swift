import Analyzer

/// One `GlyphAnimator.plan` call at work: the layouts in the transition's
/// coordinates, the stagger and drift, and one `EffectContext` updated glyph by
/// glyph, writing each descriptor straight into the plan's storage.
///
/// Descriptors are large values: each is built once, in place, and adjusted
/// there; nothing the planner keeps per glyph is allocated.
struct TransitionPlanner {
    let change: TextChange
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
    /// The context every glyph's starts from: the style and mode are copied once.
    private let context: EffectContext

    init(_ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, reduced: Bool,
         startTime: Double) {
        self.change = change
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
        let fontSize = new.layout.fontSize
        drift = reduced ? 0 : style.drift * fontSize * (isMorph ? ratio : 1)
        root = SeededRandom(seed: animator.seed)
        oldBounds = old.bounds
        newBounds = new.bounds
        context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: fontSize, startTime: startTime.isFinite ? startTime : 0)
    }

    /// One descriptor per mutation, in the order of `change.mutations`.
    ///
    /// - Complexity: O(n) in glyphs when the mutations are in stagger order (the
    ///   analyzer's), O(n log n) otherwise.
    func descriptors() -> [AnimationDescriptor] {
        let mutations = change.mutations
        // Anchor tables only for a text that has glyphs to follow them.
        let oldCount = !reduced && ranks.exiting > 0 ? change.oldGlyphs.count : 0
        let newCount = !reduced && ranks.entering > 0 ? change.newGlyphs.count : 0
        let oldSlots = AnchorTable.slots(count: oldCount)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: oldSlots + AnchorTable.slots(count: newCount)) {
            storage in
            let anchors = (
                old: AnchorTable(.old, count: oldCount, mutations: mutations, storage: .init(rebasing: storage[..<oldSlots])),
                new: AnchorTable(.new, count: newCount, mutations: mutations, storage: .init(rebasing: storage[oldSlots...]))
            )
            // The loop's state lives in locals, passed on by address: the context is
            // large, and mutations are read in place rather than copied out.
            var context = context
            var ranks = ranks
            return mutations.withUnsafeBufferPointer { mutations in
                [AnimationDescriptor](unsafeUninitializedCapacity: mutations.count) { buffer, initialized in
                    for i in mutations.indices {
                        let m = mutations.baseAddress! + i
                        let rank = ranks.next(m.pointee.action, at: i)
                        write(m, rank: rank, into: buffer.baseAddress! + i, &context, anchors)
                        initialized = i + 1
                    }
                }
            }
        }
    }

    /// Asks the blueprint for the descriptor of mutation `m`, initializing `slot` with
    /// it, then adds the stagger and the anchor's displacement and sanitises it.
    private func write(
        _ m: UnsafePointer<GlyphMutation>, rank: Int, into slot: UnsafeMutablePointer<AnimationDescriptor>,
        _ context: inout EffectContext, _ anchors: (old: AnchorTable, new: AnchorTable)
    ) {
        let action = m.pointee.action
        let indexFrom = m.pointee.indexFrom, indexTo = m.pointee.indexTo
        let index = indexTo ?? indexFrom ?? 0
        let hash = StableHash.of(symbol: m.pointee.symbol, index: index)
        context.index = index
        context.count = indexTo != nil ? change.newGlyphs.count : change.oldGlyphs.count
        context.rank = rank
        context.peers = 1
        context.anchorDisplacement = .zero
        context.textBounds = action == .remove ? oldBounds : newBounds
        context.random = root.derived(hash ^ UInt64(action == .remove ? 0x5EED : 0))
        context.stableHash = hash
        context.delay = action == .transform ? 0 : step * Double(rank)
        switch action {
        case .transform:
            let from = old[indexFrom ?? 0], to = new[indexTo ?? 0]
            slot.initialize(to: blueprint.layoutPersisting(glyph: m.pointee, from: from.rect, to: to.rect, context: context))
            slot.pointee.box = to
        case .insert:
            let frame = new[indexTo ?? 0]
            context.peers = ranks.entering
            if let anchor = anchors.new.anchor(of: indexTo ?? 0) {
                context.anchorDisplacement = displacement(from: anchor.there, to: anchor.here)
            }
            slot.initialize(to: blueprint.layoutInitial(glyph: m.pointee, frame: frame.rect, context: context))
            slot.pointee.from.position -= context.anchorDisplacement
            slot.pointee.delay += context.delay
            slot.pointee.box = frame
        case .remove:
            let frame = old[indexFrom ?? 0]
            context.peers = ranks.exiting
            if let anchor = anchors.old.anchor(of: indexFrom ?? 0) {
                context.anchorDisplacement = displacement(from: anchor.here, to: anchor.there)
            }
            slot.initialize(to: blueprint.layoutFinal(glyph: m.pointee, frame: frame.rect, context: context))
            slot.pointee.to.position += context.anchorDisplacement
            slot.pointee.delay += context.delay
            slot.pointee.box = frame
        }
        if reduced {
            slot.pointee.tracks = []
            slot.pointee.emitter = nil
        }
        slot.pointee.symbol = m.pointee.symbol
        GlyphAnimator.sanitize(&slot.pointee)
    }

    /// How far a persisting glyph moves: from its old index to its new one.
    private func displacement(from i: Int, to j: Int) -> Vector {
        new[j].rect.center - old[i].rect.center
    }
}
