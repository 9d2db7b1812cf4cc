/// The command line as its fuzz target drives it (Fuzz/CommandLineFuzzer):
/// arguments parsed against a command's specs, and the tool run with its
/// output kept in memory. The one `package` door into this module, so the
/// rest keeps its internal access.
package enum CommandLineCheck {
    /// What one run of the tool gave.
    package struct Outcome: Equatable, Sendable {
        /// The exit code.
        package var code: Int32
        /// Standard output.
        package var output: String
        /// Standard error.
        package var error: String
    }

    /// Every command, with its options spelled as typed (`--name`, its aliases and `-x`).
    package static var commands: [(name: String, options: [String])] {
        CommandList.all.map { command in
            var spelled: [String] = []
            for option in command.options {
                spelled.append("--" + option.name)
                spelled += option.aliases.map { "--" + $0 }
                if let short = option.short { spelled.append("-" + String(short)) }
            }
            return (command.name, spelled)
        }
    }

    /// Parses `arguments` (those after the command's name) for `command`:
    /// nil when they parse, else the error's exit code and message.
    package static func parse(_ arguments: [String], command name: String) -> (code: Int32, message: String)? {
        guard let command = CommandList.tool.command(named: name) else { return (2, "no command '\(name)'") }
        do throws(CommandLineError) {
            _ = try ArgumentParser.parse(
                arguments, command: command.name, options: command.options, positionals: command.positionals)
            return nil
        } catch {
            return (error.exitCode, error.message)
        }
    }

    /// Runs the tool on `arguments` (the command's name first) as the process
    /// would, without a terminal, keeping standard output in memory.
    package static func run(_ arguments: [String]) -> Outcome {
        var output = CommandOutput(isTerminal: false)
        let result = CommandList.tool.run(arguments, output: &output)
        return Outcome(code: result.code, output: output.text, error: result.error)
    }
}
