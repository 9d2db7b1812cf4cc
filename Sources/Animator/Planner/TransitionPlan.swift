import Analyzer

/// A planned transition: one descriptor per glyph mutation, and the layouts they move between.
public struct TransitionPlan: Sendable {
    /// The analysed change.
    public var change: TextChange
    /// One descriptor per mutation, in the order of `change.mutations`.
    public var descriptors: [AnimationDescriptor]
    /// The old text's layout in the transition's coordinates (alignment anchor at x = 0).
    public var oldLayout: TextLayoutResult
    /// The new text's layout in the transition's coordinates.
    public var newLayout: TextLayoutResult
    /// The motion the plan was made with, after the preference was resolved.
    public var motion: ResolvedMotion
    /// Seconds between successive glyphs' starts, after change-ratio scaling and the spread cap.
    public var stagger: Double
    /// The drift distance in points, after change-ratio scaling.
    public var drift: Double

    public init(
        change: TextChange, descriptors: [AnimationDescriptor], oldLayout: TextLayoutResult,
        newLayout: TextLayoutResult, motion: ResolvedMotion, stagger: Double, drift: Double
    ) {
        self.change = change
        self.descriptors = descriptors
        self.oldLayout = oldLayout
        self.newLayout = newLayout
        self.motion = motion
        self.stagger = stagger
        self.drift = drift
    }

    /// Seconds until the last glyph has settled (loops aside).
    ///
    /// - Complexity: O(n).
    public var duration: Double {
        descriptors.reduce(0) { max($0, $1.settleTime) }
    }

    /// Whether some glyph loops forever (the transition never comes to rest).
    public var isLooping: Bool {
        descriptors.contains { $0.isLooping }
    }
}
