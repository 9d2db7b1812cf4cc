/// The shape of every error Kinetype throws: a ``code`` to match on and a
/// ``message`` to show a person.
///
/// Every module's error type (`TimingError`, `PoolError`, `RenderError`,
/// `TypesetterError`, `EffectFileError`, …) conforms, so one `catch` can handle
/// them all, and a program can match any of them the same way:
///
/// ```swift
/// do {
///     _ = try Spring(stiffness: -1, damping: 10)
/// } catch let error as TimingError where error.code == .invalidStiffness {
///     print(error.message)   // says which number and which range to use
/// } catch let error as any KinetypeError {
///     print("\(error.codeName): \(error.message)")
/// }
/// ```
///
/// Errors compare (and hash) by their code alone: two errors are equal when
/// they are the same kind of failure, whatever the input that caused them.
/// Types may carry more about the failure beside the message (a path, an
/// offset, a line and column), documented on each.
public protocol KinetypeError: Error, Hashable, CustomStringConvertible {
    /// The kind of failure. New kinds may be added in later versions: a
    /// `switch` over codes needs a `default`.
    var code: ErrorCode<Self> { get }
    /// One sentence saying what is wrong and what to do about it, already
    /// escaped for a terminal where it quotes the input.
    var message: String { get }
}

extension KinetypeError {
    /// The ``message``.
    public var description: String { message }

    /// Whether both errors are the same kind of failure; what caused them is not compared.
    public static func == (a: Self, b: Self) -> Bool { a.code == b.code }

    /// Hashes the kind of failure, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The name of the error's code, for example `invalidStiffness`.
    public var codeName: String { code.name }
}

/// The kind of a ``KinetypeError`` (or of a diagnostic, such as Typesetter's
/// missing glyph): a name, scoped to its type, so `RenderError`'s `invalidSize`
/// and `TypesetterError`'s are different codes.
///
/// Each error type lists its codes as static members, so they read as
/// `error.code == .cannotWrite`.
public struct ErrorCode<Failure>: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, for example `cannotWrite`.
    public let name: String

    package init(_ name: String) { self.name = name }

    /// The ``name``.
    public var description: String { name }
}

/// An error's code and message in one object. The error types that hold
/// one are returned and rethrown (typed throws) as one reference rather than
/// as two strings copied at every step, which costs code at every throw in
/// the WebAssembly build.
package final class ErrorParts<Failure>: Sendable {
    package let code: ErrorCode<Failure>
    package let message: String

    package init(_ code: ErrorCode<Failure>, _ message: String) {
        self.code = code
        self.message = message
    }
}
