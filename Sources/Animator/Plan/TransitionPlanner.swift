import Analyzer

/// One `GlyphAnimator.plan` call at work: it asks the effect once per role for
/// its template, places each glyph by its role's template (the stagger, the
/// anchor it rides with, the choreography's holds, the sprite on screen it
/// continues) and has the `MotionWriter` write it, once, into the plan's store.
///
/// A plan has one entry per mutation, in the change's order, then one more per
/// persisting glyph the choreography made leave and enter instead of moving
/// (its arrival; its mutation's entry is its exit). The effect is asked per
/// glyph only when its template says the glyphs vary.
final class TransitionPlanner {
    let animator: GlyphAnimator
    let change: TextChange
    let mutations: MutationList
    let symbols: GlyphTable
    let oldCount: Int
    let newCount: Int
    let old: AnchoredFrames
    let new: AnchoredFrames
    /// The glyphs the plan works on one by one; the others keep their rows.
    let window: PlanWindow
    /// What is on screen, when the plan continues what a store or a caller shows.
    let onScreen: OnScreen?
    let writer: MotionWriter
    /// When the plan starts on the store's clock.
    let origin: Double
    /// The effect actually used (the cross-fade under reduced motion).
    let blueprint: AnyEffect
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
    let fontSize: Double
    private let root: SeededRandom
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

    /// The role templates of this plan, made when a glyph of the role first
    /// needs one (see `TemplateSlot`), and a slot for a glyph's own motion.
    private let templates: UnsafeMutablePointer<PlanTemplate>

    /// What the planner works on glyph by glyph: the glyph being placed and
    /// written, its variation, its tracks, the first crossings found so far.
    /// They sit behind pointers the planner owns, so that nothing of them is
    /// copied per glyph, nor checked for exclusive access per glyph as a
    /// class's stored properties are (the checks and copies were half of a
    /// label's `setText`, measured with callgrind).
    struct Scratch {
        /// Which templates are made (a bit per `TemplateSlot`).
        var made: UInt8 = 0
        /// The tracks of the glyph being written.
        var tracks: [MotionWriter.GlyphTrack] = []
        /// First crossings of the curves the timing rules ask about.
        var crossings = CrossingCache()
        /// The new text's glyphs whose rows were written (not kept as they rest): the store's `textDirty` after the plan.
        var written = 0..<0
    }

    /// The planner's working memory (its templates' slots, its scratch, the
    /// glyph being placed, its variation and placements), kept by the plan
    /// from one change to the next so that a change allocates none of it
    /// again. A planner uses it alone: `GlyphAnimator` gives a plan that
    /// shares it with a copy a memory of its own first.
    final class Memory {
        let templates: UnsafeMutablePointer<PlanTemplate>
        let scratch: UnsafeMutablePointer<Scratch>
        let glyph: UnsafeMutablePointer<PlacedGlyph>
        let variation: UnsafeMutablePointer<GlyphVariation>
        let placement: UnsafeMutablePointer<MotionWriter.Placement>
        /// The one allocation holding all of the above.
        private let block: PackedBuffers.Block

        init() {
            var layout = PackedBuffers()
            let templates = layout.add(PlanTemplate.self, count: TemplateSlot.own.rawValue + 1)
            let scratch = layout.add(Scratch.self, count: 1)
            let glyph = layout.add(PlacedGlyph.self, count: 1)
            let variation = layout.add(GlyphVariation.self, count: 1)
            let placement = layout.add(MotionWriter.Placement.self, count: 2)
            block = layout.allocate()
            // No template slot is initialized between plans (`Scratch.made` is 0).
            self.templates = block.buffer(templates, of: PlanTemplate.self)
            self.scratch = block.buffer(scratch, of: Scratch.self)
            self.scratch.initialize(to: Scratch())
            self.glyph = block.buffer(glyph, of: PlacedGlyph.self)
            self.glyph.initialize(to: Self.noGlyph)
            self.variation = block.buffer(variation, of: GlyphVariation.self)
            self.variation.initialize(to: GlyphVariation(template: RoleTemplate(timing: .instant)))
            self.placement = block.buffer(placement, of: MotionWriter.Placement.self)
            self.placement.initialize(repeating: Self.noPlacement, count: 2)
        }

        /// What a plan starts from: no glyph placed yet (the first one placed
        /// takes its template's states: it shares no pose), no placement.
        static let noGlyph = PlacedGlyph(
            from: .zero, to: .zero, delay: 0, box: GlyphFrame(rect: .zero, baseline: 0, line: 0), template: 0,
            sharesPose: false, varies: false, hasLane: false, laneAmplitude: 0, laneCurve: .instant)
        static let noPlacement = MotionWriter.Placement(start: 0, role: .persisting, glyph: 0, order: 0, key: 0)

