import Animator

/// The `kinetype` tool: finds the command, parses its arguments, runs it, and
/// turns errors into one line on standard error and an exit code.
struct CommandLineTool: Sendable {
    var name = "kinetype"
    var summary: String
    var commands: [Command]

    /// Runs the tool on the arguments after the executable name, writing to
    /// `output`; returns the exit code and the text for standard error.
    func run(_ arguments: [String], output: inout CommandOutput) -> (code: Int32, error: String) {
        // A bare `kinetype` is someone asking what it can do.
        guard let first = arguments.first else {
            output.write(help)
            return finish(&output)
        }
        if first == "--version" || first == "-V" {
            output.line("\(name) \(Version.current)")
            return finish(&output)
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.count > 1 {
                guard let command = command(named: arguments[1]) else {
                    return failure(unknownCommand(arguments[1]))
                }
                output.write(command.help)
            } else {
                output.write(help)
            }
            return finish(&output)
        }
        guard let command = command(named: first) else {
            if first.hasPrefix("-") {
                let hint = NearestName.find(String(first.drop { $0 == "-" }), among: ["help", "version"])
                return failure(.usage(
                    "unknown option '\(TerminalEscape.escaped(first))'" + (hint.map { "; did you mean '--\($0)'?" } ?? "")
                        + " (see 'kinetype --help')"))
            }
            return failure(unknownCommand(first))
        }
        do throws(CommandLineError) {
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), command: command.name, options: command.options,
                positionals: command.positionals)
            if parsed.wantsHelp {
                output.write(command.help)
            } else {
                try command.run(parsed, &output)
            }
            return finish(&output)
        } catch {
            return failure(error)
        }
    }

    /// The command called `name`.
    func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    private func unknownCommand(_ word: String) -> CommandLineError {
        let hint = NearestName.find(word, among: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return .usage("unknown command '\(TerminalEscape.escaped(word))'\(hint) (see 'kinetype --help')")
    }

    /// The tool's `--help` text: every registered command.
    var help: String {
        var lines = ["Usage: \(name) COMMAND [ARGUMENTS] [OPTIONS]", "", summary, "", "Commands:"]
        lines += HelpTable.rows(commands.map { ($0.name, $0.summary) })
        lines += [
            "", "Run '\(name) COMMAND --help' for a command's arguments and options;",
            "'\(name) --version' prints the version.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func finish(_ output: inout CommandOutput) -> (code: Int32, error: String) {
        output.flush()
        if let message = output.failure { return failure(.failure(message)) }
        return (0, "")
    }

    private func failure(_ error: CommandLineError) -> (code: Int32, error: String) {
        (error.exitCode, "\(name): \(error.message)\n")
    }
}
