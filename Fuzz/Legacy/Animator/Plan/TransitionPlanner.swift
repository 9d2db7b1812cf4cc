import LegacyAnalyzer

/// One `GlyphAnimator.plan` call at work: for each glyph it asks the effect
/// for its motion, places it (the stagger, the anchor it rides with, the
/// choreography's holds, the sprite on screen it continues) and has the
/// `MotionWriter` write it, once, into the plan's store.
///
/// A plan has one entry per mutation, in the change's order, then one more per
/// persisting glyph the choreography made leave and enter instead of moving
/// (its arrival; its mutation's entry is its exit). The effect's descriptor is
/// read, never rewritten: the placement is the writer's other input.
final class TransitionPlanner {
    let animator: GlyphAnimator
    let change: TextChange
    let mutations: MutationList
    let symbols: GlyphTable
    let oldCount: Int
    let newCount: Int
    let old: AnchoredFrames
    let new: AnchoredFrames
    let snapshot: PresentedSnapshot?
    let writer: MotionWriter
    /// When the plan starts on the store's clock.
    let origin: Double
    /// The effect actually used (the cross-fade under reduced motion).
    let blueprint: any EffectBlueprint
    let motion: ResolvedMotion
    let rules: Choreography
    /// Seconds between successive entering (or exiting) glyphs.
    let step: Double
    /// The stagger step between leaving glyphs (`step`, or less under the choreography's `exitSpread`).
    let exitStep: Double
    /// How far entering and exiting glyphs drift, in points.
    let drift: Double
    /// The numbers of stagger ranks among entering and among exiting glyphs.
    let enteringRanks: Int
    let exitingRanks: Int
    /// Each glyph's word in the old and new texts, the texts' word and line counts.
    let oldWords: [Int32]
    let newWords: [Int32]
    let oldWordCount: Int
    let newWordCount: Int
    let oldLineCount: Int
    let newLineCount: Int
    private let root: SeededRandom
    /// The context each glyph's is made from: the style and mode are copied once.
    private let context: EffectContext
    /// The pen's ink per glyph, when a layout has a pen.
    private let ink: InkLedger?
    /// Each glyph's drawing in the old and the new text, as the layouts named
    /// them (`TextLayoutResult.drawings`), and whether either names any: when
    /// neither does (a cell grid), no sprite's drawing is looked at.
    let oldDrawings: [Int32]?
    let newDrawings: [Int32]?
    let namesDrawings: Bool

    /// Whether glyphs are set on tiles.
    let hasTiles: Bool

    /// First crossings of the curves the timing rules ask about.
    @exclusivity(unchecked)
    var crossings = CrossingCache()

    /// The most pairs of glyphs the timing rules compare; beyond, a huge change
    /// keeps the coherence rule only.
    static let timingPairLimit = 200_000

