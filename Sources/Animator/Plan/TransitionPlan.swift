import Analyzer
import Pool

/// A planned transition: the rows the planner wrote into a `MotionStore`, one
/// per glyph, read in plan order (one per mutation, in the order of
/// `change.mutations`, then the arrivals of glyphs the choreography replaced;
/// see `mutation(of:)`). The plan reads the very rows the Director sweeps when
/// it plans into the Director's store; planned on its own, it has a store of
/// its own. Nothing is copied from one to the other.
///
/// ```swift
/// let plan = GlyphAnimator().plan(from: "Creative", to: "Create", layout: MonospaceLayout())
/// var states: [GlyphState] = []
/// plan.states(at: 0.1, into: &states)      // every glyph at t = 0.1 s
/// plan.duration                            // when the last glyph has settled
/// ```
public struct TransitionPlan {
    /// The analysed change.
    public var change: TextChange
    /// The motion the plan was made with, after the preference was resolved.
    public var motion: ResolvedMotion
    /// Seconds between successive glyphs' starts, after change-ratio scaling and the spread cap.
    public var stagger: Double
    /// The drift distance in points, after change-ratio scaling.
    public var drift: Double
    /// Seconds until the last glyph has settled (loops aside).
    public internal(set) var duration: Double
    /// Whether some glyph that stays loops forever (the transition never comes to rest).
    public internal(set) var isLooping: Bool

    /// Starts are rounded to this step, in seconds, so that staggered glyphs share
    /// their curves' evaluations: about 2 ms, under a quarter of a 120 Hz frame.
    package static let timeQuantum = CurveTable.quantum


    /// The store the rows are written in: the plan's own, or the Director's.
    package var store: MotionStore
    /// When the plan starts on the store's clock (absolute seconds).
    package var origin: Double = 0
    /// The glyphs the plan works on one by one (see `PlanWindow`): the glyphs
    /// kept at the ends of the texts have no entry, row or source below; they
    /// persist in place on their rows, read back through `row(of:)`.
    var window = PlanWindow.whole(old: 0, new: 0)
    /// Per entry: the row the planner wrote.
    package var rows: [RowID] = []
    /// Per entry: the sprite on screen it continues, or none.
    var sources: [ShownID] = []
    /// When the leaving sprites of the snapshot that nothing caught are gone
    /// (absolute; −∞ when there are none): they hold the settle back.
    package var leftoverEnd = -Double.infinity
    /// The planner's entries, stagger ranks and choreography marks, kept for reuse.
    var entries: [PlanEntry] = []
    var ranks: [Int32] = []
    var broken: [Bool] = []
    var still: [Bool] = []
    /// Each glyph's word, in the old and the new text (see `WordNumbers`), and how many words each has.
    var oldWords: [Int32] = []
    var newWords: [Int32] = []
    var oldWordCount = 0
    var newWordCount = 0
    /// How many leading numbers `oldWords` and `newWords` share (the last
    /// change's unchanged start, numbered alike in both).
    var wordsAgree = 0
    /// The planning pass's lists, kept for reuse.
    var passStorage = TransitionPlanner.Pass.Storage()
    /// The planner's working memory, kept for reuse (see `TransitionPlanner.Memory`).
    var plannerMemory = TransitionPlanner.Memory()

    // The layouts as given, and whether they are in the transition's coordinates already.
    private var oldSource: TextLayoutResult
    private var oldIsAnchored: Bool
    private var newSource: TextLayoutResult
    private var newIsAnchored: Bool

    /// An empty plan to plan into (see `GlyphAnimator.plan(_:from:to:snapshot:into:)`).
    public init() {
        self.init(store: MotionStore(capacity: 16))
    }

    /// An empty plan whose store has room for `sprites` sprites before it grows.
    package init(capacity sprites: Int) {
        self.init(store: MotionStore(capacity: sprites))
    }

    /// An empty plan writing into `store` (the Director's).
    package init(store: MotionStore) {
        self.store = store
        change = Self.noChange
        motion = .full
        stagger = 0
        drift = 0
        duration = 0
        isLooping = false
        oldSource = Self.noLayout
        oldIsAnchored = true
        newSource = Self.noLayout
        newIsAnchored = true
    }

    /// The change and the layout of an empty plan (nothing to nothing), made
    /// once: analysed and laid out afresh, they were half the cost of a new plan.
    private static let noChange = TextChangeAnalyzer().analyze(from: "", to: "")
    private static let noLayout = MonospaceLayout().layout([])

