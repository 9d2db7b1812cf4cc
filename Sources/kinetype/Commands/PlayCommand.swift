import Animator
import Director
import Render

/// `kinetype play TEXT... [frames options] [--loop]`
enum PlayCommand {
    static let command = Command(
        name: "play",
        summary: "Play the animation of a sequence of texts in the terminal, in real time.",
        discussion: """
            The texts play as with 'kinetype frames' (same options), drawn on the
            terminal's character grid: each glyph in the cell nearest its place, fading
            glyphs dimmed. --loop plays again and again (after --hold, default 1 s)
            until Ctrl-C; the cursor and the text attributes are restored on exit.
            Into a pipe or a file, a few still frames are printed instead. --wrap
            and --tracking count columns here (tracking from -0.5 to 10). Tiles and
            a --scene's control are drawn in blocks, the control three times as
            large as beside 32-point text so that its parts stand apart.
            """,
        positionals: [TimelineOptions.textsSpec],
        options: TimelineOptions.motionSpecs + TimelineOptions.playbackSpecs + [
            .flag("loop", help: "Play over and over until Ctrl-C.")
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let (parsed, texts) = try TimelineOptions.parse(arguments).readTexts(arguments, command: command.name)
        var options = parsed
        // A cell is 10 points wide: --wrap and --tracking count columns (tiles: one column apart).
        let columns = arguments.value("tracking") == nil && options.tiles ? 1 : options.tracking
        let grid = MonospaceLayout(
            wrapWidth: options.wrapWidth.map { $0 * 10 }, alignment: options.alignment, tracking: columns * 10)
        options.grid = grid
        // A control drawn for 32-point text is 4 cells wide here; three times that reads as one.
        options.scene = options.scene?.scaled(by: 3)
        let loop = arguments.flag("loop")
        let playback = try options.playback(texts)
        let timeline: Timeline
        do {
            timeline = try Timeline(
                recording: options.director(showing: texts[0]), playback: playback, maximumSamples: options.limits.samples)
        } catch {
            throw .failure(TerminalEscape.sanitized(error.message))
        }
        let renderer = TerminalRenderer(layout: grid, shading: .attributes)
        if output.isTerminal && TerminalPlayer.standardOutputIsTerminal {
            output.flush()
            try output.check()
            // --hold is already the tail of each pass; without it a loop pauses one second.
            TerminalPlayer(renderer: renderer).run(timeline, loop: loop, pause: options.hold == nil ? 1 : 0)
        } else {
            var plain = renderer
            plain.shading = .none
            output.write(TerminalPlayer(renderer: plain) { _ in }.stills(timeline))
        }
    }
}
