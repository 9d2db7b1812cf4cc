import Analyzer
import Animator
import Pool

extension TransitionDirector {
    /// Starts the transition to a new text at time `t` (the fence).
    ///
    /// A transition still running at `t` is superseded (one `cancel` event) and
    /// the new one starts from what is on screen at `t`: positions, velocities
    /// and opacities carry over. A transition that settled before `t` reports
    /// its `settle` first. Setting the text it already shows or heads to does nothing.
    ///
    /// Times earlier than the previous fence are moved up to it; a time that is
    /// not finite, or beyond ±`maximumTime`, counts as the previous fence.
    ///
    /// - Returns: the warm-up estimate of the new transition.
    /// - Complexity: the analyzer's cost plus O(n) in glyphs.
    @discardableResult
    public func setText(_ newText: String, at time: Double) -> TransitionEstimate {
        defer { runCallbacks() }
        let planned = planTime(time), t = max(planned, lastFence)
        // The new plan writes every glyph of the text shown over: putting them at
        // rest first would be work thrown away (it is done below when nothing changes).
        advance(to: t, restingText: false)
        // Setting a text by hand ends a rehearsal (its own steps clear it before calling).
        rehearsal = nil
        guard newText != text else {
            restText()
            return TransitionEstimate(
                sprites: store.count, entering: 0, exiting: 0, persisting: store.textRows.count,
                duration: callerSeconds(max((active?.end ?? t) - t, 0)), cost: effect.cost * Double(store.count),
                groups: store.curveGroupCount)
        }
        return transition(to: newText, at: t, callerTime: t == planned ? time : nil)
    }

    /// Plays the text on screen as a transition onto itself at time `t`, so an
    /// effect that moves at rest (`EffectBlueprint.movesAtRest`, the dance)
    /// starts moving without a change of text. Glyphs start from what they
    /// show at `t`; a running transition is superseded as by `setText`.
    ///
    /// - Returns: the warm-up estimate of the new transition.
    @discardableResult
    public func restage(at time: Double) -> TransitionEstimate {
        defer { runCallbacks() }
        let planned = planTime(time), t = max(planned, lastFence)
        advance(to: t)
        rehearsal = nil
        return transition(to: text, at: t, callerTime: t == planned ? time : nil)
    }

    /// The transition to `newText` at `t` (already advanced to), whatever the text shown;
    /// `callerTime`, when given, is the caller's time for `t` (a frame asked at that time
    /// then shows the plan's start, not an instant worked out again an ulp before it).
    private func transition(to newText: String, at t: Double, callerTime: Double?) -> TransitionEstimate {
        // Every row of the text shown is written over by the plan.
        textAwaitsRest = false
        supersede(&active, at: t, isScene: false)
        collectFinishedExits(at: t)
        releaseUnusedGlyphs()
        recordPresented(at: t)

        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        // The layout of the text shown is reused when this layout made it.
        let laidOut: ReusedLayout
        if let maker = targetLayoutMaker, maker.isSame(as: layout) {
            laidOut = layout.layout(
                change.newGlyphs, reusing: targetLayout, unchanged: change.unchanged, recycling: &recycledFrames)
        } else {
            laidOut = ReusedLayout(layout: layout.layout(change.newGlyphs), samePrefix: 0, sameSuffix: 0)
        }
        animator.plan(
            change, from: targetLayout, to: laidOut.layout, motion: preference.resolved(), leaving: leavingScratch,
            startTime: t, sameFrames: (laidOut.samePrefix, laidOut.sameSuffix), continuing: &plan)
        targetLayoutMaker = layout
        text = newText
        legibilityRecorder?.begin(newText, at: t, store: store, symbols: workspace.symbols)
        // The old layout's frames, held now by nothing else, are where the next layout is made.
        plan.releaseOldLayout()
        let replaced = targetLayout.frames
        // As planned: a number is anchored where it stands (numeric mode).
        targetLayout = Self.laidOutNewLayout(of: &plan)
        recycledFrames = RecycledFrames(frames: replaced, sameAsPrevious: laidOut.samePrefix)
        // Reserve now what the frames will need, so drawing them allocates nothing.
        for k in 0..<2 {
            frameParticles[k].reserveCapacity(store.particleBound)
            frameSprites[k].reserveCapacity(store.count)
            frameShapes[k].reserveCapacity(store.count)
            frameReshapes[k].reserveCapacity(store.count)
        }
        let outcome = Self.outcome(of: &plan, style: style)
        active = ActiveTransition(
            serial: serial, fence: t, end: t + outcome.duration, text: newText, looping: outcome.looping)
        // A retimed style plays the plan faster or slower until it settles.
        clock.restart(atPlanTime: t, callerTime: callerTime, rate: outcome.rate)
        let (entering, exiting, persisting) = outcome.counts
        return TransitionEstimate(
            sprites: store.count, entering: entering, exiting: exiting, persisting: persisting,
            duration: callerSeconds(outcome.duration),
            cost: estimatedCost(), groups: store.curveGroupCount)
    }

    /// What the director keeps of a plan just made, read in one access: read
    /// one by one off the stored property, each computed one copied the whole
    /// plan (about 2,500 instructions a transition, with their releases).
    private static func outcome(
        of plan: inout TransitionPlan, style: MotionStyle
    ) -> (duration: Double, looping: Bool, rate: Double, counts: (entering: Int, exiting: Int, persisting: Int)) {
        (plan.duration, plan.isLooping, style.playbackRate(of: plan), plan.roleCounts)
    }

