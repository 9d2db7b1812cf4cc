/// A failure the command line reports as one line on standard error.
///
/// Usage errors (unknown option, missing argument, bad value) exit with 2,
/// failures of the work itself with 1.
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

    /// The arguments do not fit the command.
    static func usage(_ message: String) -> CommandLineError { CommandLineError(code: .usage, message: message) }

    /// The command could not do its work.
    static func failure(_ message: String) -> CommandLineError { CommandLineError(code: .failure, message: message) }

    static func unknownOption(_ option: String, command: String) -> CommandLineError {
        .usage("unknown option '\(option)' for '\(command)' (see 'kinetype \(command) --help')")
    }

    static func invalidValue(_ value: String, option: String, expected: String) -> CommandLineError {
        .usage("invalid value '\(value)' for --\(option): expected \(expected)")
    }
}
