import Animator

/// The Director's two times: the caller's (the `at:` of `setText`, `frame`,
/// events, settle times) and the plan's (what the store's motions are written
/// in). They run together until a style retimes a transition
/// (`MotionStyle.duration`, `MotionStyle.speed`): from its start to its
/// settle the plan's time runs `rate` times as fast as the caller's, and at
/// its settle back at one, from where the two then stand.
///
/// The map is continuous and increasing, so an interruption mid-transition
/// samples the store where the frames left it.
struct PlaybackClock {
    /// The caller's time at the start of the current stretch.
    var origin: Double = 0
    /// The plan's time then.
    var planOrigin: Double = 0
    /// Planned seconds per second of the caller's.
    var rate: Double = 1
    /// Whether the two times are the same (no transition retimed yet): kept
    /// exact, without a subtraction and addition that could round.
    var isIdentity = true

    /// The plan's time at the caller's `time`.
    func planTime(_ time: Double) -> Double {
        isIdentity ? time : planOrigin + (time - origin) * rate
    }

    /// The caller's time at the plan's `time`.
    func callerTime(_ time: Double) -> Double {
        isIdentity ? time : origin + (time - planOrigin) / rate
    }

    /// Starts a stretch at the plan's `time` (the caller's time there as now), at `rate`.
    mutating func restart(atPlanTime time: Double, rate: Double) {
        guard !isIdentity || rate != 1 else { return }
        origin = callerTime(time)
        planOrigin = time
        self.rate = rate
        isIdentity = false
    }
}

extension TransitionDirector {
    /// The plan's time at the caller's `time`: finite and within
    /// `maximumTime`, or the last fence.
    func planTime(_ time: Double) -> Double {
        time.isFinite && abs(time) <= Self.maximumTime ? clock.planTime(time) : lastFence
    }

    /// Seconds of the caller's for `seconds` of the plan's in the stretch now.
    func callerSeconds(_ seconds: Double) -> Double {
        clock.isIdentity ? seconds : seconds / clock.rate
    }
}
