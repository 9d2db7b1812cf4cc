import Effects

/// `kinetype effects [--effect-file PATH] [--json]`
enum EffectsCommand {
    static let command = Command(
        name: "effects",
        summary: "List the effects and what each looks like.",
        discussion: """
            Pass a name to --effect of plan, frames, render or play; 'a+b' layers a's motion
            with b's look. An effect of your own is a JSON file (docs/effects.md) given with
            --effect-file; here the file is read, checked and listed with the built-ins.
            The controls drawn with shapes are listed by 'kinetype scenes'.
            """,
        options: [
            EffectFileInput.spec,
            CatalogList.jsonSpec,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        var registry = EffectRegistry.standard
        if let path = arguments.value("effect-file") { _ = try EffectFileInput.load(path, into: &registry) }
        CatalogList.write(
            registry.entries, arguments, to: &output,
            json: { [("name", .string($0.name)), ("description", .string($0.summary))] },
            row: { ($0.name, $0.summary) })
    }
}
