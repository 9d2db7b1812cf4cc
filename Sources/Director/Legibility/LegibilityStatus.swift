/// The legibility of what a Director has drawn, while its check is on
/// (`TransitionDirector.enableLegibilityCheck`): what `DirectorSnapshot` shows.
public struct LegibilityStatus: Hashable, Sendable {
    /// The thresholds in use.
    public var criteria: Legibility.Criteria
    /// The last frame drawn while a transition ran, checked; nil before the first.
    public var lastFrame: FrameLegibility?
    /// The frames of the running transition, or of the last one once it has settled.
    public var transition = LegibilityReport()
    /// Every frame drawn during a transition since the check was turned on.
    public var total = LegibilityReport()
    /// Per transition since the check was turned on, in order: seconds from its
    /// start until its new text read (`LegibilityReport.timeToRead`), or nil for
    /// one interrupted before it settled. The running transition is not listed
    /// until it settles.
    public var timesToRead: [Double?] = []
    /// The transitions before the running (or last) one: how many drew a frame,
    /// the sum of their garbled shares, and the one with the largest share.
    var earlierCount = 0
    var earlierShareSum = 0.0
    var earlierWorst = LegibilityReport()

    /// How many transitions drew a frame since the check was turned on (an
    /// interrupted transition counts as one).
    public var transitionCount: Int { earlierCount + (transition.framesSampled > 0 ? 1 : 0) }

    /// The mean of the transitions' garbled shares: each transition counts
    /// once, however long it ran (0 before the first).
    public var meanGarbledShare: Double {
        let count = transitionCount
        guard count > 0 else { return 0 }
        return (earlierShareSum + (transition.framesSampled > 0 ? transition.garbledShare : 0)) / Double(count)
    }

    /// The transition with the largest garbled share: the worst case beside the mean.
    public var worstTransition: LegibilityReport {
        transition.garbledShare > earlierWorst.garbledShare ? transition : earlierWorst
    }

    /// A new transition begins: the running one joins the earlier ones.
    mutating func closeTransition() {
        guard transition.framesSampled > 0 else { return }
        earlierCount += 1
        earlierShareSum += transition.garbledShare
        if transition.garbledShare > earlierWorst.garbledShare { earlierWorst = transition }
        transition = LegibilityReport()
    }
}
