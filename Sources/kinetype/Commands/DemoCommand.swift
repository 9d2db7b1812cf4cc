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
            among them a title dancing on tiles and the menu, play/pause and checkbox
            controls (--scene with --toggle), a still of the write-on halfway
            (write-hello.png), the effect files of docs/effects (when run in the
            repository), the story as showcase.gif, .webp, .mp4, .webm and .json
            (Lottie), and index.html showing them all, grouped and looping, with the
            'kinetype render' command that makes each one. Then, when standard output
            is a terminal, plays two of them right there (--no-preview skips it). The
            files are the same on every run.
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
        /// The gallery's heading it is shown under.
        var group: String = "Text"
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
        Entry(
            name: "backing-up", title: "Letters dissolve",
            arguments: ["Backing up", "Backed up", "Backing up", "--effect", "mist", "--interval", "1.2", "--loop"]),
        Entry(
            name: "creative", title: "Letters leave on a wave",
            arguments: ["Creative", "Create", "Creative", "--effect", "wave", "--interval", "1.2", "--loop"]),
        Entry(
            name: "counter", title: "A rolling counter",
            arguments: [
                "99", "100", "1,000", "--mode", "numeric", "--align", "trailing", "--effect", "rolling", "--interval", "1",
                "--loop",
            ], group: "Numbers"),
        Entry(
            name: "japanese", title: "Japanese, drawn with the IPAGothic fallback",
            arguments: ["こんにちは", "こんばんは", "こんにちは", "--effect", "wave", "--interval", "1.2", "--loop"], group: "Scripts"),
        Entry(
            name: "rtl", title: "Right to left: Arabic letters join as they move, the start stays on the right",
            arguments: ["مرحبا", "مرحبا بالعالم", "مرحبا", "--interval", "1.4", "--loop"], group: "Scripts"),
        Entry(
            name: "emoji", title: "Colour emoji: a family, a flag and a skin tone, each one glyph",
            arguments: ["Hi 👋", "Hi 👨‍👩‍👧 🇫🇷", "Hi 👍🏽", "--interval", "1.2", "--loop"], group: "Scripts"),
        Entry(name: "dance", title: "A dancing title", arguments: ["", "Kinetype", "--effect", "dance", "--loop"], group: "Titles"),
        Entry(
            name: "title-tiles", title: "A title dancing on tiles",
            arguments: ["LETTER", "--effect", "dance", "--tiles", "--hold", "2", "--loop"], group: "Titles"),
        // Controls drawn with shapes, tapped at the --toggle times.
        Entry(
            name: "menu", title: "Tapped at 0, 0.6 and 0.9 s", arguments: ["--scene", "menu", "--toggle", "0,0.6,0.9", "--loop"],
            group: "Controls"),
        Entry(
            name: "play-pause", title: "Play, pause, play", arguments: ["--scene", "play", "--toggle", "0.3,1.2", "--loop"],
            group: "Controls"),
        Entry(
            name: "checkbox", title: "Checked, then unchecked", arguments: ["--scene", "check", "--toggle", "0.3,1.5", "--loop"],
            group: "Controls"),
        // Handwriting: a single-stroke pen font writes the text, letters joined.
        Entry(
            name: "pen-hello", title: "Written by hand in one stroke",
            arguments: ["hello", "--pen", "cursive", "--stroke-width", "3", "--gradient", rainbow, "--background", "black", "--loop"],
            group: "Write-on"),
        Entry(
            name: "pen-change", title: "A handwritten text that changes: the changed part un-written, the new part written",
            arguments: ["hello", "help", "help me", "--pen", "script", "--stroke-width", "2.5", "--hold", "1", "--loop"],
            group: "Write-on"),
        Entry(
            name: "write-hello", title: "Written by a pen",
            arguments: ["hello", "--effect", "write", "--no-fill", "--stroke-width", "2", "--gradient", rainbow, "--background", "black", "--loop"],
            group: "Write-on"),
        Entry(
            name: "write-path", title: "A traced path, written on",
            arguments: ["--path", cursiveHello, "--stroke-width", "5", "--gradient", rainbow, "--background", "black", "--loop"],
            group: "Write-on"),
    ] + customEffects.map { name in
        // The effect files of docs/effects, as `make demo` runs from the repository.
        Entry(
            name: "custom-\(name)", title: "docs/effects/\(name).json",
            arguments: ["Send Action", "Action Sent", "Send Action", "--effect-file", "docs/effects/\(name).json", "--interval", "1.4", "--loop"],
            group: "Custom effects (JSON)")
    } + EffectRegistry.standard.names.map { name in
        // The pen takes its time (0.6 s a glyph): each text waits for the one before to be written.
        Entry(
            name: "effects-\(name)", title: "The \(name) effect",
            arguments: ["Kinetic", "Kinetype", "Kinetic", "--effect", name] + (name == "write" ? [] : ["--interval", "1"]) + ["--loop"],
            group: "Built-in effects")
    }

    /// The effect files in docs/effects the gallery shows (skipped, saying so, where they are missing).
    static let customEffects = ["drop", "spotlight", "stamp"]

    /// The write-on's colours, leading to trailing.
    static let rainbow = "black,green,yellow,orange,red,pink,purple,blue,black"

    /// "hello" in one cursive stroke, 200 points wide: h, e, l, l and o joined by cubic Béziers.
    static let cursiveHello = """
        M10 80 C30 60 45 20 35 10 C25 0 15 30 20 80 C25 55 45 45 50 60 C52 70 50 80 58 80 \
        C70 80 85 65 80 55 C75 47 62 55 68 68 C72 78 85 82 98 75 C112 62 122 25 112 12 C102 2 95 40 105 72 \
        C108 80 118 82 128 75 C142 62 152 25 142 12 C132 2 125 40 135 72 C138 80 148 82 158 75 \
        C165 60 180 48 190 55 C200 62 195 80 180 80 C168 80 168 62 182 57 C190 55 198 58 210 55
        """

    /// The still of the write-on: "hello" halfway written, as a PNG.
    static let stillName = "write-hello"
    static let stillTime = "1.5"

    /// The entries played in the terminal, by name.
    static let previews = ["send-action", "counter"]

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let directory = arguments.value("output") ?? "demo"
        do {
            try TextFile.makeDirectory(directory)
        } catch {
            throw .failure(TerminalEscape.sanitized(error.message))
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var gallery: [HTMLGallery.Entry] = []
        var previewRequests: [(Entry, RenderCommand.Request)] = []
        for entry in entries {
            if let file = entry.arguments.firstIndex(of: "--effect-file").map({ entry.arguments[$0 + 1] }),
               case .failed = Platform.readFile(file, limit: 0) {
                output.line("skipped \(entry.name): \(file) is not here (run 'make demo' in the repository)")
                continue
            }
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
                page.title = entry.title + ": " + RenderCommand.title(request)
                try TextFile.write(page.html, to: base + entry.name + ".html")
            } catch {
                throw .failure(TerminalEscape.sanitized(error.message))
            }
            output.line("wrote \(TerminalEscape.escaped(base))\(entry.name).svg (\(kilobytes(svg.utf8.count))) and .html")
            gallery.append(.init(
                title: entry.title + ": " + RenderCommand.title(request), image: entry.name + ".svg",
                page: entry.name + ".html", command: command, group: entry.group))
            if previews.contains(entry.name) { previewRequests.append((entry, request)) }
            if entry.name == stillName { gallery.append(try still(entry, into: base, &output)) }
        }
        try exports(into: base, &output)
        gallery += exportEntries
        let index = HTMLGallery(
            title: "Kinetype showcase",
            introduction: "Kinetic typography rendered by the Kinetype engine: every animation is an SVG whose CSS keyframes come from the engine's curves and frames. Click one to open its page with a replay button.",
            links: Self.playgroundLink(from: directory).map { [$0] } ?? [],
            entries: gallery)
        do {
            try TextFile.write(index.html, to: base + "index.html")
        } catch {
            throw .failure(TerminalEscape.sanitized(error.message))
        }
        output.line("wrote \(TerminalEscape.escaped(base))index.html")

        if !arguments.flag("no-preview") {
            try preview(previewRequests, into: &output)
        }
        output.line("Open \(TerminalEscape.escaped(base))index.html in a browser to see the showcase.")
    }

    /// The link to the browser playground (web/playground.html of the
    /// repository) from a showcase written to `directory`, which is relative to
    /// the repository's root when the demo runs there (`make demo`, `make
    /// showcase`); nil for an absolute directory.
    static func playgroundLink(from directory: String) -> HTMLGallery.Link? {
        guard !directory.hasPrefix("/") else { return nil }
        var depth = 0
        for part in directory.split(separator: "/") where part != "." {
            depth = part == ".." ? depth - 1 : depth + 1
            // Above the repository's root: the link would lead out of it.
            if depth < 0 { return nil }
        }
        return HTMLGallery.Link(
            title: "Try it live: the playground", href: String(repeating: "../", count: depth) + "web/playground.html",
            note: "(the engine compiled to WebAssembly; run make wasm, then serve the repository, e.g. python3 -m http.server, and open web/playground.html)")
    }

    /// A still of an entry at ``stillTime`` as NAME.png, for the gallery.
    static func still(_ entry: Entry, into base: String, _ output: inout CommandOutput) throws(CommandLineError) -> HTMLGallery.Entry {
        let arguments = entry.arguments + common + ["--at", stillTime, "-o", entry.name + ".png"]
        let parsed = try ArgumentParser.parse(
            arguments, command: RenderCommand.command.name, options: RenderCommand.command.options,
            positionals: RenderCommand.command.positionals)
        let command = RenderCommand.shellCommand(["render"] + arguments)
        var request = try RenderCommand.parse(parsed, commandLine: command)
        request.output = base + entry.name + ".png"
        for line in try RenderCommand.write(request) { output.line(line) }
        return .init(
            title: entry.title + ", halfway (\(stillTime) s)", image: entry.name + ".png", page: entry.name + ".png",
            command: command, group: entry.group)
    }

    /// The story as the formats people share and embed: GIF, WebP and Lottie,
    /// each made by 'kinetype render' with the same arguments.
    static let exportArguments = [
        "Send Action", "Action Sent", "Backing up", "Backed up", "Creative", "Create", "--interval", "1.2",
        "--style", "bouncy", "--size", "40", "--fps", "25", "--hold", "1",
    ]

    /// The formats the story is exported to, and how the gallery shows each.
    static let exportFormats: [(suffix: String, title: String)] = [
        ("gif", "GIF"), ("webp", "Animated WebP"), ("mp4", "MP4 video (H.264)"), ("webm", "WebM video (VP9)"),
    ]

    /// The exported story in the gallery (the Lottie file is data, not a picture).
    static var exportEntries: [HTMLGallery.Entry] {
        exportFormats.map { format in
            HTMLGallery.Entry(
                title: "The story as \(format.title)", image: "showcase." + format.suffix, page: "showcase." + format.suffix,
                command: RenderCommand.shellCommand(["render"] + exportArguments + ["-o", "showcase." + format.suffix]),
                group: "The story in other formats")
        }
    }

    static func exports(into base: String, _ output: inout CommandOutput) throws(CommandLineError) {
        for suffix in exportFormats.map(\.suffix) + ["json"] {
            let arguments = exportArguments + ["-o", base + "showcase." + suffix]
            let parsed = try ArgumentParser.parse(
                arguments, command: RenderCommand.command.name, options: RenderCommand.command.options,
                positionals: RenderCommand.command.positionals)
            let request = try RenderCommand.parse(parsed, commandLine: RenderCommand.shellCommand(["render"] + arguments))
            for line in try RenderCommand.write(request) { output.line(line) }
        }
    }

    /// Plays the previews on a terminal; prints stills of them into a pipe.
    static func preview(_ requests: [(Entry, RenderCommand.Request)], into output: inout CommandOutput) throws(CommandLineError) {
        let grid = MonospaceLayout(alignment: .leading)
        for (entry, request) in requests {
            var cells = request
            cells.options.grid = grid
            cells.loop = false
            let timeline = try RenderCommand.record(cells)
            let renderer = TerminalRenderer(layout: grid, shading: .attributes)
            if output.isTerminal && TerminalPlayer.standardOutputIsTerminal {
                let player = TerminalPlayer(renderer: renderer)
                player.output("\n\(entry.title): \(RenderCommand.title(request))\n")
                player.run(timeline)
            } else {
                var plain = renderer
                plain.shading = .none
                output.line()
                output.line("\(entry.title): \(RenderCommand.title(request))")
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
