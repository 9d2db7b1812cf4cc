#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import FuzzSupport
import TestSupport
import KinetypeCLI

// libFuzzer target for the command line: a command (first byte) and its
// arguments (the rest, split at 0xFF; a one-byte argument below 0x20 stands
// for the command's n-th option, so options are easy to find). Every command's
// arguments are parsed; those of the commands that only read and print are
// also run, in memory, under small limits. A failure is one printable line
// with the exit code of its kind; JSON output parses; the same arguments give
// the same result.

/// The commands run as well as parsed: they write no file, read none outside
/// this folder (arguments with "/" and standard input are left out) and end
/// quickly under the limits set below.
let runnable: Set<String> = ["diff", "spring", "plan", "frames", "effects", "scenes", "pens", "completions"]

/// Limits small enough that no input runs for long (the variables a user sets the same way).
let limitsSet: Bool = {
    setenv("KINETYPE_MAX_FRAMES", "300", 1)
    setenv("KINETYPE_MAX_GLYPHS", "64", 1)
    setenv("KINETYPE_MAX_SAMPLES", "20000", 1)
    return true
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkCommandLine(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkCommandLine(_ bytes: [UInt8]) {
    precondition(limitsSet)
    let commands = CommandLineCheck.commands
    guard let first = bytes.first else { return }
    let command = commands[Int(first) % commands.count]
    let arguments = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false).map { piece -> String in
        if piece.count == 1, let byte = piece.first, byte < 0x20, !command.options.isEmpty {
            return command.options[Int(byte) % command.options.count]
        }
        return String(decoding: piece, as: UTF8.self)
    }
    let label = "kinetype \(command.name) \(arguments.map(\.debugDescription).joined(separator: " "))"

    let parsed = CommandLineCheck.parse(arguments, command: command.name)
    if let (code, message) = parsed {
        require(code == 2, "\(label): a parse error exits \(code)")
        checkMessage(message, label)
    }
    let again = CommandLineCheck.parse(arguments, command: command.name)
    require(again?.code == parsed?.code && again?.message == parsed?.message, "\(label): parsed twice, differs")

    guard runnable.contains(command.name), !arguments.contains(where: { $0.contains("/") || $0 == "-" }) else { return }
    let outcome = CommandLineCheck.run([command.name] + arguments)
    require([0, 1, 2].contains(outcome.code), "\(label): exit \(outcome.code)")
    if parsed != nil { require(outcome.code == 2, "\(label): did not parse, yet exit \(outcome.code)") }
    if outcome.code == 0 {
        require(outcome.error.isEmpty, "\(label): succeeded with \(outcome.error.debugDescription)")
        // After "--" every argument is a text, "--json" and "--help" included.
        let options = arguments.prefix(while: { $0 != "--" })
        if options.contains("--json") && !options.contains("--help") && !options.contains("-h") {
            require((try? JSONValue(parsing: outcome.output)) != nil, "\(label): output is not JSON: \(outcome.output.prefix(300).debugDescription)")
        }
    } else {
        require(outcome.error.hasPrefix("kinetype: ") && outcome.error.hasSuffix("\n"), "\(label): error \(outcome.error.debugDescription)")
        checkMessage(String(outcome.error.dropFirst("kinetype: ".count).dropLast()), label)
    }
    // What reaches the terminal holds no raw control or bidi character but line breaks.
    require(
        !outcome.output.unicodeScalars.contains { $0 != "\n" && TerminalEscape.mustEscape($0) },
        "\(label): raw control in the output \(outcome.output.prefix(300).debugDescription)")
    require(CommandLineCheck.run([command.name] + arguments) == outcome, "\(label): ran twice, differs")
}

/// One line a person can read on a terminal: not empty, no raw control or bidi character, of bounded length.
func checkMessage(_ message: String, _ label: String) {
    require(!message.isEmpty, "\(label): an empty message")
    require(!message.unicodeScalars.contains(where: TerminalEscape.mustEscape), "\(label): raw control in \(message.debugDescription)")
    require(message.utf8.count <= 4_096, "\(label): a message of \(message.utf8.count) bytes")
}

@main
enum CommandLineFuzzerMain {
    static func main() { FuzzDriver.main(fuzz: fuzzCommandLine, replay: checkCommandLine) }
}
