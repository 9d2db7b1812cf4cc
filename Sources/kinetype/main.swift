// The `kinetype` command line (docs/cli.md). A command is one file in
// Commands/ and one line in `CommandList.all`.
import Render

// A reader that goes away (`kinetype frames --json | head`) is reported as a
// failed write, not a silent death by SIGPIPE.
Platform.ignoreBrokenPipe()
// Ctrl-C, SIGTERM and SIGHUP remove a file half written before the process ends.
SignalCleanup.install()
var output = CommandOutput(isTerminal: Platform.isTerminal(1)) { text in
    Platform.writeStandardOutput(text).map { "cannot write to standard output: \($0)" }
}
let result = CommandList.tool.run(Array(CommandLine.arguments.dropFirst()), output: &output)
Platform.writeStandardError(result.error)
Platform.exit(result.code)