    /// The plan's new layout, read in place (off the stored property, the
    /// computed one copied the whole plan first).
    private static func laidOutNewLayout(of plan: inout TransitionPlan) -> TextLayoutResult {
        plan.laidOutNewLayout
    }

    /// Records what the sprites in motion present at `t` (the store evaluates
    /// only those; the rest are read off their rows) and lists the glyphs
    /// still leaving, oldest first, for the planner to continue or catch.
    private func recordPresented(at t: Double) {
        let store = self.store
        store.recordPresented(at: t)
        var leaving = Self.takeEmptied(&leavingScratch)
        store.appendLeavingRows(to: &leaving)
        // Oldest first (their ids): two copies of a glyph that clear at the same instant pair
        // with the new text's arrivals in that order.
        leaving.sortStably { store[$0].id < store[$1].id }
        leavingScratch = leaving
    }

    /// Returns exiting sprites whose exit is over by `t` to the pool.
    func collectFinishedExits(at t: Double) {
        var finished = Self.takeEmptied(&finishedScratch)
        let store = self.store
        store.appendLeavingRows(to: &finished, goneBy: t, shapes: true)
        checkinFinished(&finished)
        finishedScratch = finished
        sceneRows.removeDead(in: store)
    }

    /// Checks in the rows in `finished`, in slot order: the pool hands
    /// slots out again in the order they came back, so the order is kept the
    /// same whatever order the rows were found in.
    private func checkinFinished(_ finished: inout [RowID]) {
        slotOrder.sort(&finished)
        let store = self.store
        for row in finished { store.checkin(row) }
    }

    /// A scratch list taken out of the director, emptied, its storage kept:
    /// filled as a local and put back, where a stored property's every append
    /// would be checked for exclusive access.
    @inline(__always)
    private static func takeEmptied(_ scratch: inout [RowID]) -> [RowID] {
        var list: [RowID] = []
        swap(&list, &scratch)
        list.removeAll(keepingCapacity: true)
        return list
    }

    /// Forgets the glyphs no sprite shows once the glyph table holds many more
    /// than the sprites, so a long run over ever new glyphs keeps the table
    /// bounded: the workspace renumbers what is left and the sprites follow.
    func releaseUnusedGlyphs() {
        let store = self.store
        guard workspace.glyphCount - 128 > 2 * store.count + 64 else { return }
        var live: [GlyphID] = []
        live.reserveCapacity(store.count)
        store.forEachRow { row in
            if !store.shapes.contains(row.slot) { live.append(store[row].glyph) }
        }
        store.renumberGlyphs(workspace.compact(keeping: live))
    }

    /// Brings the timeline up to `t`: the running transition settles if its time has come,
    /// and a rehearsal sets its next text when due.
    ///
    /// With `restingText` false, a transition that settles leaves its text's
    /// rows as they are (their motions over, showing their rest states) for the
    /// plan about to write them over; `restText()` rests them if none does.
    func advance(to t: Double, restingText: Bool = true) {
        while true {
            // Whichever finished first reports first.
            if let scene = sceneActive, t >= scene.end, scene.end <= active?.end ?? .infinity {
                settleScene(scene)
            }
            if let running = active, t >= running.end {
                settle(running, restingText: restingText)
            }
            if let scene = sceneActive, t >= scene.end {
                settleScene(scene)
            }
            guard let due = rehearsalDue(at: t) else { break }
            rehearsalStep(at: due)
        }
        if restingText { restText() }
    }

    /// Ends a transition: one settle event, exits back to the pool, every glyph
    /// at rest on the layout (or, without `restingText`, left for the next plan).
    func settle(_ running: ActiveTransition, restingText: Bool = true) {
        active = nil
        legibilityRecorder?.settle(on: running.text, at: running.end)
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text))
        // A retimed transition's stretch ends with it.
        clock.restart(atPlanTime: running.end, rate: 1)
        var finished = Self.takeEmptied(&finishedScratch)
        store.appendLeavingRows(to: &finished)
        checkinFinished(&finished)
        finishedScratch = finished
        textAwaitsRest = true
        if restingText { restText() }
        rehearsalSettled(at: running.end)
    }

    /// Puts the text's rows (and their tiles) at rest, when a settle left them for a plan.
    func restText() {
        guard textAwaitsRest else { return }
        textAwaitsRest = false
        let store = self.store
        // The rows outside the dirty range rest already.
        let dirty = store.textDirty.clamped(to: store.textRows.indices)
        for index in dirty {
            let row = store.textRows[index]
            store.rest(row, order: index)
            let tile = store.tile(of: row)
            if !tile.isNone { store.rest(tile, order: index) }
        }
        store.textDirty = 0..<0
    }

    /// The warm-up's cost: one unit per sprite for the effect, plus its tracks and particles.
    private func estimatedCost() -> Double {
        effect.cost * Double(store.count) + 0.25 * Double(store.trackCount)
            + 0.1 * Double(store.particleBound)
    }
}

extension ScenePlanner.Rows {
    /// Drops the shapes whose rows are gone.
    mutating func removeDead(in store: MotionStore) {
        guard rows.contains(where: { !store.isLive($0) }) else { return }
        var kept = ScenePlanner.Rows()
        for (key, row) in zip(keys, rows) where store.isLive(row) {
            kept.keys.append(key)
            kept.rows.append(row)
        }
        self = kept
    }
}
