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
}