    init(
        _ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, fontSize: Double,
        motion: ResolvedMotion, startTime: Double, snapshot: PresentedSnapshot?, counts: StaggerRanks.Counts,
        staggers: Bool, words: (old: [Int32], oldCount: Int, new: [Int32], newCount: Int), ink: InkLedger? = nil,
        drawings: (old: [Int32]?, new: [Int32]?) = (nil, nil), rightToLeft: Bool = false, store: MotionStore
    ) {
        self.ink = ink
        (oldDrawings, newDrawings) = drawings
        namesDrawings = drawings.old != nil || drawings.new != nil
        self.animator = animator
        self.change = change
        mutations = change.mutations
        symbols = change.symbols
        oldCount = change.oldGlyphs.count
        newCount = change.newGlyphs.count
        self.old = old
        self.new = new
        self.snapshot = snapshot
        self.motion = motion
        hasTiles = animator.tiles != nil
        origin = startTime.isFinite ? startTime : 0
        var writer = MotionWriter(store: store, origin: origin, fade: animator.style.fade, snapshot: snapshot)
        writer.rightToLeft = rightToLeft
        self.writer = writer
        let reduced = motion == .reduced
        blueprint = reduced ? CrossFadeEffect() : animator.effect
        rules = motion == .none ? .none : blueprint.choreography
        let style = animator.style
        let isMorph = change.mode == .morph
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        var step = reduced || motion == .none || !staggers ? 0 : style.stagger * (isMorph ? max(ratio, 0.3) : 1)
        let widest = max(counts.enteringRanks, counts.exitingRanks)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        self.step = step
        // With clear before fill the old text is out of the way quickly, however long it is.
        let exitRanks = counts.exitingRanks
        exitStep = rules.clearBeforeFill && exitRanks > 1 ? min(step, rules.exitSpread / Double(exitRanks - 1)) : step
        enteringRanks = counts.enteringRanks
        exitingRanks = counts.exitingRanks
        oldWords = words.old
        newWords = words.new
        oldWordCount = words.oldCount
        newWordCount = words.newCount
        oldLineCount = old.lineCount
        newLineCount = new.lineCount
        drift = reduced || motion == .none ? 0 : style.drift * fontSize * (isMorph ? ratio : 1)
        root = SeededRandom(seed: animator.seed)
        context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: fontSize, startTime: startTime.isFinite ? startTime : 0)
    }

    /// The plan's entries: one per mutation, a persisting glyph the coherence
    /// rule breaks becoming an exit, then the arrivals of those glyphs.
    static func entries(
        of change: TextChange, old: AnchoredFrames, new: AnchoredFrames, rules: Choreography, mayHaveMarks: Bool,
        into entries: inout [PlanEntry], broken: inout [Bool], still: inout [Bool]
    ) {
        let mutations = change.mutations
        entries.removeAll(keepingCapacity: true)
        broken.removeAll(keepingCapacity: true)
        broken.append(contentsOf: repeatElement(false, count: mutations.count))
        var breaks = 0
        if rules.coherence {
            breaks = Coherence(
                mutations: mutations, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs, symbols: change.symbols,
                old: old, new: new, rules: rules
            ).breakIncoherentMoves(broken: &broken, still: &still)
        }
        for k in mutations.indices {
            let action = mutations.action(at: k)
            let from = Int32(truncatingIfNeeded: mutations.indexFrom(at: k))
            let to = Int32(truncatingIfNeeded: mutations.indexTo(at: k))
            let glyph = mutations.glyph(at: k)
            switch action {
            case .transform where broken[k]:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .exiting, oldIndex: from, newIndex: -1, glyph: glyph,
                        weight: mutations.weight(ofOld: Int(from))))
            case .transform:
                entries.append(PlanEntry(mutation: Int32(k), role: .persisting, oldIndex: from, newIndex: to, glyph: glyph, weight: 0))
            case .insert:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .entering, oldIndex: -1, newIndex: to, glyph: glyph,
                        weight: mutations.priorityWeight(at: k)))
            case .remove:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .exiting, oldIndex: from, newIndex: -1, glyph: glyph,
                        weight: mutations.priorityWeight(at: k)))
            }
        }
        // A letter that only gains or loses marks keeps its sprite (morph mode: the others swap slots or digits).
        if mayHaveMarks && change.mode == .morph { MarkedLetters.fuse(&entries, change: change) }
        guard breaks > 0 else { return }
        for k in mutations.indices where broken[k] {
            entries.append(
                PlanEntry(
                    mutation: Int32(k), role: .entering, oldIndex: -1,
                    newIndex: Int32(truncatingIfNeeded: mutations.indexTo(at: k)), glyph: mutations.glyph(at: k),
                    weight: mutations.priorityWeight(at: k)))
        }
    }

    /// Plans every entry into `plan` (already reset for this change, its entries
    /// and ranks written, its store's curve index begun at the plan's origin).
    ///
    /// - Complexity: O(n) in glyphs when the mutations are in stagger order (the
    ///   analyzer's), O(n log n) otherwise, plus the timing rules' comparisons
    ///   (leaving glyphs against moving and arriving ones near them).
    func plan(into plan: inout TransitionPlan, entering: Int, exiting: Int) {
        let entries = plan.entries
        let count = entries.count
        plan.rows.append(contentsOf: repeatElement(-1, count: count))
        plan.sources.append(contentsOf: repeatElement(-1, count: count))
        if motion == .none {
            for e in 0..<count { planInstant(entries[e], e, into: &plan) }
        } else {
            let followers = motion == .full
            let oldAnchors = followers && exiting > 0 ? oldCount : 0
            let newAnchors = followers && entering > 0 ? newCount : 0
            let slots = AnchorTable.slots(count: oldAnchors) + AnchorTable.slots(count: newAnchors)
            var leaving = LeavingSprites(snapshot: snapshot, wanted: entering > 0)
            var context = self.context
            let ranks = plan.ranks
            // On the stack for texts of up to about 60 glyphs.
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: slots) { storage in
                withUnsafeTemporaryAllocation(of: AnimationDescriptor.self, capacity: 1) { slot in
                    withUnsafeMutablePointer(to: &context) { context in
                        entries.withUnsafeBufferPointer { entries in
                            let anchors = AnchorTable.build(
                                old: oldAnchors, new: newAnchors, exiting: exiting, entering: entering, entries: entries,
                                storage: storage)
                            var pass = Pass(
                                planner: self, entries: entries, ranks: ranks, entering: entering, exiting: exiting,
                                anchors: anchors, followers: followers, slot: slot.baseAddress!, context: context)
                            pass.run(blueprint, leaving: &leaving, into: &plan)
                        }
                    }
                }
            }
            plan.leftoverEnd = leaving.latestHide(in: writer.store)
        }
        // The rows of the new text, in order.
        let store = writer.store
        store.textRows.removeAll(keepingCapacity: true)
        store.textRows.append(contentsOf: repeatElement(-1, count: newCount))
        for e in 0..<count where entries[e].role != .exiting {
            let i = Int(entries[e].newIndex)
            if i >= 0 && i < newCount { store.textRows[i] = plan.rows[e] }
        }
    }

    /// The instant swap of `.neverAnimate`, from what is presented if a sprite is continued.
    private func planInstant(_ entry: PlanEntry, _ e: Int, into plan: inout TransitionPlan) {
        let glyph = entry.glyph
        let symbol = symbols[glyph]
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        var d: AnimationDescriptor
        switch entry.role {
        case .persisting, .entering:
            let frame = new[to]
            d = .resting(symbol, at: .resting(at: frame.rect.center), box: frame)
        case .exiting:
            let frame = old[from]
            var gone = GlyphState.resting(at: frame.rect.center)
            gone.opacity = 0
            d = AnimationDescriptor(symbol: symbol, from: gone, to: gone, timing: .instant, box: frame)
        }
        var source = -1
        var row: Int32 = -1
        if let snapshot, entry.role != .entering, from < snapshot.textCount {
            // An instant swap starts from what is shown (without carrying its velocity):
            // it is continued in its row, not from the snapshot.
            source = from
            row = snapshot.sprites[from].row
            d.from = snapshot.sprites[from].state
        }
        let index = entry.role == .exiting ? from : to
        let key = source >= 0 ? snapshot!.sprites[source].key : StableHash.of(symbol: symbol, index: index)
        var placement = MotionWriter.Placement(
            start: 0, role: entry.role, glyph: glyph, order: index, key: key, row: row)
        if namesDrawings { placement.drawing = entry.role == .exiting ? drawing(old: from) : drawing(new: to) }
        plan.rows[e] = withUnsafePointer(to: &d) { write($0, placement) }
        plan.sources[e] = Int32(truncatingIfNeeded: source)
    }

    /// Writes a glyph's motion, riding with `follow`, and its tile's when the glyph
    /// is on one; returns the glyph's row.
    func write(
        _ d: UnsafePointer<AnimationDescriptor>, _ placement: MotionWriter.Placement, follow: Follow? = nil
    ) -> Int32 {
        let store = writer.store
        guard hasTiles, let tiles = animator.tiles, !symbols.isWhitespace(placement.glyph) else {
            let row = writer.write(d, placement, follow: follow)
            if placement.row >= 0 { store.setTile(of: row, to: -1) }
            return row
        }
        var glyph = placement
        glyph.tint = !tiles.pulse
        let row = writer.write(d, glyph, follow: follow)
        var tile = placement
        tile.kind = .rect
        tile.drawing = -1
        tile.fromDrawing = -1
        tile.row = placement.row >= 0 ? store.tiles[Int(placement.row)] : -1
        tile.tint = tiles.pulse
        let shape = tiles.shape(for: d.pointee.box.rect.size)
        let drawing = ShapeRow(
            key: "tile", from: shape, to: shape, layer: .belowText, glyphSprite: store.motion(row).id,
            tintsStroke: tiles.pulse)
        store.setTile(of: row, to: writer.write(d, tile, follow: follow, shape: drawing))
        return row
    }

    /// Asks the blueprint for the motion of entry `e` into `slot` (initialized on
    /// return, sanitised, as the effect said it) and places it: when it starts
    /// (the stagger plus the descriptor's own delay), the sprite it continues, the
    /// key of its random traits. The caller adds holds and the anchor and writes it.
    func describe<Blueprint: EffectBlueprint>(
        _ entry: PlanEntry, rank: Int, peers: Int, anchorDisplacement: Vector, caught: Int?,
        blueprint: Blueprint, slot: UnsafeMutablePointer<AnimationDescriptor>, context: inout EffectContext
    ) -> (placement: MotionWriter.Placement, source: Int) {
        let role = entry.role
        let glyph = entry.glyph
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        let index = role == .exiting ? from : to
        context.index = index
        context.count = role == .exiting ? oldCount : newCount
        context.rank = rank
        context.peers = peers
        context.textBounds = role == .exiting ? old.bounds : new.bounds
        context.stableHash = StableHash.of(glyph: glyph, in: symbols, index: index)
        let words = role == .exiting ? oldWords : newWords
        context.word = index >= 0 && index < words.count ? Int(words[index]) : 0
        context.wordCount = role == .exiting ? oldWordCount : newWordCount
        context.line = (role == .exiting ? old : new)[index].line
        context.lineCount = role == .exiting ? oldLineCount : newLineCount
        let stagger = role == .persisting ? 0 : (role == .exiting ? exitStep : step) * Double(rank)
        context.anchorDisplacement = anchorDisplacement
        if let ink { context.ink = ink.ink(role: role, index: index) }
        // The sprite this glyph continues: its own for a glyph of the old text, or
        // a leaving one the new text brings back.
        var source = caught ?? -1
        if let snapshot, role != .entering, from < snapshot.textCount { source = from }
        // A glyph's random traits are keyed by where it was born: its place in the
        // old text (at rest there) or, entering, in the new one.
        let key =
            source >= 0
            ? snapshot!.sprites[source].key
            : role != .persisting ? context.stableHash : StableHash.of(glyph: glyph, in: symbols, index: from)
        context.random = root.derived(key ^ (role == .exiting ? 0x5EED : 0))
        let m = GlyphMutation(
            action: role == .entering ? .insert : role == .exiting ? .remove : .transform,
            indexFrom: from >= 0 ? from : nil, indexTo: to >= 0 ? to : nil, symbol: symbols[glyph], priorityWeight: entry.weight)
        // The context is inout so that the effect borrows it as it is: read
        // through a pointer it was copied (~250 bytes, its style retained) per glyph.
        let box: GlyphFrame
        switch role {
        case .persisting:
            box = new[to]
            slot.initialize(
                to: blueprint.layoutPersisting(glyph: m, from: old[from].rect, to: box.rect, context: context))
        case .entering:
            box = new[to]
            slot.initialize(to: blueprint.layoutInitial(glyph: m, frame: box.rect, context: context))
        case .exiting:
            box = old[from]
            slot.initialize(to: blueprint.layoutFinal(glyph: m, frame: box.rect, context: context))
        }
        // The layout says where the glyph's box is, whatever the effect returned.
        slot.pointee.box = box
        GlyphAnimator.sanitize(&slot.pointee)
        var placement = MotionWriter.Placement(
            start: stagger + slot.pointee.delay, role: role, glyph: glyph, order: index, key: key)
        if let snapshot, source >= 0 {
            placement.source = Int32(truncatingIfNeeded: source)
            placement.row = snapshot.sprites[source].row
            placement.startNow = role != .exiting
        }
        if namesDrawings { placeDrawings(&placement, from: from, to: to, source: source) }
        return (placement, source)
    }
}

