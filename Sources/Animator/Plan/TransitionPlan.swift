import Analyzer

/// A planned transition, in one flat form: per glyph (one per mutation, in the
/// order of `change.mutations`, then the arrivals of glyphs the choreography
/// replaced; see `mutation(of:)`) its motion, and the tables its motions share —
/// curves with their start times, tracks and particle emitters. One evaluator
/// samples it: `state(of:at:)`, `velocity(of:at:)` and `states(at:into:)` here,
/// and the Director's per-frame sweep, which keeps these same records.
///
/// ```swift
/// let plan = GlyphAnimator().plan(from: "Creative", to: "Create", layout: MonospaceLayout())
/// var states: [GlyphState] = []
/// plan.states(at: 0.1, into: &states)      // every glyph at t = 0.1 s
/// plan.duration                            // when the last glyph has settled
/// ```
public struct TransitionPlan: Sendable {
    /// The analysed change.
    public var change: TextChange
    /// The motion the plan was made with, after the preference was resolved.
    public var motion: ResolvedMotion
    /// Seconds between successive glyphs' starts, after change-ratio scaling and the spread cap.
    public var stagger: Double
    /// The drift distance in points, after change-ratio scaling.
    public var drift: Double
    /// Seconds until the last glyph has settled (loops aside).
    public private(set) var duration: Double
    /// Whether some glyph loops forever (the transition never comes to rest).
    public private(set) var isLooping: Bool

    /// Per glyph, in mutation order.
    package var motions: [SpriteMotion] = []
    /// The frame each glyph moves in (new layout for entering and persisting glyphs, old for exiting).
    package var boxes: [GlyphFrame] = []
    /// The snapshot sprite each glyph continues, or −1 for a new sprite.
    package var sources: [Int32] = []
    /// Curve 0 is at rest; starts are relative to the plan's start.
    package var curves: [PlannedCurve] = [.rest]
    package var extras: [MotionExtras] = []
    package var tracks: [PlannedTrack] = []
    package var emitters: [ParticleEmitter] = []
    /// The planner's lookup of curves already in `curves`, kept for reuse.
    var catalog = CurveCatalog()
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

    // The layouts as given, and whether they are in the transition's coordinates already.
    private var oldSource: TextLayoutResult
    private var oldIsAnchored: Bool
    private var newSource: TextLayoutResult
    private var newIsAnchored: Bool

    /// An empty plan to plan into (see `GlyphAnimator.plan(_:from:to:snapshot:into:)`).
    public init() {
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

    /// Empties the plan for a new change, keeping its storage.
    mutating func reset(
        change: TextChange, oldLayout: TextLayoutResult, newLayout: TextLayoutResult, motion: ResolvedMotion
    ) {
        self.change = change
        self.motion = motion
        oldSource = oldLayout
        oldIsAnchored = false
        newSource = newLayout
        newIsAnchored = false
        stagger = 0
        drift = 0
        duration = 0
        isLooping = false
        motions.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        curves.removeAll(keepingCapacity: true)
        curves.append(.rest)
        extras.removeAll(keepingCapacity: true)
        tracks.removeAll(keepingCapacity: true)
        emitters.removeAll(keepingCapacity: true)
        catalog.removeAll()
    }

    /// Records the figures the planner found.
    mutating func finish(stagger: Double, drift: Double) {
        self.stagger = stagger
        self.drift = drift
        var end = 0.0
        for k in motions.indices { end = max(end, motions[k].settle) }
        duration = end
        // A leaving glyph's loop ends when the glyph is gone: only the glyphs that
        // stay can keep the transition from coming to rest.
        isLooping = motions.contains { motion in
            guard motion.role != .exiting, motion.extras >= 0 else { return false }
            let e = extras[Int(motion.extras)]
            return tracks[Int(e.trackStart)..<Int(e.trackStart + e.trackCount)].contains { $0.loops }
        }
    }

    /// The old text's layout in the transition's coordinates (alignment anchor at x = 0).
    ///
    /// Made on access from the layout the plan was given (for a layout that is not
    /// leading-aligned, that copies its frames), so read it once where it matters.
    public var oldLayout: TextLayoutResult { oldIsAnchored ? oldSource : oldSource.anchored() }

    /// The new text's layout in the transition's coordinates (made on access, as `oldLayout`).
    public var newLayout: TextLayoutResult { newIsAnchored ? newSource : newSource.anchored() }

    /// The layouts as they were laid out (not anchored), for the Director.
    package var laidOutNewLayout: TextLayoutResult { newSource }

    /// The number of planned glyphs (one per mutation).
    public var count: Int { motions.count }

    /// The glyph planned at `index`: its identity, an index into `change.symbols`.
    public func glyph(of index: Int) -> GlyphID { motions[index].glyph }

    /// Whether the glyph planned at `index` leaves, stays or arrives.
    public func role(of index: Int) -> SpriteRole { motions[index].role }

    /// The glyph's frame in the layout it belongs to (the new layout for entering
    /// and persisting glyphs, the old one for exiting glyphs).
    public func box(of index: Int) -> GlyphFrame { boxes[index] }

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
    public func source(of index: Int) -> Int? { sources[index] >= 0 ? Int(sources[index]) : nil }

    /// Seconds from the start until the glyph planned at `index` has settled (loops aside).
    public func settleTime(of index: Int) -> Double { motions[index].settle }

    /// The state of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func state(of index: Int, at t: Double) -> GlyphState {
        let t = Self.finite(t)
        return withTables { motions, extras, tracks, curves in
            MotionEvaluator.state(
                motions + index, extras: extras, tracks: tracks, samples: CurvesAt(curves: curves, time: t), at: t)
        }
    }

