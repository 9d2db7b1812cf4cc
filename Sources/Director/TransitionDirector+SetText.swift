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
        let t = max(usable(time), lastFence)
        advance(to: t)
        // Setting a text by hand ends a rehearsal (its own steps clear it before calling).
        rehearsal = nil
        guard newText != text else {
            return TransitionEstimate(
                sprites: pool.count, entering: 0, exiting: 0, persisting: targetHandles.count,
                duration: max((active?.end ?? t) - t, 0), cost: effect.cost * Double(pool.count), groups: curves.liveCount)
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
        if let running = active {
            emit(TransitionEvent(kind: .cancel, time: t, transition: running.serial, text: running.text))
            active = nil
        }
        lastFence = t
        serial += 1
        collectFinishedExits(at: t)
        releaseUnusedGlyphs()
        curves.update(at: t)
        takeSnapshot()

        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        let newLayout = layout.layout(change.newGlyphs)
        let animator = GlyphAnimator(effect: effect, style: style, preference: preference, seed: seed)
        animator.plan(change, from: targetLayout, to: newLayout, snapshot: snapshot, startTime: t, into: &plan)
        let counts = install(at: t)

        // Exits of superseded transitions still running hold the settle back until they are gone.
        var end = t + plan.duration
        for handle in snapshotHandles.dropFirst(snapshot.textCount) where pool.isValid(handle) {
            let motion = pool[handle].motion
            if motion.role == .exiting { end = max(end, motion.hide) }
        }
        // Reserve now what the frames will need, so drawing them allocates nothing.
        for k in 0..<2 {
            frameParticles[k].reserveCapacity(tables.particleBound)
            frameSprites[k].reserveCapacity(pool.count)
        }
        text = newText
        legibilityRecorder?.begin(newText)
        // As planned: a number is anchored where it stands (numeric mode).
        targetLayout = plan.laidOutNewLayout
        // The analyzer gives every new index exactly once, as a transform or an insert.
        targetHandles.removeAll(keepingCapacity: true)
        for handle in newHandles { targetHandles.append(handle!) }
        active = ActiveTransition(serial: serial, fence: t, end: end, text: newText, looping: plan.isLooping)
        return TransitionEstimate(
            sprites: pool.count, entering: counts.entering, exiting: counts.exiting, persisting: counts.persisting,
            duration: end - t, cost: estimatedCost(), groups: curves.liveCount)
    }

    /// Records what every live sprite presents at the last curve update: the
    /// target text's sprites in order, then those still leaving.
    private func takeSnapshot() {
        snapshot.removeAll()
        snapshotHandles.removeAll(keepingCapacity: true)
        for handle in targetHandles { appendToSnapshot(handle) }
        snapshot.textCount = targetHandles.count
        for handle in pool.handles where !pool[handle].isInText { appendToSnapshot(handle) }
    }

    private func appendToSnapshot(_ handle: SpriteHandle) {
        let (state, velocity) = presented(handle)
        let motion = pool[handle].motion
        snapshot.append(glyph: motion.glyph, state: state, velocity: velocity, key: motion.key, boxSize: motion.boxSize)
        snapshotHandles.append(handle)
    }

    /// Puts the plan's sprites on the timeline as they are: their curves become
    /// entries of the Director's table (one per plan curve), their records move
    /// to the fence's clock, and each takes the sprite it continues or a new one.
    private func install(at fence: Double) -> (entering: Int, exiting: Int, persisting: Int) {
        // One reference to the plan for the whole loop (reading `self.plan` each
        // time, or passing it on, copied it).
        let plan = self.plan
        curveIDs.removeAll(keepingCapacity: true)
        for k in 0..<plan.curves.count {
            let planned = plan.curves[k]
            curveIDs.append(k == 0 ? CurveTable.restID : curves.add(planned.curve, origin: fence + planned.start))
        }
        newHandles.removeAll(keepingCapacity: true)
        newHandles.append(contentsOf: repeatElement(nil, count: plan.change.newGlyphs.count))
        var entering = 0, exiting = 0, persisting = 0
        curveIDs.withUnsafeBufferPointer { curveIDs in
            let ids = curveIDs.baseAddress!
            for k in 0..<plan.count {
                var motion = plan.motions[k]
                motion.transformCurve = ids[Int(motion.transformCurve)]
                motion.appearanceCurve = ids[Int(motion.appearanceCurve)]
                curves.retain(motion.transformCurve)
                curves.retain(motion.appearanceCurve)
                if motion.extras >= 0 {
                    motion.extras = tables.add(
                        plan.extras[Int(motion.extras)], from: plan, curveIDs: ids, fence: fence, curves: &curves)
                }
                motion.settle += fence
                motion.hide += fence
                
                let handle: SpriteHandle
                if let source = plan.source(of: k) {
                    handle = snapshotHandles[source]
                    let old = pool[handle]
                    releaseResources(of: old.motion)
                    pool[handle] = SpriteRecord(motion: motion, id: old.id)
                    try? pool.setRole(motion.role, order: Int(motion.index), for: handle)
                } else {
                    handle = pool.checkout(SpriteRecord(motion: motion, id: takeID()), role: motion.role, order: Int(motion.index))
                }
                switch motion.role {
                case .entering: entering += 1
                case .exiting: exiting += 1
                case .persisting: persisting += 1
                }
                if motion.role != .exiting { newHandles[Int(motion.index)] = handle }
            }
        }
        for id in curveIDs { curves.releaseIfUnused(id) }
        return (entering, exiting, persisting)
    }

    /// Returns exiting sprites whose exit is over by `t` to the pool.
    func collectFinishedExits(at t: Double) {
        finishedScratch.removeAll(keepingCapacity: true)
        for handle in pool.handles {
            let motion = pool[handle].motion
            if motion.role == .exiting && motion.hide <= t { finishedScratch.append(handle) }
        }
        for handle in finishedScratch {
            releaseResources(of: pool[handle].motion)
            try? pool.checkin(handle)
        }
    }

    /// Forgets the glyphs no sprite shows once the glyph table holds many more
    /// than the sprites, so a long run over ever new glyphs keeps the table
    /// bounded: the workspace renumbers what is left and the sprites follow.
    func releaseUnusedGlyphs() {
        guard workspace.glyphCount - 128 > 2 * pool.count + 64 else { return }
        var live: [GlyphID] = []
        live.reserveCapacity(pool.count)
        for handle in pool.handles { live.append(pool[handle].motion.glyph) }
        let renumbered = workspace.compact(keeping: live)
        for handle in pool.handles { pool[handle].motion.glyph = renumbered[Int(pool[handle].motion.glyph)] }
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

    /// Ends a transition: one settle event, exits back to the pool, every sprite at rest on the layout.
    func settle(_ running: ActiveTransition) {
        active = nil
        legibilityRecorder?.rest(on: running.text)
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text))
        finishedScratch.removeAll(keepingCapacity: true)
        for handle in pool.handles {
            var record = pool[handle]
            if !record.isInText {
                finishedScratch.append(handle)
                continue
            }
            curves.release(record.motion.transformCurve)
            curves.release(record.motion.appearanceCurve)
            record.motion.transformCurve = CurveTable.restID
            record.motion.appearanceCurve = CurveTable.restID
            record.motion.delta = PrimaryDelta()
            record.motion.role = .persisting
            if record.motion.extras >= 0, !tables.settle(record.motion.extras, curves: &curves) {
                record.motion.extras = -1
            }
            pool[handle] = record
            try? pool.setRole(.persisting, order: Int(record.motion.index), for: handle)
        }
        for handle in finishedScratch {
            releaseResources(of: pool[handle].motion)
            try? pool.checkin(handle)
        }
        rehearsalSettled(at: running.end)
    }

    /// The warm-up's cost: one unit per sprite for the effect, plus its tracks and particles.
    private func estimatedCost() -> Double {
        effect.cost * Double(pool.count) + 0.25 * Double(tables.tracks.count) + 0.1 * Double(tables.particleBound)
    }
}