        /// Back to what a new plan starts from, the lists' storage kept. The
        /// last plan's placed glyph above all: `place` takes a template's states
        /// afresh only when the glyph before followed another template.
        func reset() {
            scratch.pointee.made = 0
            scratch.pointee.tracks.removeAll(keepingCapacity: true)
            // Its crossings name curve values that may be gone.
            scratch.pointee.crossings.removeAll()
            scratch.pointee.written = 0..<0
            glyph.pointee = Self.noGlyph
            variation.pointee.reset()
            placement.update(repeating: Self.noPlacement, count: 2)
        }

        deinit {
            scratch.deinitialize(count: 1)
            glyph.deinitialize(count: 1)
            variation.deinitialize(count: 1)
            placement.deinitialize(count: 2)
            block.deallocate()
        }
    }

    /// Holds the pointers below.
    private let memory: Memory
    private let scratch: UnsafeMutablePointer<Scratch>
    /// The glyph being placed.
    let glyph: UnsafeMutablePointer<PlacedGlyph>
    /// Its variation (the storage kept from glyph to glyph).
    let variation: UnsafeMutablePointer<GlyphVariation>
    /// Where and when it starts (see `place`), and its tile's, when it has one.
    let placement: UnsafeMutablePointer<MotionWriter.Placement>
    private let tilePlacement: UnsafeMutablePointer<MotionWriter.Placement>

    /// First crossings of the curves the timing rules ask about.
    var crossings: CrossingCache {
        _read { yield scratch.pointee.crossings }
        _modify { yield &scratch.pointee.crossings }
    }

    /// Notes that the row of glyph `index` of the new text was written.
    @inline(__always)
    func noteWritten(_ index: Int) {
        let written = scratch.pointee.written
        scratch.pointee.written =
            written.isEmpty ? index..<(index + 1) : min(written.lowerBound, index)..<max(written.upperBound, index + 1)
    }

    private var made: UInt8 {
        get { scratch.pointee.made }
        set { scratch.pointee.made = newValue }
    }

    /// The most pairs of leaving and moving or arriving glyphs a change may
    /// have for the timing rules to run; beyond (two unrelated texts of ten
    /// thousand glyphs), a huge change keeps the coherence rule only. The rules
    /// look up only the marks near each glyph (`MarkBands`), so this is no
    /// longer what bounds their cost at the length of a paragraph: at 200,000
    /// it switched clear-before-fill off for any paragraph of 1,000 glyphs or
    /// so with a sentence changed, and garbled 10–50 % of its frames.
    static let timingPairLimit = 100_000_000

    init(
        _ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames,
        window: PlanWindow? = nil, still: consuming RoleTemplate? = nil, fontSize: Double, motion: ResolvedMotion,
        startTime: Double, onScreen: OnScreen?, counts: StaggerRanks.Counts,
        staggers: Bool, words: (old: [Int32], oldCount: Int, new: [Int32], newCount: Int), ink: InkLedger? = nil,
        drawings: (old: [Int32]?, new: [Int32]?) = (nil, nil), rightToLeft: Bool = false, store: MotionStore,
        memory: Memory
    ) {
        self.ink = ink
        (oldDrawings, newDrawings) = drawings
        namesDrawings = drawings.old != nil || drawings.new != nil
        self.animator = animator
        self.change = change
        mutations = change.mutations
        symbols = change.symbols
        oldCount = change.oldGlyphCount
        newCount = change.newGlyphCount
        self.window = window ?? .whole(old: oldCount, new: newCount)
        self.old = old
        self.new = new
        self.onScreen = onScreen
        self.motion = motion
        self.fontSize = fontSize
        hasTiles = animator.tiles != nil
        origin = startTime.isFinite ? startTime : 0
        var writer = MotionWriter(
            store: store, origin: origin, fade: animator.style.fade, onScreen: onScreen ?? OnScreen(PresentedSnapshot()))
        writer.rightToLeft = rightToLeft
        self.writer = writer
        let reduced = motion == .reduced
        blueprint = reduced ? AnyEffect(CrossFadeEffect()) : animator.effect
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
        drift = Self.drift(style: style, fontSize: fontSize, change: change, motion: motion)
        root = SeededRandom(seed: animator.seed)
        self.memory = memory
        templates = memory.templates
        scratch = memory.scratch
        glyph = memory.glyph
        variation = memory.variation
        placement = memory.placement
        memory.reset()
        tilePlacement = placement + 1
        if let still = consume still { setTemplate(.still, to: still) }
    }

