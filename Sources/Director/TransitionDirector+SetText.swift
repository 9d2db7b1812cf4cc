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
    /// Times earlier than the previous fence are moved up to it; NaN counts as the previous fence.
    ///
    /// - Returns: the warm-up estimate of the new transition.
    /// - Complexity: the analyzer's cost plus O(n log n) in glyphs.
    @discardableResult
    public func setText(_ newText: String, at time: Double) -> TransitionEstimate {
        let t = time.isNaN ? lastFence : max(time, lastFence)
        advance(to: t)
        // Setting a text by hand ends a rehearsal (its own steps clear it before calling).
        rehearsal = nil
        guard newText != text else { return estimate(fence: t, entering: 0, exiting: 0, persisting: targetGlyphs.count) }
        if let running = active {
            emit(TransitionEvent(kind: .cancel, time: t, transition: running.serial, text: running.text))
            active = nil
        }
        lastFence = t
        serial += 1
        collectFinishedExits(at: t)
        curves.update(at: t)

        // Snapshot what is on screen before anything changes: curve entries are
        // recycled as the new transition claims them.
        let oldCount = targetGlyphs.count
        var presented: [(state: GlyphState, velocity: GlyphState)] = []
        presented.reserveCapacity(oldCount)
        for handle in targetHandles {
            let r = pool[handle]
            presented.append((presentedState(r), presentedVelocity(r)))
        }
        var leftovers: [Character: [(handle: SpriteHandle, state: GlyphState, velocity: GlyphState)]] = [:]
        var leftoverCount = 0
        for handle in pool.handles {
            let r = pool[handle]
            guard r.targetIndex < 0 else { continue }
            leftovers[symbols[Int(r.glyph)], default: []].append((handle, presentedState(r), presentedVelocity(r)))
            leftoverCount += 1
        }

        let newGlyphs = Array(newText)
        let change = TextChangeAnalyzer(mode: mode).analyze(from: targetGlyphs, to: newGlyphs)
        let newLayout = layout.layout(change.newGlyphs)
        let animator = GlyphAnimator(
            effect: effect, style: style, preference: preference, seed: seed ^ (UInt64(serial) &* 0x9E37_79B9_7F4A_7C15))
        let plan = animator.plan(change, from: targetLayout, to: newLayout, startTime: t)
        let reviveDistance = max(newLayout.fontSize, 1) * 0.6
        let instant = plan.motion == .none

        var newHandles = [SpriteHandle?](repeating: nil, count: newGlyphs.count)
        var entering = 0, exiting = 0, persisting = 0
        var end = t
        for (m, planned) in zip(change.mutations, plan.descriptors) {
            var d = planned
            switch m.action {
            case .transform:
                let i = m.indexFrom ?? 0, j = m.indexTo ?? 0
                let handle = targetHandles[i]
                continueMotion(&d, from: presented[i], instant: instant, startNow: true)
                replace(handle, with: d, fence: t, targetIndex: j, role: .persisting, order: j)
                newHandles[j] = handle
                persisting += 1
            case .remove:
                let i = m.indexFrom ?? 0
                let handle = targetHandles[i]
                continueMotion(&d, from: presented[i], instant: instant)
                replace(handle, with: d, fence: t, targetIndex: -1, role: .exiting, order: i)
                exiting += 1
            case .insert:
                let j = m.indexTo ?? 0
                if leftoverCount > 0, let caught = catchLeftover(m.symbol, near: d.to.position, within: reviveDistance, in: &leftovers) {
                    // A glyph still fading out where the new text wants one: bring it back.
                    continueMotion(&d, from: (caught.state, caught.velocity), instant: instant, startNow: true)
                    replace(caught.handle, with: d, fence: t, targetIndex: j, role: .entering, order: j)
                    newHandles[j] = caught.handle
                } else {
                    let record = makeRecord(d, fence: t, id: takeID(), targetIndex: j, role: .entering)
                    newHandles[j] = pool.checkout(record, layer: .entering, order: j)
                }
                entering += 1
            }
            end = max(end, t + d.settleTime - d.delay + CurveTable.quantize(d.delay))
        }
        // Exits of superseded transitions still running hold the settle back until they are gone.
        for (_, group) in leftovers {
            for leftover in group where pool.isValid(leftover.handle) {
                end = max(end, pool[leftover.handle].hideAfter)
            }
        }

        // Reserve now what the frames will need, so drawing them allocates nothing.
        frameParticles.reserveCapacity(particleBound)
        frameSprites.reserveCapacity(pool.count)
        text = newText
        targetGlyphs = newGlyphs
        targetLayout = newLayout
        // The analyzer gives every new index exactly once, as a transform or an insert.
        targetHandles = newHandles.map { $0! }
        active = ActiveTransition(serial: serial, fence: t, end: end, text: newText, looping: plan.isLooping)
        return estimate(fence: t, entering: entering, exiting: exiting, persisting: persisting)
    }

    /// Makes a planned descriptor start from what the sprite presents now: same
    /// state, same velocity, whatever the new curves' shapes.
    ///
    /// A sprite in motion, or one the caller wants started (`startNow`), starts at
    /// once (no stagger delay, which would freeze it).
    /// An appearance the plan did not expect (a glyph caught mid-fade) finishes on
    /// an ease-in-out fade rather than popping, unless the plan is an instant swap.
    func continueMotion(
        _ d: inout AnimationDescriptor, from now: (state: GlyphState, velocity: GlyphState), instant: Bool,
        startNow: Bool = false
    ) {
        let moving = !instant && now.velocity != .zero
        if (moving || startNow) && d.delay > 0 {
            // A moving (or caught) glyph starts at once; its tracks keep their times on the clock.
            let shift = d.delay
            d.tracks = d.tracks.map { track in
                var track = track
                track.timeOffset -= shift
                return track
            }
            d.delay = 0
        }
        // The new descriptor's tracks add their own offsets at the fence; take them out.
        var trackOffset = GlyphState.zero
        var trackRate = GlyphState.zero
        for track in d.tracks {
            // Read each track where the frames will: on the Director's clock for it.
            let time = -Self.trackStart(track, delay: d.delay)
            trackOffset[track.channel] += track.amplitude * (track.curve.progress(at: time) + track.bias)
            trackRate[track.channel] += track.amplitude * track.curve.velocity(at: time)
        }
        let planned = d.from
        d.from = now.state - trackOffset
        guard !instant else { return }
        let midFade = GlyphChannel.allCases.contains { !$0.isTransform && abs(d.from[$0] - planned[$0]) > 1e-9 }
        if midFade && d.opacityTiming.duration == 0 {
            d.opacityTiming = .bezier(.easeInOut, duration: style.fade)
        }
        guard moving else { return }
        // Each curve contributes (to − from)·v₀ at its start; the carry supplies the rest.
        let tv = d.timing.initialVelocity, ov = d.opacityTiming.initialVelocity
        var v = GlyphState.zero
        for channel in GlyphChannel.allCases {
            let curveRate = channel.isTransform ? tv : ov
            v[channel] = now.velocity[channel] - trackRate[channel] - (d.to[channel] - d.from[channel]) * curveRate
        }
        d.velocity = v
    }

    /// Swaps a live sprite's motion for a new descriptor, keeping its identity.
    func replace(
        _ handle: SpriteHandle, with d: AnimationDescriptor, fence: Double, targetIndex: Int, role: SpriteRole, order: Int
    ) {
        let old = pool[handle]
        releaseResources(of: old)
        pool[handle] = makeRecord(d, fence: fence, id: Int(old.id), targetIndex: targetIndex, role: role)
        try? pool.setLayer(role, order: order, for: handle)
    }

    /// The nearest leftover exiting sprite with the same glyph within a distance, removed from the candidates.
    func catchLeftover(
        _ symbol: Character, near point: Point, within distance: Double,
        in leftovers: inout [Character: [(handle: SpriteHandle, state: GlyphState, velocity: GlyphState)]]
    ) -> (handle: SpriteHandle, state: GlyphState, velocity: GlyphState)? {
        guard var candidates = leftovers[symbol], !candidates.isEmpty else { return nil }
        var best = -1
        var bestDistance = distance
        for (k, c) in candidates.enumerated() {
            let dd = (c.state.position - point).length
            if dd <= bestDistance {
                if best < 0 || dd < bestDistance { best = k; bestDistance = dd }
            }
        }
        guard best >= 0 else { return nil }
        let caught = candidates.remove(at: best)
        leftovers[symbol] = candidates
        return caught
    }

    /// Returns exiting sprites whose exit is over by `t` to the pool.
    func collectFinishedExits(at t: Double) {
        var finished: [SpriteHandle] = []
        for handle in pool.handles where pool[handle].targetIndex < 0 && pool[handle].hideAfter <= t {
            finished.append(handle)
        }
        for handle in finished {
            releaseResources(of: pool[handle])
            try? pool.checkin(handle)
        }
    }

    /// Brings the timeline up to `t`: the running transition settles if its time has come,
    /// and a rehearsal sets its next text when due.
    func advance(to t: Double) {
        while true {
            if let running = active, t >= running.end {
                settle(running)
            }
            guard let due = rehearsalDue(at: t) else { break }
            rehearsalStep(at: due)
        }
    }

    /// Ends a transition: one settle event, exits back to the pool, every sprite at rest on the layout.
    func settle(_ running: ActiveTransition) {
        active = nil
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text))
        var finished: [SpriteHandle] = []
        for handle in pool.handles {
            var r = pool[handle]
            if r.targetIndex < 0 {
                finished.append(handle)
                continue
            }
            curves.release(r.transformCurve)
            curves.release(r.appearanceCurve)
            r.transformCurve = CurveTable.restID
            r.appearanceCurve = CurveTable.restID
            r.delta = PrimaryDelta()
            r.hideAfter = .infinity
            r.role = .persisting
            if r.extras >= 0 {
                var entry = extras[Int(r.extras)]
                // Velocities have faded and finite tracks ended; only loops play on.
                entry.rareDelta = .zero
                entry.velocity = .zero
                entry.carries = false
                entry.changesRareChannels = false
                if entry.tracks.contains(where: { $0.loops }) {
                    extras[Int(r.extras)] = entry
                } else {
                    releaseExtras(r.extras)
                    r.extras = -1
                }
            }
            pool[handle] = r
            try? pool.setLayer(.persisting, order: Int(r.targetIndex), for: handle)
        }
        for handle in finished {
            releaseResources(of: pool[handle])
            try? pool.checkin(handle)
        }
        rehearsalSettled(at: running.end)
    }

    func estimate(fence: Double, entering: Int, exiting: Int, persisting: Int) -> TransitionEstimate {
        var cost = 0.0
        for handle in pool.handles {
            let r = pool[handle]
            var c = effect.cost
            if r.extras >= 0 {
                let entry = extras[Int(r.extras)]
                c += Double(entry.tracks.count) * 0.25 + Double(entry.emitter?.count ?? 0) * 0.1
            }
            cost += c
        }
        return TransitionEstimate(
            sprites: pool.count, entering: entering, exiting: exiting, persisting: persisting,
            duration: (active?.end ?? fence) - fence, cost: cost, groups: curves.liveCount)
    }
}