    /// Empties the plan for a new change starting at `origin`, keeping its storage.
    mutating func reset(
        change: TextChange, oldLayout: TextLayoutResult, newLayout: TextLayoutResult, motion: ResolvedMotion,
        origin: Double
    ) {
        self.change = change
        self.motion = motion
        self.origin = origin
        oldSource = oldLayout
        oldIsAnchored = false
        newSource = newLayout
        newIsAnchored = false
        stagger = 0
        drift = 0
        duration = 0
        isLooping = false
        rows.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        window = .whole(old: change.oldGlyphCount, new: change.newGlyphCount)
        leftoverEnd = -.infinity
    }

    /// Lets go of the old text's layout once the plan is made (`oldLayout` is
    /// then empty): its owner can recycle the frames' storage for the next
    /// layout (`RecycledFrames`). Planning and playing never read it again.
    package mutating func releaseOldLayout() {
        oldSource = TextLayoutResult(
            frames: [], lines: [], size: .zero, alignment: oldSource.alignment, fontSize: oldSource.fontSize)
        oldIsAnchored = true
    }

    /// Records the figures the planner found: the duration (the last settle of the
    /// plan's rows and of the leftover exits) and whether a glyph that stays loops.
    mutating func finish(stagger: Double, drift: Double) {
        self.stagger = stagger
        self.drift = drift
        var end = max(origin, leftoverEnd)
        var looping = false
        for row in rows {
            end = max(end, store.settle(of: row))
            // A leaving glyph's loop ends when the glyph is gone. (Its tile's is its own, for the
            // tint a pulsing tile takes from it; a glyph and its tile share their settle.)
            if !looping, store[row].role != .exiting {
                let tile = store.tile(of: row)
                looping = store.loops(row) || (!tile.isNone && store.loops(tile))
            }
        }
        duration = end - origin
        isLooping = looping
    }

    /// The old text's layout in the transition's coordinates (alignment anchor at x = 0).
    ///
    /// Made on access from the layout the plan was given (for a layout that is not
    /// leading-aligned, that copies its frames), so read it once where it matters.
    public var oldLayout: TextLayoutResult { oldIsAnchored ? oldSource : oldSource.anchored() }

    /// The new text's layout in the transition's coordinates (made on access, as `oldLayout`).
    public var newLayout: TextLayoutResult { newIsAnchored ? newSource : newSource.anchored() }

    /// The new layout as it was laid out (not anchored), for the Director.
    package var laidOutNewLayout: TextLayoutResult { newSource }

    /// The number of planned glyphs (one per mutation, plus the choreography's arrivals).
    public var count: Int { window.keptPrefix + window.keptSuffix + rows.count }

    /// Where the glyph planned at `index` is: its entry, or, for a glyph kept
    /// at an end of the texts, its index in the new text.
    private enum Planned {
        case entry(Int)
        case kept(newIndex: Int)
    }

    /// Plan order: the kept glyphs at the start, the window's new glyphs, the
    /// kept glyphs at the end, then the removes and the choreography's arrivals.
    private func planned(_ index: Int) -> Planned {
        precondition(index >= 0 && index < count, "plan index \(index) out of 0..<\(count)")
        let prefix = window.keptPrefix, inNew = window.newRange.count, suffix = window.keptSuffix
        if index < prefix { return .kept(newIndex: index) }
        if index < prefix + inNew { return .entry(index - prefix) }
        if index < prefix + inNew + suffix { return .kept(newIndex: window.newCount - suffix + index - prefix - inNew) }
        return .entry(index - prefix - suffix)
    }

    /// The row of the glyph planned at `index`.
    package func row(of index: Int) -> RowID {
        switch planned(index) {
        case .entry(let e): rows[e]
        case .kept(let j): store.textRows[j]
        }
    }

    /// The glyph planned at `index`: its identity, an index into `change.symbols`.
    public func glyph(of index: Int) -> GlyphID {
        switch planned(index) {
        case .entry(let e): entries[e].glyph
        case .kept(let j): change.newGlyphs.id(at: j)
        }
    }

    /// Whether the glyph planned at `index` leaves, stays or arrives.
    public func role(of index: Int) -> SpriteRole {
        switch planned(index) {
        case .entry(let e): entries[e].role
        case .kept: .persisting
        }
    }

    /// The glyph's frame in the layout it belongs to (the new layout for entering
    /// and persisting glyphs, the old one for exiting glyphs).
    public func box(of index: Int) -> GlyphFrame { store.box(of: row(of: index)) }

    /// The glyph's index in the old text (leaving and persisting glyphs) and in
    /// the new one (arriving and persisting glyphs).
    public func indices(of index: Int) -> (old: Int?, new: Int?) {
        switch planned(index) {
        case .entry(let e):
            let entry = entries[e]
            return (entry.oldIndex >= 0 ? Int(entry.oldIndex) : nil, entry.newIndex >= 0 ? Int(entry.newIndex) : nil)
        case .kept(let j):
            return (keptOldIndex(j), j)
        }
    }