    /// How far entering and exiting glyphs drift, in points: the style's drift
    /// in ems, scaled by the change ratio in morph mode; none without full motion.
    static func drift(style: MotionStyle, fontSize: Double, change: TextChange, motion: ResolvedMotion) -> Double {
        guard motion == .full else { return 0 }
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        return style.drift * fontSize * (change.mode == .morph ? ratio : 1)
    }

    /// The transition as the effect sees a persisting glyph that stays in
    /// place (`context(.still)`), made before a planner is: whether its template
    /// changes nothing decides which glyphs the plan keeps as they are.
    static func stillContext(
        change: TextChange, new: AnchoredFrames, wordCount: Int, style: MotionStyle, fontSize: Double,
        motion: ResolvedMotion, startTime: Double
    ) -> TransitionContext {
        TransitionContext(
            role: .persisting, moves: false, count: change.newGlyphCount, peers: 1, wordCount: wordCount,
            lineCount: new.lineCount, lineHeight: new.lineHeight,
            changeRatio: change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1, trend: change.trend,
            mode: change.mode, style: style, drift: drift(style: style, fontSize: fontSize, change: change, motion: motion),
            fontSize: fontSize, textBounds: new.bounds, startTime: startTime.isFinite ? startTime : 0, ink: .none)
    }

    deinit {
        // The memory is the plan's, for its next change: only the templates go.
        for slot in 0...TemplateSlot.own.rawValue where made & (1 << slot) != 0 { (templates + slot).deinitialize(count: 1) }
        made = 0
    }

