import LegacyAnalyzer

/// A scene could not be made or found.
///
/// ```swift
/// do { _ = try Scene.named("menus") }
/// catch { print(error.code, error.message) }
/// // unknownScene unknown scene "menus"; scenes: menu, play, check
/// ```
public struct SceneError: KinetypeError {
    public typealias Code = ErrorCode<SceneError>

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in words a person can act on (escaped for a terminal).
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Failure == SceneError {
    /// No built-in scene has the name asked for.
    public static var unknownScene: Self { Self("unknownScene") }
    /// A scene was given no state.
    public static var noStates: Self { Self("noStates") }
    /// Two elements of one state share a key.
    public static var repeatedKey: Self { Self("repeatedKey") }
    /// The delay is negative or not a finite number of seconds.
    public static var invalidDelay: Self { Self("invalidDelay") }
}
