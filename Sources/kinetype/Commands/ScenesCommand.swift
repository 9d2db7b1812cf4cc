import Animator
import Director

/// `kinetype scenes [--json]`
enum ScenesCommand {
    static let command = Command(
        name: "scenes",
        summary: "List the scenes (controls drawn with shapes) and their states.",
        discussion: """
            Pass a name to --scene of frames, render or play; --toggle T1,T2,… taps the
            control at those times, each tap moving it to its next state (after the
            last, the first again).
            """,
        options: [CatalogList.jsonSpec],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        CatalogList.write(
            Scene.builtIns, arguments, to: &output,
            json: { scene in
                [
                    ("name", .string(scene.name)), ("description", .string(scene.summary)),
                    ("states", .array(scene.states.map { .string($0.name) })),
                ]
            },
            row: { scene in
                (scene.name, scene.summary + " States: " + scene.states.map(\.name).joined(separator: " → ") + ".")
            })
    }
}
