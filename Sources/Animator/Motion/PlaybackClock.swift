/// Two times: the caller's (the `at:` of `setText`, `frame`, events, settle
/// times) and the plan's (what a plan's motions are written in). They run
/// together until a style retimes a transition
/// (`MotionStyle.duration`, `MotionStyle.speed`): from its start to its
/// settle the plan's time runs `rate` times as fast as the caller's, and at
/// its settle back at one, from where the two then stand.
///
/// The map is continuous and increasing, so an interruption mid-transition
/// samples the motions where the frames left it.
package struct PlaybackClock: Sendable {
    /// The caller's time at the start of the current stretch.
    package var origin: Double = 0
    /// The plan's time then.
    package var planOrigin: Double = 0
    /// Planned seconds per second of the caller's.
    package var rate: Double = 1
    /// Whether the two times are the same (no transition retimed yet): kept
    /// exact, without a subtraction and addition that could round.
    package var isIdentity = true

    package init() {}

    /// The plan's time at the caller's `time`.
    package func planTime(_ time: Double) -> Double {
        isIdentity ? time : planOrigin + (time - origin) * rate
    }

    /// The caller's time at the plan's `time`.
    package func callerTime(_ time: Double) -> Double {
        isIdentity ? time : origin + (time - planOrigin) / rate
    }

    /// Seconds of the caller's for `seconds` of the plan's in the stretch now.
    package func callerSeconds(_ seconds: Double) -> Double {
        isIdentity ? seconds : seconds / rate
    }

    /// Starts a stretch at the plan's `time`, at `rate`: the caller's time there as now,
    /// or `callerTime` (the caller's own time for it, when it has one: worked out again
    /// from the plan's it can be an ulp off, and a frame at the caller's time would be
    /// drawn an instant before the stretch starts).
    package mutating func restart(atPlanTime time: Double, callerTime given: Double? = nil, rate: Double) {
        guard !isIdentity || rate != 1 else { return }
        origin = given ?? callerTime(time)
        planOrigin = time
        self.rate = rate
        isIdentity = false
    }
}
