import Analyzer

/// Why a call from JavaScript was refused: the message becomes the `Error` that
/// `kinetype.js` throws, so it says what to pass instead.
///
/// The engine's own errors (an effect file's, a spring's) pass through as they
/// are; this type covers the options and handles of the web interface.
public struct WebError: KinetypeError {
    public typealias Code = ErrorCode<WebError>

    /// The kind of failure.
    public var code: Code { storage.code }
    /// What is wrong and what to pass instead.
    public var message: String { storage.message }

    private let storage: ErrorParts<Self>

    init(_ code: Code, _ message: String) {
        storage = ErrorParts(code, message)
    }

    /// An engine's error passed through: its code's name and its message.
    /// (Out of line: three places pass errors of two types on.)
    @inline(never)
    init(passing error: some KinetypeError) {
        self.init(Code(error.codeName), error.message)
    }

    @inline(never)
    static func invalidOption(_ message: String) -> WebError { WebError(.invalidOption, message) }

    /// An invalid option whose message is the pieces joined: one call where an
    /// interpolation would build the text inline at every place that throws.
    @inline(never)
    static func invalidOption(_ a: String, _ b: String, _ c: String = "", _ d: String = "") -> WebError {
        WebError(.invalidOption, a + b + c + d)
    }
}

extension ErrorCode where Failure == WebError {
    /// An option of `director({…})` is of the wrong kind or out of its range.
    public static var invalidOption: Self { Self("invalidOption") }
    /// The director was disposed, or never made.
    public static var unknownDirector: Self { Self("unknownDirector") }
    /// A text or an effect larger than the interface takes.
    public static var tooLarge: Self { Self("tooLarge") }
}
