/// Every command of the tool, in the order `kinetype --help` lists them.
enum CommandList {
    static let all: [Command] = [
        DiffCommand.command,
        SpringCommand.command,
        PlanCommand.command,
        FramesCommand.command,
        EffectsCommand.command,
        ScenesCommand.command,
        PensCommand.command,
        RenderCommand.command,
        PlayCommand.command,
        DemoCommand.command,
        CompletionsCommand.command,
    ]

    static let tool = CommandLineTool(summary: "Kinetic typography: per-glyph text transitions.", commands: all)
}
