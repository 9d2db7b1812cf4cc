/// A timing curve or spring could not be made from the numbers given.
///
/// ```swift
/// do { _ = try Spring(stiffness: -1, damping: 10) }
/// catch { print(error) }   // "spring stiffness must be a positive number (got -1.0)"
/// ```
public struct TimingError: Error, Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Code: Hashable, Sendable {
        case nonFiniteBezier, bezierOutOfRange
        case invalidMass, invalidStiffness, invalidDamping, invalidVelocity
        case invalidDuration, invalidKeyframes, invalidRepeat, invalidSplit
    }

    @usableFromInline let code: Code
    /// What went wrong, in words a person can act on.
    public let message: String

    @usableFromInline
    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The mass was not a positive, finite number.
    public static let invalidMass = TimingError(.invalidMass, "")
    /// The stiffness was not a positive, finite number.
    public static let invalidStiffness = TimingError(.invalidStiffness, "")
    /// The damping was not a positive, finite number.
    public static let invalidDamping = TimingError(.invalidDamping, "")
    /// A duration was negative or not finite.
    public static let invalidDuration = TimingError(.invalidDuration, "")

    /// Errors compare by kind, not by message, so `error == .invalidMass` reads naturally.
    public static func == (a: TimingError, b: TimingError) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
