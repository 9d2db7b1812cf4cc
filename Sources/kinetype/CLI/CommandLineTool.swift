/// The `kinetype` tool: finds the command, parses its arguments, runs it, and
/// turns errors into one line on standard error and an exit code.
struct CommandLineTool: Sendable {
    var name = "kinetype"
    var summary: String
    var commands: [Command]

    /// Runs the tool on the arguments after the executable name; returns the exit code.
    func run(_ arguments: [String], isTerminal: Bool) -> (code: Int32, output: String, error: String) {
        guard let first = arguments.first else {
            return failure(.usage("missing command (see '\(name) --help')"))
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    return failure(.usage("unknown command '\(arguments[1])' (see 'kinetype --help')"))
                }
                return (0, command.help, "")
            }
            return (0, help, "")
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            if first.hasPrefix("-") { return failure(.usage("unknown option '\(first)' (see 'kinetype --help')")) }
            return failure(.usage("unknown command '\(first)' (see 'kinetype --help')"))
        }
        do throws(CommandLineError) {
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), command: command.name, options: command.options,
                positionals: command.positionals)
            if parsed.wantsHelp { return (0, command.help, "") }
            var output = CommandOutput(isTerminal: isTerminal)
            try command.run(parsed, &output)
            return (0, output.text, "")
        } catch {
            return failure(error)
        }
    }

    /// The tool's `--help` text: every registered command.
    var help: String {
        var lines = ["Usage: \(name) COMMAND [ARGUMENTS] [OPTIONS]", "", summary, "", "Commands:"]
        lines += HelpTable.rows(commands.map { ($0.name, $0.summary) })
        lines += ["", "Run '\(name) COMMAND --help' for a command's arguments and options."]
        return lines.joined(separator: "\n") + "\n"
    }

    private func failure(_ error: CommandLineError) -> (code: Int32, output: String, error: String) {
        (error.exitCode, "", "\(name): \(error.message)\n")
    }
}