    /// The per-channel velocity of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func velocity(of index: Int, at t: Double) -> GlyphState {
        let t = Self.finite(t)
        return withTables { motions, extras, tracks, curves in
            MotionEvaluator.velocity(
                motions + index, extras: extras, tracks: tracks, samples: CurvesAt(curves: curves, time: t), at: t)
        }
    }

    /// Every glyph's state `t` seconds after the start, in mutation order,
    /// written over `states`: each curve is evaluated once for all the glyphs
    /// that share it. Allocates nothing once `states` has the room.
    ///
    /// - Complexity: O(glyphs + curves + tracks).
    public func states(at t: Double, into states: inout [GlyphState]) {
        let t = Self.finite(t)
        states.removeAll(keepingCapacity: true)
        withUnsafeTemporaryAllocation(of: TimingSample.self, capacity: curves.count) { samples in
            for k in curves.indices { samples[k] = curves[k].curve.sample(at: t - curves[k].start) }
            samples[0] = PlannedCurve.restSample
            withTables { motions, extras, tracks, _ in
                let sampled = SampledCurves(UnsafePointer(samples.baseAddress!))
                for k in 0..<self.motions.count {
                    states.append(MotionEvaluator.state(motions + k, extras: extras, tracks: tracks, samples: sampled, at: t))
                }
            }
        }
    }

    /// Calls `body` with the tables in place.
    func withTables<R>(
        _ body: (
            UnsafePointer<SpriteMotion>, UnsafePointer<MotionExtras>, UnsafePointer<PlannedTrack>,
            UnsafePointer<PlannedCurve>
        ) -> R
    ) -> R {
        motions.withUnsafeBufferPointer { motions in
            extras.withUnsafeBufferPointer { extras in
                tracks.withUnsafeBufferPointer { tracks in
                    curves.withUnsafeBufferPointer { curves in
                        body(
                            motions.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            extras.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            tracks.baseAddress ?? UnsafePointer(bitPattern: 8)!, curves.baseAddress!)
                    }
                }
            }
        }
    }

    /// Calls `body` with `count` of the plan's tracks from `start`, in place.
    package func withPlannedTracks(_ start: Int, count: Int, _ body: (UnsafeBufferPointer<PlannedTrack>) -> Void) {
        tracks.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }

    /// The plan's particle emitter at `index`.
    package func emitter(_ index: Int) -> ParticleEmitter? {
        emitters.indices.contains(index) ? emitters[index] : nil
    }

    /// Times that are not finite count as long after the end (+∞) or the start.
    private static func finite(_ t: Double) -> Double {
        t.isFinite ? t : (t > 0 ? Double.greatestFiniteMagnitude : 0)
    }
}

/// Samples computed on demand at one time, for one glyph.
struct CurvesAt: CurveSamples {
    let curves: UnsafePointer<PlannedCurve>
    let time: Double

    @inline(__always)
    func sample(_ curve: Int32) -> TimingSample {
        curve == 0 ? PlannedCurve.restSample : curves[Int(curve)].curve.sample(at: time - curves[Int(curve)].start)
    }
}
