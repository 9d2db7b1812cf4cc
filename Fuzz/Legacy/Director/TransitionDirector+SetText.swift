import LegacyAnalyzer
import LegacyAnimator
import LegacyPool

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
        let t = max(usable(time), lastFence)
        advance(to: t)
        // Setting a text by hand ends a rehearsal (its own steps clear it before calling).
        rehearsal = nil
        guard newText != text else {
            return TransitionEstimate(
                sprites: store.count, entering: 0, exiting: 0, persisting: store.textRows.count,
                duration: max((active?.end ?? t) - t, 0), cost: effect.cost * Double(store.count),
                groups: store.curves.liveCount)
        }
        return transition(to: newText, at: t)
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
        let t = max(usable(time), lastFence)
        advance(to: t)
        rehearsal = nil
        return transition(to: text, at: t)
    }

    /// The transition to `newText` at `t` (already advanced to), whatever the text shown.
    private func transition(to newText: String, at t: Double) -> TransitionEstimate {
        supersede(&active, at: t, isScene: false)
        collectFinishedExits(at: t)
        releaseUnusedGlyphs()
        store.curves.update(at: t)
        takeSnapshot()

        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        let newLayout = layout.layout(change.newGlyphs)
        animator.plan(
            change, from: targetLayout, to: newLayout, motion: preference.resolved(), snapshot: snapshot, startTime: t,
            continuing: &plan)
        text = newText
        legibilityRecorder?.begin(newText)
        // As planned: a number is anchored where it stands (numeric mode).
        targetLayout = plan.laidOutNewLayout
        // Reserve now what the frames will need, so drawing them allocates nothing.
        for k in 0..<2 {
            frameParticles[k].reserveCapacity(store.tables.particleBound)
            frameSprites[k].reserveCapacity(store.count)
            frameShapes[k].reserveCapacity(store.count)
            frameReshapes[k].reserveCapacity(store.count)
        }
        active = ActiveTransition(serial: serial, fence: t, end: t + plan.duration, text: newText, looping: plan.isLooping)
        var entering = 0, exiting = 0, persisting = 0
        for k in 0..<plan.count {
            switch plan.role(of: k) {
            case .entering: entering += 1
            case .exiting: exiting += 1
            case .persisting: persisting += 1
            }
        }
        return TransitionEstimate(
            sprites: store.count, entering: entering, exiting: exiting, persisting: persisting, duration: plan.duration,
            cost: estimatedCost(), groups: store.curves.liveCount)
    }

    /// Records what every glyph sprite presents at the last curve update: the
    /// target text's sprites in order, then those still leaving. A glyph on a
    /// tile that pulses shows its tile's tint (the planner gives it back to the tile).
    private func takeSnapshot() {
        Self.record(store, into: &snapshot)
    }

    /// `takeSnapshot` with the store and the snapshot in hand: it runs per
    /// sprite, and every access through the Director's stored properties (the
    /// plan holds the store) is checked for exclusivity.
    private static func record(_ store: MotionStore, into snapshot: inout PresentedSnapshot) {
        snapshot.removeAll()
        for row in store.textRows { append(row, of: store, to: &snapshot) }
        snapshot.textCount = store.textRows.count
        store.forEachRow { row in
            if !store.shapes.contains(Int(row)) && store.pool[unchecked: Int(row)].role == .exiting {
                append(row, of: store, to: &snapshot)
            }
        }
    }

    private static func append(_ row: Int32, of store: MotionStore, to snapshot: inout PresentedSnapshot) {
        var (state, velocity) = store.presented(row)
        let tile = store.tiles[Int(row)]
        if tile >= 0, store.shapes[Int(tile)]?.tintsStroke == true {
            let shown = store.presented(tile)
            state.tint = shown.state.tint
            velocity.tint = shown.velocity.tint
        }
        // Fields are read in place (`pool[unchecked:]`): a copy of the whole row would cost more than the rest.
        let motion = store.pool[unchecked: Int(row)]
        snapshot.append(
            glyph: motion.glyph, state: state, velocity: velocity, key: store.keys[Int(row)], boxSize: motion.boxSize,
            row: row)
    }

    /// Returns exiting sprites whose exit is over by `t` to the pool.
    func collectFinishedExits(at t: Double) {
        finishedScratch.removeAll(keepingCapacity: true)
        let store = self.store
        store.forEachRow { row in
            let motion = store.pool[unchecked: Int(row)]
            if motion.role == .exiting && motion.hide <= t { finishedScratch.append(row) }
        }
        for row in finishedScratch { store.checkin(row) }
        sceneRows.removeDead(in: store)
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
            if !store.shapes.contains(Int(row)) { live.append(store.pool[unchecked: Int(row)].glyph) }
        }
        let renumbered = workspace.compact(keeping: live)
        store.pool.withUnsafePayloads { motions in
            store.forEachRow { row in
                if !store.shapes.contains(Int(row)) { motions[Int(row)].glyph = renumbered[Int(motions[Int(row)].glyph)] }
            }
        }
    }

    /// Brings the timeline up to `t`: the running transition settles if its time has come,
    /// and a rehearsal sets its next text when due.
    func advance(to t: Double) {
        while true {
            // Whichever finished first reports first.
            if let scene = sceneActive, t >= scene.end, scene.end <= active?.end ?? .infinity {
                settleScene(scene)
            }
            if let running = active, t >= running.end {
                settle(running)
            }
            if let scene = sceneActive, t >= scene.end {
                settleScene(scene)
            }
            guard let due = rehearsalDue(at: t) else { break }
            rehearsalStep(at: due)
        }
    }

    /// Ends a transition: one settle event, exits back to the pool, every glyph at rest on the layout.
    func settle(_ running: ActiveTransition) {
        active = nil
        legibilityRecorder?.rest(on: running.text)
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text))
        let store = self.store
        finishedScratch.removeAll(keepingCapacity: true)
        store.forEachRow { row in
            if !store.shapes.contains(Int(row)) && store.pool[unchecked: Int(row)].role == .exiting { finishedScratch.append(row) }
        }
        for row in finishedScratch { store.checkin(row) }
        for (index, row) in store.textRows.enumerated() {
            store.rest(row, order: index)
            let tile = store.tiles[Int(row)]
            if tile >= 0 { store.rest(tile, order: index) }
        }
        rehearsalSettled(at: running.end)
    }

    /// The warm-up's cost: one unit per sprite for the effect, plus its tracks and particles.
    private func estimatedCost() -> Double {
        effect.cost * Double(store.count) + 0.25 * Double(store.tables.tracks.count)
            + 0.1 * Double(store.tables.particleBound)
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