/// The snapshot's leaving sprites by glyph, for the new text to catch back.
struct LeavingSprites {
    /// Indices into the snapshot's sprites, sorted by glyph then index; −1 once caught.
    private var order: [Int32] = []
    private var glyphs: [GlyphID] = []
    private let snapshot: PresentedSnapshot?

    init(snapshot: PresentedSnapshot?, wanted: Bool) {
        self.snapshot = snapshot
        guard let snapshot, snapshot.sprites.count > snapshot.textCount else { return }
        order = (snapshot.textCount..<snapshot.sprites.count).map { Int32($0) }
        guard wanted else { return }
        order.sort { a, b in
            let ga = snapshot.sprites[Int(a)].glyph, gb = snapshot.sprites[Int(b)].glyph
            return ga != gb ? ga < gb : a < b
        }
        glyphs = order.map { snapshot.sprites[Int($0)].glyph }
    }

    /// The nearest leaving sprite showing `glyph` within `radius` of `point`
    /// (by default anywhere: a glyph the new text brings back is never shown
    /// twice), taken out of the candidates; ties go to the earlier sprite.
    mutating func catchSprite(_ glyph: GlyphID, near point: Point, within radius: Double = .infinity) -> Int? {
        guard !glyphs.isEmpty, let snapshot else { return nil }
        // The first candidate with this glyph.
        var low = 0, high = glyphs.count
        while low < high {
            let middle = (low + high) / 2
            if glyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        var best = -1
        var bestDistance = Double.infinity
        var slot = low
        while slot < glyphs.count && glyphs[slot] == glyph {
            let index = Int(order[slot])
            if index >= 0 {
                let d = (snapshot.sprites[index].state.position - point).length
                if d <= radius, best < 0 || d < bestDistance {
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

    /// When the last leaving sprite nobody caught is gone, on the store's clock
    /// (−∞ when there is none): they hold the transition's settle back.
    func latestHide(in store: MotionStore) -> Double {
        guard let snapshot else { return -.infinity }
        var end = -Double.infinity
        for index in order where index >= 0 {
            let row = snapshot.sprites[Int(index)].row
            if store.isLive(row) { end = max(end, store.pool[unchecked: Int(row)].hide) }
        }
        return end
    }
}
