import Animator

/// A failure the command line reports as one line on standard error.
///
/// Usage errors (unknown option, missing argument, bad value) exit with 2,
/// failures of the work itself (a file that cannot be written, input over a
/// limit) with 1. Every piece of user text in a message goes through
/// `TerminalEscape`, so an escape sequence in a text or a file name is
/// shown, never obeyed, by the terminal.
struct CommandLineError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case usage
        case failure
    }

    private let code: Code
    /// The message, without the "kinetype: " prefix.
    let message: String

    /// The process exit code for this error.
    var exitCode: Int32 { code == .usage ? 2 : 1 }

    var description: String { message }

    /// The arguments do not fit the command. The message must already be escaped.
    static func usage(_ message: String) -> CommandLineError { CommandLineError(code: .usage, message: message) }

    /// The command could not do its work. The message must already be escaped.
    static func failure(_ message: String) -> CommandLineError { CommandLineError(code: .failure, message: message) }

    static func unknownOption(_ option: String, command: String, hint: String? = nil) -> CommandLineError {
        var message = "unknown option '\(TerminalEscape.escaped(option))' for '\(command)'"
        if let hint { message += "; \(hint)" }
        return .usage(message + " (see 'kinetype \(command) --help')")
    }

    static func invalidValue(_ value: String, option: String, expected: String) -> CommandLineError {
        .usage("invalid value '\(TerminalEscape.escaped(value))' for --\(option): expected \(expected)")
    }

    /// A name that is not one of `known`, with the nearest as a hint.
    static func unknownName(_ value: String, option: String, known: [String]) -> CommandLineError {
        var message = "invalid value '\(TerminalEscape.escaped(value))' for --\(option): expected one of \(known.joined(separator: ", "))"
        if let near = NearestName.find(value, among: known) { message += " (did you mean '\(near)'?)" }
        return .usage(message)
    }
}
