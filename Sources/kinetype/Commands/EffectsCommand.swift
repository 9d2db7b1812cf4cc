import Effects

/// `kinetype effects [--json]`
enum EffectsCommand {
    static let command = Command(
        name: "effects",
        summary: "List the effects and what each looks like.",
        discussion: "Pass a name to --effect of plan, frames or render; 'a+b' layers a's motion with b's look. The controls drawn with shapes are listed by 'kinetype scenes'.",
        options: [.flag("json", help: "Print JSON instead of the readable list.")],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let entries = EffectRegistry.standard.entries
        if arguments.flag("json") {
            output.write(
                JSONValue.array(
                    entries.map { .object([("name", .string($0.name)), ("description", .string($0.summary))]) }
                ).serialized())
            return
        }
        output.write(HelpTable.rows(entries.map { ($0.name, $0.summary) }).joined(separator: "\n") + "\n")
    }
}
