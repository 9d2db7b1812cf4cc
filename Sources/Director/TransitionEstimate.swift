import Analyzer

/// The Director's warm-up estimate of a transition, returned by `setText(_:at:)`.
public struct TransitionEstimate: Hashable, Sendable {
    /// Live sprites once the transition has started (leftover exits included).
    public var sprites: Int
    /// Glyphs arriving.
    public var entering: Int
    /// Glyphs leaving (this transition's; leftover exits of a superseded one not counted).
    public var exiting: Int
    /// Glyphs staying, moving or not.
    public var persisting: Int
    /// Seconds from the fence until the transition settles.
    public var duration: Double
}
