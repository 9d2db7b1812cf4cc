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
    /// Per glyph: the row the planner wrote.
    package var rows: [RowID] = []
    /// Per glyph: the sprite on screen it continues, or none.
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
    /// The planning pass's lists, kept for reuse.
    var passStorage = TransitionPlanner.Pass.Storage()

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
        change = TextChangeAnalyzer().analyze(from: "", to: "")
        motion = .full
        stagger = 0
        drift = 0
        duration = 0
        isLooping = false
        let empty = MonospaceLayout().layout([])
        oldSource = empty
        oldIsAnchored = true
        newSource = empty
        newIsAnchored = true
    }

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
        leftoverEnd = -.infinity
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
            // A leaving glyph's loop ends when the glyph is gone.
            if !looping, store[row].role != .exiting { looping = store.loops(row) }
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
    public var count: Int { rows.count }

    /// The glyph planned at `index`: its identity, an index into `change.symbols`.
    public func glyph(of index: Int) -> GlyphID { entries[index].glyph }

    /// Whether the glyph planned at `index` leaves, stays or arrives.
    public func role(of index: Int) -> SpriteRole { entries[index].role }

    /// The glyph's frame in the layout it belongs to (the new layout for entering
    /// and persisting glyphs, the old one for exiting glyphs).
    public func box(of index: Int) -> GlyphFrame { store.box(of: rows[index]) }

    /// The glyph's index in the old text (leaving and persisting glyphs) and in
    /// the new one (arriving and persisting glyphs).
    public func indices(of index: Int) -> (old: Int?, new: Int?) {
        let entry = entries[index]
        return (entry.oldIndex >= 0 ? Int(entry.oldIndex) : nil, entry.newIndex >= 0 ? Int(entry.newIndex) : nil)
    }

    /// The mutation (an index into `change.mutations`) the glyph planned at `index`
    /// comes from. The first `change.mutations.count` glyphs are the mutations in
    /// order; after them come the arrivals of persisting glyphs the choreography
    /// made leave and enter instead of moving (their leaving halves are their
    /// mutations' own entries, planned as exits).
    public func mutation(of index: Int) -> Int { Int(entries[index].mutation) }

    /// The glyph planned at `index` as the mutation it is played as: a glyph the
    /// choreography made leave and enter again is a `.remove` at its own index
    /// and an `.insert` at its arrival's. For code that used to pair
    /// `change.mutations` with `descriptors`, which no longer line up one to one.
    public func plannedMutation(of index: Int) -> GlyphMutation {
        let entry = entries[index]
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
    public func source(of index: Int) -> Int? { sources[index].isNone ? nil : sources[index].index }

    /// Seconds from the start until the glyph planned at `index` has settled (loops aside).
    public func settleTime(of index: Int) -> Double { store.settle(of: rows[index]) - origin }

    /// The state of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func state(of index: Int, at t: Double) -> GlyphState {
        store.evaluate(rows[index], at: origin + Self.finite(t)).state
    }

    /// The per-channel velocity of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func velocity(of index: Int, at t: Double) -> GlyphState {
        store.evaluate(rows[index], at: origin + Self.finite(t)).velocity
    }

    /// Every glyph's state `t` seconds after the start, in plan order, written
    /// over `states`: each curve is evaluated once for all the glyphs that share
    /// it. Allocates nothing once `states` has the room (and the curves fit on the stack).
    ///
    /// - Complexity: O(glyphs + curves + tracks).
    public func states(at t: Double, into states: inout [GlyphState]) {
        let time = origin + Self.finite(t)
        states.removeAll(keepingCapacity: true)
        let store = self.store
        withUnsafeTemporaryAllocation(of: TimingSample.self, capacity: store.curves.count) { buffer in
            store.curves.sample(at: time, into: buffer.baseAddress!)
            let samples = SampledCurves(UnsafePointer(buffer.baseAddress!))
            store.pool.withUnsafePayloads { payloads in
                store.withEvaluatorTables { tables in
                    for row in rows {
                        states.append(
                            MotionEvaluator.state(
                                UnsafePointer(payloads + row.slot), row: row, tables: tables, samples: samples, at: time))
                    }
                }
            }
        }
    }

    /// Times that are not finite count as long after the end (+∞) or the start.
    private static func finite(_ t: Double) -> Double {
        t.isFinite ? t : (t > 0 ? Double.greatestFiniteMagnitude : 0)
    }
}

// A plan is a value: `GlyphAnimator.plan(_:from:to:into:)`, the only code that
// writes its store, first gives the plan a store of its own when the store is
// shared with a copy (copy on write), and reading a plan writes nothing (it
// samples curves into storage of its own). So a plan shared between threads is
// only ever read. The Director, which writes its store every frame, never hands
// its plan out.
extension TransitionPlan: @unchecked Sendable {}
