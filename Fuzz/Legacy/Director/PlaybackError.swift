import LegacyAnalyzer

/// A playback script could not be made from the values given.
///
/// ```swift
/// do { _ = try Playback(texts: []) }
/// catch { print(error.code, error.message) }   // noTexts a playback needs at least one text
/// ```
public struct PlaybackError: KinetypeError {
    public typealias Code = ErrorCode<PlaybackError>

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in words a person can act on.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Failure == PlaybackError {
    /// A playback was given no text.
    public static var noTexts: Self { Self("noTexts") }
    /// The frame rate is not a number in (0, ``Playback/maximumFPS``].
    public static var invalidFrameRate: Self { Self("invalidFrameRate") }
    /// The interval is not a positive number of seconds.
    public static var invalidInterval: Self { Self("invalidInterval") }
    /// The tail is negative, not finite, or longer than ``Playback/maximumDuration``.
    public static var invalidTail: Self { Self("invalidTail") }
    /// A toggle time is out of range or earlier than the one before it.
    public static var invalidToggle: Self { Self("invalidToggle") }
    /// Toggles were given without a scene to tap.
    public static var noScene: Self { Self("noScene") }
}
