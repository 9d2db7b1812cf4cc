import Analyzer

/// Plans transitions: turns a `TextChange` and the old and new layouts into
/// one motion per glyph, written into a `TransitionPlan`, using an effect and a
/// motion style.
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
/// plan.state(of: 0, at: 0.1)
/// ```
public struct GlyphAnimator: Sendable {
    /// The effect that decides how glyphs enter and exit.
    public var effect: AnyEffect
    /// The spring, stagger, fade and drift.
    public var style: MotionStyle
    /// Whether to animate fully, reduce motion or swap instantly.
    public var preference: MotionPreference
    /// The seed of every random choice effects make.
    public var seed: UInt64
    /// Tiles under the glyphs (nil: none): each visible glyph gets a tile sprite
    /// that moves as it does (see `TileStyle`).
    public var tiles: TileStyle?

    public init(
        effect: some EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        preference: MotionPreference = .system, seed: UInt64 = 0, tiles: TileStyle? = nil
    ) {
        self.init(effect: AnyEffect(effect), style: style, preference: preference, seed: seed, tiles: tiles)
    }

    /// An animator of an effect already kept as an `AnyEffect` (a registry's,
    /// a parsed effect file's): kept as it is, not boxed a second time.
    public init(
        effect: AnyEffect, style: MotionStyle = .snappy, preference: MotionPreference = .system, seed: UInt64 = 0,
        tiles: TileStyle? = nil
    ) {
        self.effect = effect
        self.style = style
        self.preference = preference
        self.seed = seed
        self.tiles = tiles
    }

    /// Analyses and lays out two texts and plans the transition between them.
    ///
    /// - Complexity: the analyzer's cost plus O(n) in glyphs.
    public func plan(from old: String, to new: String, layout: some GlyphLayout, mode: DiffMode = .morph) -> TransitionPlan {
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new)
        return plan(change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
    }

