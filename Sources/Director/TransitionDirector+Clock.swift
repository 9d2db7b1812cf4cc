import Animator

extension TransitionDirector {
    /// The plan's time at the caller's `time`: finite and within
    /// `maximumTime`, or the last fence. Read through the stage, whose clock
    /// ends a retimed change's pace once the change is over.
    func planTime(_ time: Double) -> Double {
        time.isFinite && abs(time) <= Self.maximumTime ? stage.planTime(time) : lastFence
    }

    /// Seconds of the caller's for `seconds` of the plan's in the stretch now.
    func callerSeconds(_ seconds: Double) -> Double { clock.callerSeconds(seconds) }
}