    /// The plan's entries: one per mutation of the window (see `PlanWindow`), a
    /// persisting glyph the coherence rule breaks becoming an exit, then the
    /// arrivals of those glyphs. Returns false, writing nothing useful, when
    /// the rule breaks a run that reaches into a kept end (the window must then
    /// be the whole change).
    static func entries(
        of change: TextChange, window: PlanWindow, old: AnchoredFrames, new: AnchoredFrames, rules: Choreography,
        into entries: inout [PlanEntry], broken: inout [Bool], still: inout [Bool]
    ) -> Bool {
        let mutations = change.mutations
        let newRange = window.newRange
        let removes = window.newCount..<mutations.count
        entries.removeAll(keepingCapacity: true)
        broken.removeAll(keepingCapacity: true)
        broken.append(contentsOf: repeatElement(false, count: newRange.count + removes.count))
        var breaks = 0
        if rules.coherence {
            let coherence = Coherence(
                mutations: mutations, window: window, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs,
                visible: change.visible, symbols: change.symbols, old: old, new: new, rules: rules)
            guard let count = coherence.breakIncoherentMoves(broken: &broken, still: &still) else { return false }
            breaks = count
        }
        // Every entry at once, a broken move's arrival included (it is appended last).
        entries.reserveCapacity(newRange.count + removes.count + breaks)
        // Broken is indexed by the window's mutations: its new glyphs', then the removes'.
        let total = newRange.count + removes.count
        for position in 0..<total {
            let k = window.mutation(at: position)
            let action = mutations.action(at: k)
            let from = Int32(truncatingIfNeeded: mutations.indexFrom(at: k))
            let to = Int32(truncatingIfNeeded: mutations.indexTo(at: k))
            let glyph = mutations.glyph(at: k)
            switch action {
            case .transform where broken[position]:
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
        // A letter that only gains or loses marks keeps its sprite (morph mode: the others
        // swap slots or digits); plain ASCII has no marks.
        if change.mode == .morph,
            entries.contains(where: { $0.role != .persisting && !change.symbols.isASCII($0.glyph) })
        {
            MarkedLetters.fuse(&entries, change: change)
        }
        guard breaks > 0 else { return true }
        for position in 0..<total where broken[position] {
            let k = window.mutation(at: position)
            entries.append(
                PlanEntry(
                    mutation: Int32(k), role: .entering, oldIndex: -1,
                    newIndex: Int32(truncatingIfNeeded: mutations.indexTo(at: k)), glyph: mutations.glyph(at: k),
                    weight: mutations.priorityWeight(at: k)))
        }
        return true
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
        plan.rows.append(contentsOf: repeatElement(.none, count: count))
        plan.sources.append(contentsOf: repeatElement(.none, count: count))
        if motion == .none {
            for e in 0..<count { planInstant(entries[e], e, into: &plan) }
        } else {
            let followers = motion == .full
            let oldAnchors = followers && exiting > 0 ? window.oldRange : 0..<0
            let newAnchors = followers && entering > 0 ? window.newRange : 0..<0
            let slots = AnchorTable.slots(count: oldAnchors.count) + AnchorTable.slots(count: newAnchors.count)
            var catchable = LeavingSprites(onScreen: onScreen, wanted: entering > 0)
            let ranks = plan.ranks
            // On the stack for texts of up to about 60 glyphs.
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: slots) { storage in
                entries.withUnsafeBufferPointer { entries in
                    let anchors = AnchorTable.build(
                        old: oldAnchors, new: newAnchors, exiting: exiting, entering: entering, entries: entries,
                        storage: storage)
                    var pass = Pass(
                        planner: self, entries: entries, ranks: ranks, entering: entering, exiting: exiting,
                        anchors: anchors, followers: followers)
                    pass.run(leaving: &catchable, into: &plan)
                }
            }
            plan.leftoverEnd = catchable.latestHide(in: writer.store)
        }
        for slot in 0...TemplateSlot.own.rawValue where made & (1 << slot) != 0 {
            writer.store.tables.dropPoseIfUnused(templates[slot].poseID)
        }
        // The rows of the new text, in order: the kept ones stay where they are
        // (those at the end shifted, in their reading order too), the window's are written.
        let store = writer.store
        let newRange = window.newRange
        if window.isWhole {
            store.textRows.removeAll(keepingCapacity: true)
            store.textRows.append(contentsOf: repeatElement(.none, count: newCount))
        } else {
            store.textRows.replaceSubrange(window.oldRange, with: repeatElement(.none, count: newRange.count))
        }
        for e in 0..<count where entries[e].role != .exiting {
            let i = Int(entries[e].newIndex)
            if newRange.contains(i) { store.textRows[i] = plan.rows[e] }
        }
        if window.shift != 0 {
            for j in newRange.upperBound..<newCount { store.setOrder(of: store.textRows[j], to: j) }
        }
        store.textDirty = scratch.pointee.written
    }

    // MARK: - Templates

    /// Which template a glyph follows: its role's (the persisting glyphs that
    /// move and those that stay have one each), or its own motion.
    enum TemplateSlot: Int {
        case entering, exiting, moving, still, own
    }

    /// The template of a slot, asked of the effect the first time a glyph needs it.
    @inline(__always)
    func template(_ slot: TemplateSlot) -> UnsafeMutablePointer<PlanTemplate> {
        if _slowPath(scratch.pointee.made & (1 << slot.rawValue) == 0) { makeTemplate(slot) }
        return templates + slot.rawValue
    }

    /// Asks the effect for a role's template and registers its curves.
    @inline(never)
    private func makeTemplate(_ slot: TemplateSlot) {
        setTemplate(slot, to: blueprint.template(in: context(slot)))
    }

    /// Makes `template` the template of `slot` (not yet made), its curves registered.
    private func setTemplate(_ slot: TemplateSlot, to template: consuming RoleTemplate) {
        (templates + slot.rawValue).initialize(to: PlanTemplate(template, curves: writer.store.curves))
        made |= 1 << slot.rawValue
    }

    /// Makes `template` the own template, the motion of the glyph being placed.
    private func setOwnTemplate(_ template: consuming RoleTemplate) {
        let slot = TemplateSlot.own.rawValue
        let bit: UInt8 = 1 << slot
        if made & bit != 0 {
            writer.store.tables.dropPoseIfUnused(templates[slot].poseID)
            (templates + slot).deinitialize(count: 1)
        }
        (templates + slot).initialize(to: PlanTemplate(template, curves: writer.store.curves))
        made |= bit
    }

    /// The template of a placed glyph.
    @inline(__always)
    func template(of glyph: UnsafePointer<PlacedGlyph>) -> UnsafeMutablePointer<PlanTemplate> {
        templates + glyph.pointee.template
    }

    /// A placed glyph's motion as a descriptor, relative to its start: for
    /// the rules that must sample a glyph with tracks.
    func descriptor(of glyph: PlacedGlyph) -> AnimationDescriptor {
        let t = templates[glyph.template]
        var tracks = t.template.tracks
        if glyph.varies {
            let v = variation.pointee
            for k in tracks.indices {
                if k < v.amplitudes.count, v.amplitudes[k].isFinite { tracks[k].amplitude = v.amplitudes[k] }
                if k < v.trackOffsets.count, v.trackOffsets[k].isFinite { tracks[k].timeOffset = v.trackOffsets[k] }
            }
        }
        if glyph.hasLane {
            tracks.append(
                ChannelTrack(
                    channel: .y, amplitude: glyph.laneAmplitude, curve: writer.store.curves[value: glyph.laneCurve],
                    timeOffset: Pass.laneOpening))
        }
        return AnimationDescriptor(
            symbol: " ", from: glyph.from, to: glyph.to, timing: t.template.timing, opacityTiming: t.template.opacityTiming,
            delay: glyph.delay, tracks: tracks)
    }

    /// The transition as the effect sees one role of it.
    private func context(_ slot: TemplateSlot) -> TransitionContext {
        let role: SpriteRole = slot == .entering ? .entering : slot == .exiting ? .exiting : .persisting
        let exiting = role == .exiting
        let frames = exiting ? old : new
        let inkTotals: GlyphInk
        if let ink {
            inkTotals = ink.totals(role: role)
        } else {
            inkTotals = .none
        }
        return TransitionContext(
            role: role, moves: slot == .moving, count: exiting ? oldCount : newCount,
            peers: role == .entering ? enteringRanks : exiting ? exitingRanks : 1,
            wordCount: exiting ? oldWordCount : newWordCount, lineCount: exiting ? oldLineCount : newLineCount,
            lineHeight: frames.lineHeight, changeRatio: change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1,
            trend: change.trend, mode: change.mode, style: animator.style, drift: drift, fontSize: fontSize,
            textBounds: frames.bounds, startTime: origin, ink: inkTotals)
    }

    // MARK: - Placing glyphs

    /// The instant swap of `.neverAnimate`, from what is presented if a sprite is continued.
    private func planInstant(_ entry: PlanEntry, _ e: Int, into plan: inout TransitionPlan) {
        let glyph = entry.glyph
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        let box: GlyphFrame
        var start: GlyphState, end: GlyphState
        switch entry.role {
        case .persisting, .entering:
            box = new[to]
            start = .resting(at: box.rect.center)
            end = start
        case .exiting:
            box = old[from]
            var gone = GlyphState.resting(at: box.rect.center)
            gone.opacity = 0
            (start, end) = (gone, gone)
        }
        var source = ShownID.none
        var row = RowID.none
        if let onScreen, entry.role != .entering, from < onScreen.textCount {
            // An instant swap starts from what is shown (without carrying its velocity):
            // it is continued in its row, not from the snapshot.
            source = ShownID(from)
            row = onScreen.row(source)
            start = onScreen.state(source)
        }
        let index = entry.role == .exiting ? from : to
        let key = source.isNone ? StableHash.of(glyph: glyph, in: symbols, index: index) : onScreen!.key(source)
        placement.pointee = MotionWriter.Placement(start: 0, role: entry.role, glyph: glyph, order: index, key: key, row: row)
        if namesDrawings { placement.pointee.drawing = entry.role == .exiting ? drawing(old: from) : drawing(new: to) }
        self.glyph.pointee = PlacedGlyph(
            from: start, to: end, delay: 0, box: box, template: TemplateSlot.own.rawValue, sharesPose: false,
            varies: false, hasLane: false, laneAmplitude: 0, laneCurve: .instant)
        if made & (1 << TemplateSlot.own.rawValue) == 0 { setOwnTemplate(RoleTemplate(timing: .instant)) }
        plan.rows[e] = write()
        plan.sources[e] = source
        if entry.role != .exiting { noteWritten(to) }
    }

    /// What a sprite caught at rest does in its new motion, when only its
    /// two ends and its rest matter (no tracks, particles, anchor to ride,
    /// tiles, change of drawing or of tint).
    enum Stillness {
        /// It shows nothing (no opacity) and leaves, its exit ending with no
        /// opacity (an arrival turned back before it began): it would be
        /// opacity 0 from start to end, and is hidden at once (`MotionWriter.hidden`).
        case unseen
        /// It shows exactly the state its motion ends in (a leaving glyph
        /// brought back before its exit began): its motion changes nothing,
        /// and is written at rest (`MotionWriter.constant`), as it presents.
        case atItsEnd
        /// Anything else: the general writer works the motion out.
        case moves
    }

    /// See `Stillness`.
    @inline(__always)
    func stillness(
        _ d: UnsafePointer<PlacedGlyph>, template t: UnsafeMutablePointer<PlanTemplate>,
        placement p: UnsafePointer<MotionWriter.Placement>, follow: Follow?
    ) -> Stillness {
        guard d.pointee.isShown, d.pointee.shownVelocity.isZero, follow == nil, p.pointee.tint, !hasTiles,
            !d.pointee.hasLane, !t.pointee.hasTracks, !t.pointee.hasEmitter, !p.pointee.reshapes
        else { return .moves }
        if p.pointee.role == .exiting && d.pointee.shown.opacity == 0 && d.pointee.to.opacity == 0 { return .unseen }
        return d.pointee.shown.isIdentical(to: d.pointee.to) ? .atItsEnd : .moves
    }

    /// Writes the placed glyph's motion (`glyph`, `placement`), riding with
    /// `follow`, and its tile's when the glyph is on one; returns the glyph's row.
    func write(follow: Follow? = nil) -> RowID {
        let store = writer.store
        let d = glyph, p = placement
        let t = templates + d.pointee.template
        let variation = UnsafePointer(self.variation)
        // What the sprite shows now, read before its row is written over: its tile starts from it too.
        // A leaving sprite at rest just where a plain motion (no tracks, particles,
        // anchor, tile or change of drawing) starts needs none of it: the writer
        // writes such a sprite as one that starts there afresh.
        let source = p.pointee.source
        if !source.isNone
            && (p.pointee.startNow || !d.pointee.sharesPose || !t.pointee.fromIsRest || d.pointee.hasLane
                || t.pointee.hasTracks || t.pointee.hasEmitter || follow != nil || hasTiles || p.pointee.reshapes
                || !onScreen!.restsExactly(source, at: d.pointee.from.position))
        {
            onScreen!.present(source, into: d)
        } else {
            d.pointee.isShown = false
        }
        guard hasTiles, let tiles = animator.tiles, !symbols.isWhitespace(p.pointee.glyph) else {
            let row: RowID
            switch stillness(d, template: t, placement: p, follow: follow) {
            case .unseen: row = writer.hidden(d, placement: p, origin: origin)
            case .atItsEnd: row = writer.constant(d, placement: p)
            case .moves: row = writer.write(d, template: t, variation: variation, p, follow: follow, tracks: &scratch.pointee.tracks)
            }
            if !p.pointee.row.isNone { store.setTile(of: row, to: .none) }
            return row
        }
        let tile = tilePlacement
        tile.pointee = p.pointee
        p.pointee.tint = !tiles.pulse
        let row = writer.write(d, template: t, variation: variation, p, follow: follow, tracks: &scratch.pointee.tracks)
        // (Its glyph's drawings kept: a glyph that changes form keeps its start edge where it was,
        // and its tile moves with it.)
        tile.pointee.kind = .rect
        tile.pointee.row = tile.pointee.row.isNone ? .none : store.tile(of: tile.pointee.row)
        tile.pointee.tint = tiles.pulse
        let shape = tiles.shape(for: d.pointee.box.rect.size)
        let drawing = ShapeRow(
            key: "tile", from: shape, to: shape, layer: .belowText, glyphSprite: store[row].id, tintsStroke: tiles.pulse)
        let tileRow = withUnsafePointer(to: drawing) {
            writer.write(
                d, template: t, variation: variation, tile, follow: follow, shape: $0, tracks: &scratch.pointee.tracks)
        }
        store.setTile(of: row, to: tileRow)
        // The two move as one until the later of them is over (the tint one of them has may last
        // longer): a velocity carried into both fades out the same way in both.
        let settle = max(store.settle(of: row), store.settle(of: tileRow))
        store.setSettle(of: row, to: settle)
        store.setSettle(of: tileRow, to: settle)
        return row
    }

    /// Places entry `e` into `glyph` and `placement`: its template (asking the
    /// effect for the glyph's variation when the template varies), its start
    /// and end states at its boxes, when it starts (the stagger plus its own
    /// delay), the sprite it continues and the key of its random traits; returns
    /// that sprite (or none). The caller adds holds and the anchor and writes it.
    @discardableResult
    func place(_ entry: PlanEntry, rank: Int, peers: Int, anchorDisplacement: Vector, caught: ShownID) -> ShownID {
        let role = entry.role
        let glyph = entry.glyph
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        let index = role == .exiting ? from : to
        let box = role == .exiting ? old[from] : new[to]
        let start = role == .persisting ? old[from].rect.center : box.rect.center
        let stagger = role == .persisting ? 0 : (role == .exiting ? exitStep : step) * Double(rank)
        // The sprite this glyph continues: its own for a glyph of the old text, or
        // a leaving one the new text brings back.
        var source = caught
        if let onScreen, role != .entering, from < onScreen.textCount { source = ShownID(from) }
        let moves = role == .persisting && start != box.rect.center
        var slot: TemplateSlot = role == .entering ? .entering : role == .exiting ? .exiting : moves ? .moving : .still
        var t = template(slot)
        // A glyph's random traits are keyed by where it was born: its place in the
        // old text (at rest there) or, entering, in the new one.
        let key: UInt64
        if !source.isNone {
            key = onScreen!.key(source)
        } else {
            key = StableHash.of(glyph: glyph, in: symbols, index: role != .persisting ? index : from)
        }
        var varies = false
        if t.pointee.variesPerGlyph || t.pointee.hasEmitter {
            let stableHash = StableHash.of(glyph: glyph, in: symbols, index: index)
            (slot, t, varies) = vary(
                slot, entry, role: role, index: index, box: box, moves: moves, rank: rank, peers: peers, key: key,
                stableHash: stableHash, anchorDisplacement: anchorDisplacement)
        }
        // The glyph's states are written in place: the template's, put at its boxes.
        let g = self.glyph
        var sharesPose = true
        var delay = t.pointee.delay
        let copied = varies || slot == .own
        if copied {
            g.pointee.from = t.pointee.template.from
            g.pointee.to = t.pointee.template.to
            let scale = variation.pointee.scale
            if varies, slot != .own, t.pointee.scalesPerGlyph, scale != 1, scale.isFinite {
                t.pointee.template.scale(&g.pointee.from, &g.pointee.to, by: scale, role: role)
                sharesPose = false
            }
            if variation.pointee.delay.isFinite { delay = max(delay + variation.pointee.delay, 0) }
        } else if g.pointee.template != slot.rawValue || !g.pointee.sharesPose {
            // The glyph before followed another template (or its own states): take this one's.
            g.pointee.from = t.pointee.template.from
            g.pointee.to = t.pointee.template.to
        }
        // The offsets from the boxes' centres: the template's, or the glyph's own once varied.
        let fromOffset = copied ? g.pointee.from.position : t.pointee.template.from.position
        let toOffset = copied ? g.pointee.to.position : t.pointee.template.to.position
        let startCenter = t.pointee.startsAtNewPlace ? box.rect.center : start
        g.pointee.from.position.x = startCenter.x + fromOffset.x
        g.pointee.from.position.y = startCenter.y + fromOffset.y
        g.pointee.to.position.x = box.rect.center.x + toOffset.x
        g.pointee.to.position.y = box.rect.center.y + toOffset.y
        // A template's numbers that are not finite, here or once placed, never reach a frame.
        if !sharesPose || !t.pointee.isFinite || !(g.pointee.from.position.x + g.pointee.from.position.y
            + g.pointee.to.position.x + g.pointee.to.position.y).isFinite
        {
            if !MotionWriter.isFinite(g.pointee.to) {
                g.pointee.to = .resting(at: box.rect.center)
                sharesPose = false
            }
            if !MotionWriter.isFinite(g.pointee.from) {
                g.pointee.from = g.pointee.to
                sharesPose = false
            }
        }
        if !delay.isFinite { delay = 0 }
        g.pointee.delay = delay
        g.pointee.box = box
        g.pointee.template = slot.rawValue
        g.pointee.sharesPose = sharesPose
        g.pointee.varies = varies && slot != .own
        g.pointee.hasLane = false
        let p = placement
        p.pointee = MotionWriter.Placement(start: stagger + delay, role: role, glyph: glyph, order: index, key: key)
        if let onScreen, !source.isNone {
            p.pointee.source = source
            p.pointee.row = onScreen.row(source)
            p.pointee.startNow = role != .exiting
        }
        if namesDrawings { placeDrawings(&p.pointee, from: from, to: to, source: source) }
        return source
    }

    /// Draws a glyph's particle seed and, when its template varies per glyph,
    /// asks the effect for its variation; returns the template it follows then
    /// (its own motion, when the effect gives one) and whether it varies.
    @inline(never)
    private func vary(
        _ slot: TemplateSlot, _ entry: PlanEntry, role: SpriteRole, index: Int, box: GlyphFrame, moves: Bool, rank: Int,
        peers: Int, key: UInt64, stableHash: UInt64, anchorDisplacement: Vector
    ) -> (TemplateSlot, UnsafeMutablePointer<PlanTemplate>, Bool) {
        let t = template(slot)
        let random = root.derived(key ^ (role == .exiting ? 0x5EED : 0))
        var draw = random
        variation.pointee.reset(to: t.pointee.template, seed: draw.next())
        guard t.pointee.variesPerGlyph else { return (slot, t, true) }
        let words = role == .exiting ? oldWords : newWords
        let context = EffectContext(
            role: role, frame: box.rect, moves: moves, index: index, count: role == .exiting ? oldCount : newCount,
            rank: rank, peers: peers, word: index >= 0 && index < words.count ? Int(words[index]) : 0,
            wordCount: role == .exiting ? oldWordCount : newWordCount, line: box.line,
            lineCount: role == .exiting ? oldLineCount : newLineCount,
            lineHeight: (role == .exiting ? old : new).lineHeight,
            changeRatio: change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1,
            trend: change.trend, mode: change.mode, style: animator.style, drift: drift,
            anchorDisplacement: anchorDisplacement, fontSize: fontSize,
            textBounds: role == .exiting ? old.bounds : new.bounds, random: random, stableHash: stableHash,
            startTime: origin, ink: ink?.ink(role: role, index: index) ?? .none)
        blueprint.vary(&variation.pointee, context: context)
        guard let own = variation.pointee.motion else { return (slot, t, true) }
        // The glyph's own motion: its delay and seed apply, nothing else of the columns.
        var plain = own
        plain.variesPerGlyph = false
        setOwnTemplate(plain)
        return (.own, template(.own), plain.emitter != nil)
    }
}

/// The snapshot's leaving sprites by glyph, for the new text to catch back.
struct LeavingSprites {
    /// Indices into the sprites on screen, sorted by glyph then index; −1 once caught.
    private var order: [Int32] = []
    private var glyphs: [GlyphID] = []
    private let onScreen: OnScreen?

