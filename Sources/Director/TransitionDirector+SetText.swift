import Analyzer
import Animator

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
    /// - Complexity: the analyzer's cost plus O(n) in the glyphs that change.
    @discardableResult
    public func setText(_ newText: String, at time: Double) -> TransitionEstimate {
        defer { runCallbacks() }
        let planned = planTime(time), t = max(planned, lastFence)
        advance(to: t)
        // Setting a text by hand ends a rehearsal (its own steps clear it before calling).
        rehearsal = nil
        guard newText != text else {
            return TransitionEstimate(
                sprites: stage.spriteCounts(at: lastSeen).inUse, entering: 0, exiting: 0, persisting: stage.textSpriteCount,
                duration: callerSeconds(max((active?.end ?? t) - t, 0)))
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
        supersede(&active, at: t, isScene: false)
        let sprites = stage.setText(newText, atPlanTime: t, callerTime: callerTime)
        legibilityRecorder?.begin(newText, at: t, stage: stage)
        // Reserve now what the frames will need, so drawing them allocates nothing.
        for k in 0..<2 {
            frameSprites[k].reserveCapacity(sprites)
            frameShapes[k].reserveCapacity(sprites)
            frameReshapes[k].reserveCapacity(sprites)
            frameParticles[k].reserveCapacity(stage.particleBound)
        }
        active = ActiveTransition(serial: serial, fence: t, end: stage.end, text: newText, looping: stage.looping)
        let counts = stage.roleCounts
        return TransitionEstimate(
            sprites: stage.spriteCounts(at: lastSeen).inUse, entering: counts.entering, exiting: counts.exiting,
            persisting: counts.persisting, duration: stage.callerDuration)
    }

    /// Brings the timeline up to `t`: the running transition settles if its time has come,
    /// and a rehearsal sets its next text when due.
    func advance(to t: Double) {
        lastSeen = t
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

    /// Ends a transition: one settle event; its glyphs rest on the layout from then on.
    func settle(_ running: ActiveTransition) {
        active = nil
        legibilityRecorder?.settle(on: running.text, at: running.end)
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text))
        rehearsalSettled(at: running.end)
    }
}
