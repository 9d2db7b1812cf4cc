import Render

/// The `kinetype` process: sets up the signals and standard streams, runs
/// the tool on the process's arguments and exits with its code. The
/// executable's `main.swift` only calls this, so that the commands live in
/// a library that the fuzz target can link as well.
package enum KinetypeTool {
    package static func main() -> Never {
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
    }
}
