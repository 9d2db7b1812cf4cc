import Animator
import Effects
import Render

/// `kinetype demo [-o DIR] [--no-preview]`
enum DemoCommand {
    static let command = Command(
        name: "demo",
        summary: "Write the showcase: animated SVGs, their pages and an index.html gallery.",
        discussion: """
            Renders the showcase into DIR (default "demo"; created, its parent must
            exist): each animation as NAME.svg and NAME.html (with a replay button),
            the story as showcase.gif, showcase.webp and showcase.json (Lottie), and
            index.html showing them all with the 'kinetype render' command that makes
            each one. Then, when standard output is a terminal, plays two of them right
            there (--no-preview skips it). The files are the same on every run.
            """,
        options: [
            .value("output", short: "o", placeholder: "DIR", aliases: ["out"], help: "Where to write the showcase (default \"demo\")."),
            .flag("no-preview", help: "Do not play the previews in the terminal."),
        ],
        run: run)

    /// One animation of the showcase: its file name, its heading and its `kinetype render` arguments.
    struct Entry {
        var name: String
        var title: String
        var arguments: [String]
    }

    /// Everything is rendered at 48 points and 30 frames per second: smooth in a
    /// browser (CSS interpolates between samples) and small on disk.
    static let common = ["--size", "48", "--fps", "30"]

    /// The story first, then single transitions; each effect goes there and back
    /// on a loop (a round trip ends where it starts, so the replay is seamless).
    static let entries: [Entry] = [
        Entry(
            name: "send-action", title: "A story in six texts",
            arguments: [
                "Send Action", "Action Sent", "Backing up", "Backed up", "Creative", "Create", "--interval", "1.2",
                "--style", "bouncy", "--loop",
            ]),
        Entry(name: "backing-up", title: "Letters dissolve", arguments: ["Backing up", "Backed up", "--effect", "mist"]),
        Entry(name: "creative", title: "Letters leave on a wave", arguments: ["Creative", "Create", "--effect", "wave"]),
        Entry(
            name: "counter", title: "A rolling counter",
            arguments: [
                "99", "100", "1,000", "--mode", "numeric", "--align", "trailing", "--effect", "rolling", "--interval", "1",
                "--loop",
            ]),
        Entry(
            name: "japanese", title: "Japanese, drawn with the IPAGothic fallback",
            arguments: ["こんにちは", "こんばんは", "--effect", "wave"]),
        Entry(name: "dance", title: "A dancing title", arguments: ["", "Kinetype", "--effect", "dance"]),
    ] + EffectRegistry.standard.names.map { name in
        Entry(
            name: "effects-\(name)", title: "The \(name) effect",
            arguments: ["Kinetic", "Kinetype", "Kinetic", "--effect", name, "--interval", "1", "--loop"])
    }

    /// The entries played in the terminal, by name.
    static let previews = ["send-action", "counter"]

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let directory = arguments.value("output") ?? "demo"
        do {
            try TextFile.makeDirectory(directory)
        } catch {
            throw .failure(TerminalText.escaped(error.message, limit: 400))
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var gallery: [HTMLGallery.Entry] = []
        var previewRequests: [(Entry, RenderCommand.Request)] = []
        for entry in entries {
            let svgArguments = entry.arguments + common + ["-o", entry.name + ".svg"]
            let parsed = try ArgumentParser.parse(
                svgArguments, command: RenderCommand.command.name, options: RenderCommand.command.options,
                positionals: RenderCommand.command.positionals)
            let command = RenderCommand.shellCommand(["render"] + svgArguments)
            let request = try RenderCommand.parse(parsed, commandLine: command)
            let timeline = try RenderCommand.record(request)
            let svg: String
            do {
                svg = try RenderCommand.svgRenderer(request).animated(timeline)
                try TextFile.write(svg, to: base + entry.name + ".svg")
                var pageRequest = request
                pageRequest.commandLine = RenderCommand.shellCommand(["render"] + entry.arguments + common + ["-o", entry.name + ".html"])
                var page = RenderCommand.page(pageRequest, svg: svg)
                page.title = entry.title + ": " + RenderCommand.title(request.texts)
                try TextFile.write(page.html, to: base + entry.name + ".html")
            } catch {
                throw .failure(TerminalText.escaped(error.message, limit: 400))
            }
            output.line("wrote \(TerminalText.escaped(base))\(entry.name).svg (\(kilobytes(svg.utf8.count))) and .html")
            gallery.append(.init(
                title: entry.title + ": " + RenderCommand.title(request.texts), image: entry.name + ".svg",
                page: entry.name + ".html", command: command))
            if previews.contains(entry.name) { previewRequests.append((entry, request)) }
        }
        let index = HTMLGallery(
            title: "Kinetype showcase",
            introduction: "Kinetic typography rendered by the Kinetype engine: every animation is an SVG whose CSS keyframes are sampled from the engine's frames. Click one to open its page with a replay button.",
            entries: gallery)
        do {
            try TextFile.write(index.html, to: base + "index.html")
        } catch {
            throw .failure(TerminalText.escaped(error.message, limit: 400))
        }
        output.line("wrote \(TerminalText.escaped(base))index.html")
        try exports(into: base, &output)

        if !arguments.flag("no-preview") {
            try preview(previewRequests, into: &output)
        }
        output.line("Open \(TerminalText.escaped(base))index.html in a browser to see the showcase.")
    }

    /// The story as the formats people share and embed: GIF, WebP and Lottie,
    /// each made by 'kinetype render' with the same arguments.
    static let exportArguments = [
        "Send Action", "Action Sent", "Backing up", "Backed up", "Creative", "Create", "--interval", "1.2",
        "--style", "bouncy", "--size", "40", "--fps", "25", "--hold", "1", "--even",
    ]

    static func exports(into base: String, _ output: inout CommandOutput) throws(CommandLineError) {
        for suffix in ["gif", "webp", "json"] {
            let arguments = exportArguments + ["-o", base + "showcase." + suffix]
            let parsed = try ArgumentParser.parse(
                arguments, command: RenderCommand.command.name, options: RenderCommand.command.options,
                positionals: RenderCommand.command.positionals)
            let request = try RenderCommand.parse(parsed, commandLine: RenderCommand.shellCommand(["render"] + arguments))
            for line in try RenderCommand.write(request, try RenderCommand.record(request)) { output.line(line) }
        }
    }

    /// Plays the previews on a terminal; prints stills of them into a pipe.
    static func preview(_ requests: [(Entry, RenderCommand.Request)], into output: inout CommandOutput) throws(CommandLineError) {
        let grid = MonospaceLayout(alignment: .leading)
        for (entry, request) in requests {
            var cells = request
            cells.options.layout = grid
            cells.loop = false
            let timeline = try RenderCommand.record(cells)
            let renderer = TerminalRenderer(layout: grid, shading: .attributes)
            if output.isTerminal && TerminalPlayer.standardOutputIsTerminal {
                let player = TerminalPlayer(renderer: renderer)
                player.output("\n\(entry.title): \(RenderCommand.title(request.texts))\n")
                player.run(timeline)
            } else {
                var plain = renderer
                plain.shading = .none
                output.line()
                output.line("\(entry.title): \(RenderCommand.title(request.texts))")
                output.write(TerminalPlayer(renderer: plain) { _ in }.stills(timeline))
            }
        }
    }

    /// "4.2 KB", "37 KB".
    static func kilobytes(_ bytes: Int) -> String {
        let tenths = bytes * 10 / 1024
        return bytes < 10_240 ? "\(tenths / 10).\(tenths % 10) KB" : "\(bytes / 1024) KB"
    }
}
