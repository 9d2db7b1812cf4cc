import Analyzer

/// A planned transition: one descriptor per glyph mutation, and the layouts they move between.
public struct TransitionPlan: Sendable {
    /// The analysed change.
    public var change: TextChange
    /// One descriptor per mutation, in the order of `change.mutations`.
    public var descriptors: [AnimationDescriptor]
    /// The old text's layout in the transition's coordinates (alignment anchor at x = 0).
    ///
    /// Made on access from the layout the plan was given (for a layout that is not
    /// leading-aligned, that copies its frames), so read it once where it matters.
    public var oldLayout: TextLayoutResult {
        get { oldIsAnchored ? oldSource : oldSource.anchored() }
        set {
            oldSource = newValue
            oldIsAnchored = true
        }
    }
    /// The new text's layout in the transition's coordinates (made on access, as `oldLayout`).
    public var newLayout: TextLayoutResult {
        get { newIsAnchored ? newSource : newSource.anchored() }
        set {
            newSource = newValue
            newIsAnchored = true
        }
    }
    /// The motion the plan was made with, after the preference was resolved.
    public var motion: ResolvedMotion
    /// Seconds between successive glyphs' starts, after change-ratio scaling and the spread cap.
    public var stagger: Double
    /// The drift distance in points, after change-ratio scaling.
    public var drift: Double

    // The layouts as given, and whether they are in the transition's coordinates already:
    // planning does not copy frames just to move them.
    private var oldSource: TextLayoutResult
    private var oldIsAnchored: Bool
    private var newSource: TextLayoutResult
    private var newIsAnchored: Bool

    public init(
        change: TextChange, descriptors: [AnimationDescriptor], oldLayout: TextLayoutResult,
        newLayout: TextLayoutResult, motion: ResolvedMotion, stagger: Double, drift: Double
    ) {
        self.change = change
        self.descriptors = descriptors
        oldSource = oldLayout
        oldIsAnchored = true
        newSource = newLayout
        newIsAnchored = true
        self.motion = motion
        self.stagger = stagger
        self.drift = drift
    }

    /// A plan between two layouts as they were laid out; `oldLayout` and `newLayout`
    /// present them anchored.
    init(
        change: TextChange, descriptors: [AnimationDescriptor], laidOut oldLayout: TextLayoutResult,
        _ newLayout: TextLayoutResult, motion: ResolvedMotion, stagger: Double, drift: Double
    ) {
        self.change = change
        self.descriptors = descriptors
        oldSource = oldLayout
        oldIsAnchored = false
        newSource = newLayout
        newIsAnchored = false
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
