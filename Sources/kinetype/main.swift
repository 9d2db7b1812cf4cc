// The `kinetype` command line (docs/cli.md). A command is one file in
// Commands/ and one line in `CommandList.all`.

// A reader that goes away (`kinetype frames --json | head`) is reported as a
// failed write, not a silent death by SIGPIPE.
Platform.ignoreBrokenPipe()
var output = CommandOutput(isTerminal: Platform.outputIsTerminal) { Platform.writeOutput($0) }
let result = CommandList.tool.run(Array(CommandLine.arguments.dropFirst()), output: &output)
Platform.writeError(result.error)
Platform.exit(result.code)