    /// Plans the transition of an analysed change between two layouts.
    ///
    /// Layouts are moved so their alignment anchors coincide (see
    /// `TextLayoutResult.anchored()`); the plan's coordinates are those. A change
    /// in numeric mode anchors each layout where its number stands instead (see
    /// `TextChange.numberAnchors` and `TextLayoutResult.anchoringNumber(at:)`), so
    /// place values keep their columns: the ones of "99" and "100" on one x.
    /// A layout with fewer frames than glyphs is tolerated: missing frames are empty
    /// boxes at the end of the text.
    ///
    /// - Parameters:
    ///   - motion: the motion to plan with, whatever `preference` says (for a
    ///     `--reduce-motion` flag, a per-view setting, tests); nil resolves `preference`.
    ///   - snapshot: what is on screen now, when the transition interrupts
    ///     another (see `PresentedSnapshot`): glyphs of the old text start from
    ///     their presented state and velocity, and leaving glyphs the new text
    ///     brings back are caught. Without one, the old text is at rest on its layout.
    ///   - startTime: when the transition starts on the caller's clock, passed to
    ///     effects (`EffectContext.startTime`) so loops can keep step; the plan's
    ///     times stay relative to the start.
    /// - Complexity: O(n) in the number of glyphs (O(n log n) for a hand-made change out of order).
    public func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult,
        motion: ResolvedMotion? = nil, snapshot: PresentedSnapshot? = nil, startTime: Double = 0
    ) -> TransitionPlan {
        // A new store has nothing to empty first.
        var plan = TransitionPlan(capacity: spriteBound(of: change))
        write(change, from: oldLayout, to: newLayout, motion: motion, snapshot: snapshot, startTime: startTime, into: &plan)
        return plan
    }

    /// The most sprites a plan of `change` can have: every glyph of both texts
    /// (a glyph made to leave and enter has two), doubled when glyphs are on
    /// tiles. A new plan's store is made this large, so planning never grows it.
    private func spriteBound(of change: TextChange) -> Int {
        (change.oldGlyphCount + change.newGlyphCount) * (tiles == nil ? 1 : 2)
    }

    /// Plans into an existing plan, reusing its storage: a caller that plans
    /// transition after transition allocates nothing for the plan once it has
    /// grown. The plan's earlier rows are dropped (a plan that shares its storage
    /// with a copy gets storage of its own). Parameters as for
    /// `plan(_:from:to:motion:snapshot:startTime:)`.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult,
        motion: ResolvedMotion? = nil, snapshot: PresentedSnapshot? = nil, startTime: Double = 0,
        into plan: inout TransitionPlan
    ) {
        if isKnownUniquelyReferenced(&plan.store) {
            plan.store.removeAll()
        } else {
            plan.store = MotionStore(capacity: plan.store.count)
        }
        write(change, from: oldLayout, to: newLayout, motion: motion, snapshot: snapshot, startTime: startTime, into: &plan)
    }

    /// Plans into a plan of its own whose store is empty, from a caller's snapshot (if any).
    private func write(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult,
        motion: ResolvedMotion?, snapshot: PresentedSnapshot?, startTime: Double, into plan: inout TransitionPlan
    ) {
        // A plan of its own has no rows a snapshot could name.
        var snapshot = snapshot
        if snapshot?.sprites.contains(where: { !$0.row.isNone }) == true {
            for k in snapshot!.sprites.indices { snapshot!.sprites[k].row = .none }
        }
        write(
            change, from: oldLayout, to: newLayout, motion: motion ?? preference.resolved(), onScreen: snapshot.map(OnScreen.init),
            startTime: startTime, into: &plan)
    }

    /// Plans into a plan whose store holds the sprites on screen (the
    /// Director's): the old text's rows and the `leaving` rows are continued
    /// from what they present (`MotionStore.recordPresented(at:)`), the others
    /// keep their motions, and the new ones get new rows. Times are on the
    /// store's clock: the plan starts at `startTime`.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    /// `sameFrames`: how many glyphs at each end of the new layout have the
    /// old layout's frames (`ReusedLayout`), when the layout said.
    package func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult, motion: ResolvedMotion,
        leaving: [RowID], startTime: Double, sameFrames: (prefix: Int, suffix: Int)? = nil,
        continuing plan: inout TransitionPlan
    ) {
        let onScreen = OnScreen(store: plan.store, leaving: leaving)
        write(
            change, from: oldLayout, to: newLayout, motion: motion, onScreen: onScreen, startTime: startTime,
            sameFrames: sameFrames, into: &plan)
    }

    private func write(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult, motion: ResolvedMotion,
        onScreen: OnScreen?, startTime: Double, sameFrames: (prefix: Int, suffix: Int)? = nil,
        into plan: inout TransitionPlan
    ) {
        var newLayout = newLayout
        if let anchors = change.numberAnchors {
            // Numbers line up by place value: the new layout is anchored where its number
            // stands, lined up with the old number where the old text stands.
            newLayout = oldLayout.aligningNumber(of: newLayout, at: anchors.new, with: anchors.old)
        }
        let origin = startTime.isFinite ? startTime : 0
        // The last plan's new text is this one's old text when the plan goes on from it.
        let goesOn = plan.change.withNewIDs { previous in
            change.withOldIDs { old in
                previous.count == old.count && plan.newWords.count == old.count
                    && (old.isEmpty
                        || bytesEqual(previous.baseAddress!, old.baseAddress!, count: old.count * MemoryLayout<GlyphID>.stride))
            }
        }
        // (A text that loops never comes to rest: none of its glyphs is kept as it is.)
        let loops = plan.isLooping
        plan.reset(change: change, oldLayout: oldLayout, newLayout: newLayout, motion: motion, origin: origin)
        // The layouts stay as they are: frames are anchored one at a time as they are read.
        let old = AnchoredFrames(oldLayout), new = AnchoredFrames(newLayout)
        let rules: Choreography
        switch motion {
        case .none: rules = .none
        case .reduced: rules = CrossFadeEffect().choreography
        case .full: rules = effect.choreography
        }
        if goesOn {
            // Its words are numbered already: the new text's are those, changed where the text changed.
            // The buffer the new numbers go into held the text before: its start is numbered alike.
            swap(&plan.oldWords, &plan.newWords)
            plan.oldWordCount = plan.newWordCount
            plan.newWordCount = WordNumbers.update(
                &plan.newWords, from: plan.oldWords, agreeing: plan.wordsAgree, change: change,
                unchanged: change.unchanged)
            plan.wordsAgree = change.unchanged.prefix
        } else {
            plan.oldWordCount = WordNumbers.write(change.oldGlyphs, symbols: change.symbols, into: &plan.oldWords)
            plan.newWordCount = WordNumbers.write(change.newGlyphs, symbols: change.symbols, into: &plan.newWords)
            plan.wordsAgree = 0
        }
        // Over the Director's store, the glyphs at the ends that stay where they rest keep their rows.
        let blueprint = motion == .reduced ? AnyEffect(CrossFadeEffect()) : effect
        let oldCount = change.oldGlyphCount, newCount = change.newGlyphCount
        var window = PlanWindow.whole(old: oldCount, new: newCount)
        var still: RoleTemplate?
        if let onScreen, onScreen.isStore, motion != .none, tiles == nil, oldLayout.ink == nil, newLayout.ink == nil,
            !loops
        {
            let template = blueprint.persisting(
                in: TransitionPlanner.stillContext(
                    change: change, new: new, wordCount: plan.newWordCount, style: style, fontSize: newLayout.fontSize,
                    motion: motion, startTime: origin))
            let changesNothing = template.changesNothing
            still = consume template
            if changesNothing {
                window = PlanWindow.narrowed(
                    change, old: old, new: new, drawings: (oldLayout.drawings, newLayout.drawings), same: sameFrames,
                    dirty: plan.store.textDirty, shortestRun: rules.shortestRun)
            }
        }
        if !TransitionPlanner.entries(
            of: change, window: window, old: old, new: new, rules: rules, into: &plan.entries, broken: &plan.broken,
            still: &plan.still)
        {
            // The coherence rule broke a run that reaches into a kept end: plan it all.
            window = .whole(old: oldCount, new: newCount)
            _ = TransitionPlanner.entries(
                of: change, window: window, old: old, new: new, rules: rules, into: &plan.entries,
                broken: &plan.broken, still: &plan.still)
        }
        plan.window = window
        // Under reduced or no motion nothing is staggered: the order does not matter.
        let order = motion == .full ? effect.staggerOrder : .reading
        let counts = StaggerRanks.write(
            plan.entries, order: order,
            texts: StaggerRanks.Texts(
                oldCount: change.oldGlyphCount, newCount: change.newGlyphCount, oldWords: plan.oldWords,
                newWords: plan.newWords, old: old, new: new, seed: seed),
            into: &plan.ranks)
        // Each glyph has about two entries: its transform and appearance curves.
        plan.store.curves.beginPlan(origin: origin, expecting: 2 * plan.entries.count)
        // The planner's memory is written while it plans: a plan copied since
        // its last change shares it with the copy, and takes one of its own.
        if !isKnownUniquelyReferenced(&plan.plannerMemory) { plan.plannerMemory = TransitionPlanner.Memory() }
        let planner = TransitionPlanner(
            self, change, old: old, new: new, window: window, still: consume still, fontSize: newLayout.fontSize,
            motion: motion, startTime: origin, onScreen: onScreen, counts: counts, staggers: order != .simultaneous,
            words: (plan.oldWords, plan.oldWordCount, plan.newWords, plan.newWordCount),
            ink: InkLedger(entries: plan.entries, old: oldLayout, new: newLayout),
            drawings: (oldLayout.drawings, newLayout.drawings), rightToLeft: newLayout.isRightToLeft, store: plan.store,
            memory: plan.plannerMemory)
        planner.plan(into: &plan, entering: counts.entering, exiting: counts.exiting)
        plan.store.curves.endPlan()
        plan.finish(stagger: planner.step, drift: planner.drift)
        #if KINETYPE_INVARIANTS
        plan.store.checkInvariants()
        #endif
    }

    /// The frame of glyph `i` of an anchored layout, or an empty box after the last
    /// glyph when the layout has too few.
    package static func frame(_ layout: TextLayoutResult, _ i: Int) -> GlyphFrame {
        AnchoredFrames.frame(layout.frames, i, shift: 0, anchor: layout.alignmentAnchor)
    }
}
