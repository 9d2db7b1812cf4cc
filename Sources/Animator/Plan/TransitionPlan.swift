import Analyzer

/// A planned transition: every glyph's motion, read from the sprites the planner
/// wrote, in plan order (one per mutation, in the order of `change.mutations`,
/// then the arrivals of glyphs the choreography made leave and enter instead of
/// moving; see `mutation(of:)`). The planner is the one a `TransitionDirector`
/// plays: a plan's states are the Director's frames of the same change.
///
/// ```swift
/// let plan = GlyphAnimator().plan(from: "Creative", to: "Create", layout: MonospaceLayout())
/// var states: [GlyphState] = []
/// plan.states(at: 0.1, into: &states)      // every glyph at t = 0.1 s
/// plan.duration                            // when the last glyph has settled
/// ```
public struct TransitionPlan {
    /// The analysed change.
    public let change: TextChange
    /// The motion the plan was made with, after the preference was resolved.
    public let motion: ResolvedMotion
    /// Seconds between successive glyphs' starts, after change-ratio scaling and the spread cap.
    public let stagger: Double
    /// The drift distance in points, after change-ratio scaling.
    public let drift: Double
    /// Seconds until the last glyph has settled (loops aside).
    public let duration: Double
    /// Whether some glyph that stays loops forever (the transition never comes to rest).
    public let isLooping: Bool

    /// The planner, holding the sprites: written while the plan is made, only read after.
    private let stage: RunStage
    /// The glyphs in plan order, each with its sprite.
    private let glyphs: [RunStage.PlannedGlyph]
    // The layouts as given (the new one lined up with the old where numbers stand).
    private let oldSource: TextLayoutResult
    private let newSource: TextLayoutResult

    /// Plans `change` from `oldLayout` to `newLayout` with `animator`'s effect, style, seed
    /// and tiles, under `motion`, starting at `startTime` (see `GlyphAnimator.plan`).
    init(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult, animator: GlyphAnimator,
        motion: ResolvedMotion, startTime: Double
    ) {
        let stage = RunStage(
            planning: change, from: oldLayout, to: newLayout, effect: animator.effect, style: animator.style,
            motion: motion, seed: animator.seed, tiles: animator.tiles, startTime: startTime)
        self.change = change
        self.motion = motion
        self.stage = stage
        stagger = stage.plannedStagger
        drift = stage.plannedDrift
        duration = stage.plannedDuration
        isLooping = stage.looping
        glyphs = stage.plannedGlyphs(of: change)
        oldSource = oldLayout
        newSource = stage.laidOut
    }

    /// The old text's layout in the transition's coordinates (alignment anchor at x = 0).
    ///
    /// Made on access from the layout the plan was given (for a layout that is not
    /// leading-aligned, that copies its frames), so read it once where it matters.
    public var oldLayout: TextLayoutResult { oldSource.anchored() }

    /// The new text's layout in the transition's coordinates (made on access, as `oldLayout`).
    public var newLayout: TextLayoutResult { newSource.anchored() }

    /// The number of planned glyphs (one per mutation, plus the choreography's arrivals).
    public var count: Int { glyphs.count }

    /// The planned glyph at `index`.
    private func planned(_ index: Int) -> RunStage.PlannedGlyph {
        precondition(index >= 0 && index < glyphs.count, "plan index \(index) out of 0..<\(glyphs.count)")
        return glyphs[index]
    }

    /// The glyph planned at `index`: its identity, an index into `change.symbols`.
    public func glyph(of index: Int) -> GlyphID { change.mutations.glyph(at: Int(planned(index).mutation)) }

    /// Whether the glyph planned at `index` leaves, stays or arrives.
    public func role(of index: Int) -> SpriteRole { planned(index).role }

    /// The glyph's frame in the layout it belongs to (the new layout for entering
    /// and persisting glyphs, the old one for exiting glyphs).
    public func box(of index: Int) -> GlyphFrame { box(of: planned(index)) }

    private func box(of g: RunStage.PlannedGlyph) -> GlyphFrame {
        g.role == .exiting ? AnchoredFrames(oldSource)[Int(g.oldIndex)] : AnchoredFrames(newSource)[Int(g.newIndex)]
    }

    /// The glyph's index in the old text (leaving and persisting glyphs) and in
    /// the new one (arriving and persisting glyphs).
    public func indices(of index: Int) -> (old: Int?, new: Int?) {
        let g = planned(index)
        return (g.oldIndex >= 0 ? Int(g.oldIndex) : nil, g.newIndex >= 0 ? Int(g.newIndex) : nil)
    }