    init(onScreen: OnScreen?, wanted: Bool) {
        self.onScreen = onScreen
        guard let onScreen, onScreen.count > onScreen.textCount else { return }
        guard wanted else {
            order = (onScreen.textCount..<onScreen.count).map { Int32($0) }
            return
        }
        // By glyph, then age (the oldest sprite first, whatever slot the pool
        // gave it), then index: sorted as keys (the sort is stable), the glyph
        // counted from the lowest (counting on it where the ids are few).
        let range = onScreen.textCount..<onScreen.count
        var lowest = GlyphID.max, highest = GlyphID.min
        for index in range {
            let glyph = onScreen.glyph(ShownID(index))
            lowest = min(lowest, glyph)
            highest = max(highest, glyph)
        }
        var keys: [SortKey] = []
        keys.reserveCapacity(range.count)
        for index in range {
            let glyph = Int64(onScreen.glyph(ShownID(index))) - Int64(lowest)
            keys.append(SortKey(Int32(truncatingIfNeeded: index), UInt64(glyph), Double(onScreen.id(ShownID(index)))))
        }
        SortKey.sort(&keys, firstBelow: Int(Int64(highest) - Int64(lowest) + 1))
        order = keys.map { $0.index }
        glyphs = keys.map { GlyphID(truncatingIfNeeded: Int64($0.first) + Int64(lowest)) }
    }

