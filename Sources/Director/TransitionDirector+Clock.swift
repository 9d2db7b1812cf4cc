import Animator

extension TransitionDirector {
    /// The plan's time at the caller's `time`: finite and within
    /// `maximumTime`, or the last fence.
    func planTime(_ time: Double) -> Double {
        time.isFinite && abs(time) <= Self.maximumTime ? clock.planTime(time) : lastFence
    }

    /// Seconds of the caller's for `seconds` of the plan's in the stretch now.
    func callerSeconds(_ seconds: Double) -> Double { clock.callerSeconds(seconds) }
}