    /// The old index of the kept glyph at new index `j`.
    private func keptOldIndex(_ j: Int) -> Int { j < window.keptPrefix ? j : j - window.shift }

    /// The mutation (an index into `change.mutations`) the glyph planned at `index`
    /// comes from. The glyphs are the mutations in order (a letter that only
    /// gains or loses a mark is one glyph, its removal folded into it); after
    /// them come the arrivals of persisting glyphs the choreography made leave
    /// and enter instead of moving (their leaving halves are their mutations'
    /// own entries, planned as exits).
    public func mutation(of index: Int) -> Int {
        switch planned(index) {
        case .entry(let e): Int(entries[e].mutation)
        case .kept(let j): j
        }
    }

    /// The glyph planned at `index` as the mutation it is played as: a glyph the
    /// choreography made leave and enter again is a `.remove` at its own index
    /// and an `.insert` at its arrival's. For code that used to pair
    /// `change.mutations` with `descriptors`, which no longer line up one to one.
    public func plannedMutation(of index: Int) -> GlyphMutation {
        let entry: PlanEntry
        switch planned(index) {
        case .entry(let e): entry = entries[e]
        case .kept(let j):
            entry = PlanEntry(
                mutation: Int32(truncatingIfNeeded: j), role: .persisting,
                oldIndex: Int32(truncatingIfNeeded: keptOldIndex(j)), newIndex: Int32(truncatingIfNeeded: j),
                glyph: change.newGlyphs.id(at: j), weight: 0)
        }
        let action: GlyphMutation.Action
        switch entry.role {
        case .exiting: action = .remove
        case .persisting: action = .transform
        case .entering: action = .insert
        }
        return GlyphMutation(
            action: action, indexFrom: entry.oldIndex >= 0 ? Int(entry.oldIndex) : nil,
            indexTo: entry.newIndex >= 0 ? Int(entry.newIndex) : nil, symbol: change.mutations[Int(entry.mutation)].symbol,
            priorityWeight: entry.role == .persisting ? change.mutations.priorityWeight(at: Int(entry.mutation)) : entry.weight)
    }

    /// The snapshot sprite the glyph planned at `index` continues, if any.
    public func source(of index: Int) -> Int? {
        switch planned(index) {
        case .entry(let e): sources[e].isNone ? nil : sources[e].index
        case .kept(let j): keptOldIndex(j)
        }
    }

    /// Seconds from the start until the glyph planned at `index` has settled (loops aside).
    public func settleTime(of index: Int) -> Double { store.settle(of: row(of: index)) - origin }

    /// The state of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func state(of index: Int, at t: Double) -> GlyphState {
        store.evaluate(row(of: index), at: origin + t.finiteTime).state
    }

    /// The per-channel velocity of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func velocity(of index: Int, at t: Double) -> GlyphState {
        store.evaluate(row(of: index), at: origin + t.finiteTime).velocity
    }

    /// How many glyphs of the plan enter, leave and stay (the kept ones included).
    package var roleCounts: (entering: Int, exiting: Int, persisting: Int) {
        var counts = (entering: 0, exiting: 0, persisting: window.keptPrefix + window.keptSuffix)
        for entry in entries {
            switch entry.role {
            case .entering: counts.entering += 1
            case .exiting: counts.exiting += 1
            case .persisting: counts.persisting += 1
            }
        }
        return counts
    }

    /// Every glyph's state `t` seconds after the start, in plan order, written
    /// over `states`: each curve is evaluated once for all the glyphs that share
    /// it. Allocates nothing once `states` has the room (and the curves fit on the stack).
    ///
    /// - Complexity: O(glyphs + curves + tracks).
    public func states(at t: Double, into states: inout [GlyphState]) {
        let time = origin + t.finiteTime
        states.removeAll(keepingCapacity: true)
        let store = self.store
        withUnsafeTemporaryAllocation(of: TimingSample.self, capacity: store.curves.count) { buffer in
            store.curves.sample(at: time, into: buffer.baseAddress!)
            let samples = SampledCurves(UnsafePointer(buffer.baseAddress!))
            store.pool.withUnsafePayloads { payloads in
                store.withEvaluatorTables { tables in
                    for index in 0..<count {
                        let row = row(of: index)
                        states.append(
                            MotionEvaluator.state(
                                UnsafePointer(payloads + row.slot), row: row, tables: tables, samples: samples, at: time))
                    }
                }
            }
        }
    }
}

// A plan is a value: `GlyphAnimator.plan(_:from:to:into:)`, the only code that
// writes its store and its planner's memory, first gives the plan a store and
// a memory of its own when either is shared with a copy (copy on write), and
// reading a plan writes nothing (it samples curves into storage of its own).
// So a plan shared between threads is only ever read. The Director, which
// writes its store every frame, never hands its plan out.
extension TransitionPlan: @unchecked Sendable {}