    /// The nearest leaving sprite showing `glyph` within `radius` of `point`
    /// (by default anywhere: a glyph the new text brings back is never shown
    /// twice), taken out of the candidates; ties go to the older sprite.
    mutating func catchSprite(_ glyph: GlyphID, near point: Point, within radius: Double = .infinity) -> ShownID {
        guard !glyphs.isEmpty, let onScreen else { return .none }
        // The first candidate with this glyph.
        let low = partitionPoint(in: 0..<glyphs.count) { glyphs[$0] >= glyph }
        var best = -1
        var bestDistance = Double.infinity
        var slot = low
        while slot < glyphs.count && glyphs[slot] == glyph {
            let index = Int(order[slot])
            if index >= 0 {
                let d = (onScreen.state(ShownID(index)).position - point).length
                if d <= radius, best < 0 || d < bestDistance {
                    best = slot
                    bestDistance = d
                }
            }
            slot += 1
        }
        guard best >= 0 else { return .none }
        defer { order[best] = -1 }
        return ShownID(Int(order[best]))
    }

    /// When the last leaving sprite nobody caught is gone, on the store's clock
    /// (−∞ when there is none): they hold the transition's settle back.
    func latestHide(in store: MotionStore) -> Double {
        guard let onScreen else { return -.infinity }
        var end = -Double.infinity
        for index in order where index >= 0 {
            let row = onScreen.row(ShownID(Int(index)))
            if store.isLive(row) { end = max(end, store[row].hide) }
        }
        return end
    }
}
