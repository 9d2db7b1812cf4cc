/// One stop of a keyframe curve: a value at a time, reached along an easing curve.
public struct Keyframe: Hashable, Sendable {
    /// Seconds from the start of the curve.
    public var time: Double
    /// The value at that time (progress for a timing curve, an offset for a track).
    public var value: Double
    /// The easing of the segment that ends at this keyframe (ignored for the first).
    public var curve: CubicBezier

    public init(time: Double, value: Double, curve: CubicBezier = .linear) {
        self.time = time
        self.value = value
        self.curve = curve
    }
}

/// How many times a repeating curve plays.
public enum RepeatCount: Hashable, Sendable {
    /// A fixed number of passes (each direction of an autoreversing curve is one pass).
    case times(Int)
    /// Without end: the curve never settles.
    case forever
}
