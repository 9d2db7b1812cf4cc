// The `kinetype` command line (DESIGN.md section 5). A command is one file in
// Commands/ and one line in this list.
let tool = CommandLineTool(
    summary: "Kinetic typography: per-glyph text transitions.",
    commands: [
        DiffCommand.command,
        SpringCommand.command,
        PlanCommand.command,
        FramesCommand.command,
        EffectsCommand.command,
        RenderCommand.command,
        DemoCommand.command,
    ])

let result = tool.run(Array(CommandLine.arguments.dropFirst()), isTerminal: Platform.outputIsTerminal)
Platform.writeOutput(result.output)
Platform.writeError(result.error)
Platform.exit(result.code)
