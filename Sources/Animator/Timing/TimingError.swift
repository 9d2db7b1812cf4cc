import Analyzer

/// A timing curve or spring could not be made from the numbers given.
///
/// ```swift
/// do { _ = try Spring(stiffness: -1, damping: 10) }
/// catch { print(error) }   // "spring stiffness -1 is out of range; use a number in 1e-9…1e9"
/// ```
///
/// Match on ``code`` (or compare with the static values: `error == .invalidMass`).
public struct TimingError: KinetypeError {
    public typealias Code = ErrorCode<TimingError>

    /// The kind of failure.
    public var code: Code { storage.code }
    /// What went wrong, in words a person can act on.
    public var message: String { storage.message }

    private let storage: ErrorParts<Self>

    @usableFromInline
    init(_ code: Code, _ message: String) {
        storage = ErrorParts(code, message)
    }

    /// The mass was outside `Spring.massRange`.
    public static let invalidMass = TimingError(.invalidMass, "")
    /// The stiffness was outside `Spring.stiffnessRange`, or too weak for the
    /// mass for the spring to settle within `Spring.maximumSettlingDuration`.
    public static let invalidStiffness = TimingError(.invalidStiffness, "")
    /// The damping was outside `Spring.dampingRange`, or too small or too large
    /// for the spring to settle within `Spring.maximumSettlingDuration`.
    public static let invalidDamping = TimingError(.invalidDamping, "")
    /// The initial velocity was outside `Spring.initialVelocityRange`, or too
    /// large for the spring to settle within `Spring.maximumSettlingDuration`.
    public static let invalidVelocity = TimingError(.invalidVelocity, "")
    /// A motion style's duration or drift was outside its range.
    public static let invalidDuration = TimingError(.invalidDuration, "")
    /// A keyframe list was empty, or a keyframe's time or value was out of range or out of order.
    public static let invalidKeyframes = TimingError(.invalidKeyframes, "")
    /// A cubic Bézier's control points were not finite numbers.
    public static let nonFiniteBezier = TimingError(.nonFiniteBezier, "")
    /// A cubic Bézier's x control values were outside 0…1.
    public static let bezierOutOfRange = TimingError(.bezierOutOfRange, "")
}

extension ErrorCode where Failure == TimingError {
    /// See ``TimingError/invalidMass``.
    public static var invalidMass: Self { Self("invalidMass") }
    /// See ``TimingError/invalidStiffness``.
    public static var invalidStiffness: Self { Self("invalidStiffness") }
    /// See ``TimingError/invalidDamping``.
    public static var invalidDamping: Self { Self("invalidDamping") }
    /// See ``TimingError/invalidVelocity``.
    public static var invalidVelocity: Self { Self("invalidVelocity") }
    /// See ``TimingError/invalidDuration``.
    public static var invalidDuration: Self { Self("invalidDuration") }
    /// See ``TimingError/invalidKeyframes``.
    public static var invalidKeyframes: Self { Self("invalidKeyframes") }
    /// See ``TimingError/nonFiniteBezier``.
    public static var nonFiniteBezier: Self { Self("nonFiniteBezier") }
    /// See ``TimingError/bezierOutOfRange``.
    public static var bezierOutOfRange: Self { Self("bezierOutOfRange") }
}