    /// The mutation (an index into `change.mutations`) the glyph planned at `index`
    /// comes from. The glyphs are the mutations in order (a letter that only
    /// gains or loses a mark is one glyph, its removal folded into it); after
    /// them come the arrivals of persisting glyphs the choreography made leave
    /// and enter instead of moving (their leaving halves are their mutations'
    /// own glyphs, planned as exits).
    public func mutation(of index: Int) -> Int { Int(planned(index).mutation) }

    /// The glyph planned at `index` as the mutation it is played as: a glyph the
    /// choreography made leave and enter again is a `.remove` at its own index
    /// and an `.insert` at its arrival's.
    public func plannedMutation(of index: Int) -> GlyphMutation {
        let g = planned(index), mutations = change.mutations, k = Int(g.mutation)
        let action: GlyphMutation.Action
        switch g.role {
        case .exiting: action = .remove
        case .persisting: action = .transform
        case .entering: action = .insert
        }
        // (The leaving half of a glyph made to leave and enter weighs as its old place does.)
        let leavesInstead = g.role == .exiting && mutations.action(at: k) == .transform
        return GlyphMutation(
            action: action, indexFrom: g.oldIndex >= 0 ? Int(g.oldIndex) : nil,
            indexTo: g.newIndex >= 0 ? Int(g.newIndex) : nil, symbol: change.symbols[mutations.glyph(at: k)],
            priorityWeight: leavesInstead ? mutations.weight(ofOld: Int(g.oldIndex)) : mutations.priorityWeight(at: k))
    }

    /// Seconds from the start until the glyph planned at `index` has settled (loops aside).
    public func settleTime(of index: Int) -> Double { stage.settle(of: planned(index)) - stage.origin }

    /// The state of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func state(of index: Int, at t: Double) -> GlyphState { presented(planned(index), at: t).state }

    /// The per-channel velocity of the glyph planned at `index`, `t` seconds after the start.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func velocity(of index: Int, at t: Double) -> GlyphState { presented(planned(index), at: t).velocity }

    /// What planned glyph `g` shows `t` seconds after the start: a glyph removed at once
    /// shows nothing where it was.
    private func presented(_ g: RunStage.PlannedGlyph, at t: Double) -> (state: GlyphState, velocity: GlyphState) {
        stage.presented(g, atPlanTime: stage.origin + t.finiteTime) ?? (gone(g), .zero)
    }

    /// What a glyph without a sprite shows: nothing, where it was.
    private func gone(_ g: RunStage.PlannedGlyph) -> GlyphState {
        var state = GlyphState.resting(at: box(of: g).rect.center)
        state.opacity = 0
        return state
    }

    /// Every glyph's state `t` seconds after the start, in plan order, written
    /// over `states`. Allocates nothing once `states` has the room.
    ///
    /// - Complexity: O(glyphs + tracks).
    public func states(at t: Double, into states: inout [GlyphState]) {
        states.removeAll(keepingCapacity: true)
        for g in glyphs { states.append(presented(g, at: t).state) }
    }

    /// The plan of one glyph as a descriptor, for inspection (the `plan`
    /// command, tests, debugging overlays): the same motion, read back from its
    /// template and its sprite. Times count from the plan's start; delays come back
    /// rounded to the plan's grouping step (about 2 ms). A glyph riding in with a
    /// moving neighbour, or passing another in a lane, moves by more than its
    /// descriptor says (`state(of:at:)` has it all).
    ///
    /// - Complexity: O(tracks of the glyph).
    public func descriptor(of index: Int) -> AnimationDescriptor {
        let g = planned(index)
        return stage.descriptor(
            of: g, symbol: change.symbols[change.mutations.glyph(at: Int(g.mutation))], box: box(of: g), gone: gone(g))
    }

    /// Every glyph's plan as a descriptor, in plan order (see `descriptor(of:)` and `plannedMutation(of:)`).
    ///
    /// - Complexity: O(glyphs + tracks).
    public var descriptors: [AnimationDescriptor] {
        (0..<count).map(descriptor(of:))
    }
}

// A plan is read only: its stage is written while the plan is made (`init`), and reading a
// plan (states, velocities, descriptors) writes nothing in it: each read samples curves into
// values of its own. So a plan shared between threads is only ever read.
extension TransitionPlan: @unchecked Sendable {}
