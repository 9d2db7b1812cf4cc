import Animator
import Director
import Render
import Typesetter

/// `kinetype render TEXT... -o FILE.svg|FILE.png|FILE.html [frames options] [--width W --height H] …`
enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Render the animation of a sequence of texts to an animated SVG, a PNG or an HTML page.",
        discussion: """
            The texts play as with 'kinetype frames' (same options, same frames). The
            output's extension picks the format:
              .svg   an animated SVG: glyph outlines as paths, CSS keyframes sampled
                     from the engine at --fps; plays in a browser with no script
                     (with --at T, a still SVG of the frame at T instead)
              .png   one frame through Cairo: --at T, default the end
              .html  a page playing the SVG, with a replay button and this command
            --frames DIR writes every frame as DIR/frame_00001.png, … (then -o is optional).
            The canvas fits the animation's extent plus a margin; --width and/or
            --height fix its size in pixels (the animation is scaled and centred).
            Colours: #rgb, #rgba, #rrggbb, #rrggbbaa, white, black, transparent, …
            -o FILE is short for --output FILE.
            """,
        positionals: [PositionalSpec(name: "TEXT", arity: .oneOrMore, help: "The texts, in order.")],
        options: [.value("output", placeholder: "FILE", help: "The file to write: .svg, .png or .html (also -o FILE).")]
            + TimelineOptions.motionSpecs + TimelineOptions.playbackSpecs + [
                .value("width", placeholder: "W", help: "Canvas width in pixels (default: the animation's extent)."),
                .value("height", placeholder: "H", help: "Canvas height in pixels (default: the animation's extent)."),
                .value("background", placeholder: "C", help: "Background colour (default white)."),
                .value("color", placeholder: "C", help: "Text colour (default #1c1c1f)."),
                .value("at", placeholder: "T", help: "Time of the still frame, in seconds (default: the end)."),
                .value("frames", placeholder: "DIR", help: "Also write every frame as numbered PNG files in DIR."),
                .flag("loop", help: "The SVG replays forever (with a one-second hold on the final text)."),
            ],
        run: run)

    /// What to write, read from the arguments.
    struct Request {
        enum Format: String {
            case svg, png, html
        }

        var texts: [String]
        var output: String?
        var format: Format?
        var framesDirectory: String?
        var viewport: Viewport
        var background: RenderColor
        var color: RenderColor
        var at: Double?
        var loop: Bool
        var options: TimelineOptions
        /// The command as a person would type it, for the HTML page.
        var commandLine: String
    }

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let request = try parse(arguments, commandLine: shellCommand(Array(CommandLine.arguments.dropFirst())))
        let timeline = try record(request)
        let written = try write(request, timeline)
        for line in written { output.line(line) }
    }

    /// Reads a request; `-o FILE` among the positionals is taken as `--output FILE`.
    static func parse(_ arguments: ParsedArguments, commandLine: String) throws(CommandLineError) -> Request {
        var texts = arguments.positionals
        var outputPath = arguments.value("output")
        if let dash = texts.firstIndex(of: "-o") {
            guard dash + 1 < texts.count else { throw .usage("missing value for -o (expected FILE)") }
            outputPath = texts[dash + 1]
            texts.removeSubrange(dash...(dash + 1))
        }
        guard !texts.isEmpty else { throw .usage("missing argument TEXT (see 'kinetype render --help')") }
        let framesDirectory = arguments.value("frames")
        guard outputPath != nil || framesDirectory != nil else {
            throw .usage("missing -o FILE.svg|FILE.png|FILE.html (or --frames DIR) (see 'kinetype render --help')")
        }
        var format: Request.Format?
        if let path = outputPath {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
            guard let known = Request.Format(rawValue: suffix) else {
                throw .usage("cannot tell the format of '\(path)': the output must end in .svg, .png or .html")
            }
            format = known
        }
        let pixels = "a whole number of pixels from 1 to \(Viewport.maximumPixels)"
        let width = try arguments.value("width", expected: pixels) { Int($0).flatMap { (1...Viewport.maximumPixels).contains($0) ? $0 : nil } }
        let height = try arguments.value("height", expected: pixels) { Int($0).flatMap { (1...Viewport.maximumPixels).contains($0) ? $0 : nil } }
        let colors = "#rgb, #rgba, #rrggbb, #rrggbbaa or one of \(RenderColor.names.joined(separator: ", "))"
        let background = try arguments.value("background", expected: colors) { try? RenderColor(parsing: $0) } ?? .white
        let color = try arguments.value("color", expected: colors) { try? RenderColor(parsing: $0) }
            ?? RenderColor(red: 0.11, green: 0.11, blue: 0.12)
        let at = try arguments.value("at", expected: "a time in seconds, 0 or more") { text -> Double? in
            guard let t = Double(text), t.isFinite, t >= 0 else { return nil }
            return t
        }
        if at != nil, format == .html { throw .usage("--at makes a still picture; use it with .png or .svg, not .html") }
        // --loop only changes SVG output; a PNG of the same command shows the same frames.
        let loop = arguments.flag("loop")
        let options = try TimelineOptions.parse(arguments)
        return Request(
            texts: texts, output: outputPath, format: format, framesDirectory: framesDirectory,
            viewport: Viewport(width: width, height: height), background: background, color: color, at: at, loop: loop,
            options: options, commandLine: commandLine)
    }

    /// The timeline of a request: the frames 'kinetype frames' samples, plus a
    /// one-second hold on the final text when the animation replays.
    static func record(_ request: Request) throws(CommandLineError) -> Timeline {
        let playback = try request.options.playback(request.texts, tail: request.loop ? 1 : 0)
        let outlines = (request.options.layout as? FontLayout).map { GlyphOutlines(texts: request.texts, layout: $0) }
        do {
            return try Timeline(
                recording: request.options.director(showing: request.texts[0]), playback: playback,
                outlines: outlines ?? GlyphOutlines())
        } catch {
            throw .failure(error.message)
        }
    }

    /// The renderer of a request's SVG and HTML.
    static func svgRenderer(_ request: Request) -> SVGRenderer {
        SVGRenderer(viewport: request.viewport, background: request.background, color: request.color, loop: request.loop)
    }

    /// The page of a request's HTML output around an animated SVG.
    static func page(_ request: Request, svg: String) -> HTMLPage {
        HTMLPage(
            title: title(request.texts), svg: svg, command: request.commandLine,
            background: request.background.alpha > 0 ? request.background : .white)
    }

    /// Writes the request's files and returns one line per file written.
    static func write(_ request: Request, _ timeline: Timeline) throws(CommandLineError) -> [String] {
        var lines: [String] = []
        let svg = svgRenderer(request)
        let png = PNGRenderer(viewport: request.viewport, background: request.background, color: request.color)
        do {
            if let path = request.output, let format = request.format {
                let seconds = timeline.duration
                switch format {
                case .svg:
                    if let at = request.at {
                        try TextFile.write(try svg.frame(timeline, at: at), to: path)
                        lines.append("wrote \(path) (still at \(format3(timeline.time(ofFrame: timeline.frameIndex(at: at)))) s)")
                    } else {
                        try TextFile.write(try svg.animated(timeline), to: path)
                        lines.append("wrote \(path) (\(timeline.frames.count) frames, \(format3(seconds)) s)")
                    }
                case .png:
                    let t = request.at ?? seconds
                    try png.write(timeline, at: t, to: path)
                    let placement = try request.viewport.place(timeline.bounds)
                    lines.append(
                        "wrote \(path) (\(placement.pixelWidth)×\(placement.pixelHeight), t = \(format3(timeline.time(ofFrame: timeline.frameIndex(at: t)))) s)")
                case .html:
                    try TextFile.write(page(request, svg: try svg.animated(timeline)).html, to: path)
                    lines.append("wrote \(path) (\(timeline.frames.count) frames, \(format3(seconds)) s)")
                }
            }
            if let directory = request.framesDirectory {
                let progress = ProgressLine(label: "frames")
                let files = try png.writeFrames(timeline, to: directory) { progress.update($0, of: $1) }
                progress.finish()
                lines.append("wrote \(files.count) frames to \(directory)")
            }
        } catch {
            throw .failure(error.message)
        }
        return lines
    }

    /// "A → B → C": the title of a page.
    static func title(_ texts: [String]) -> String {
        texts.map { $0.isEmpty ? "∅" : $0 }.joined(separator: " → ")
    }

    /// The command as a person would type it in a POSIX shell: `kinetype` and
    /// each argument, single-quoted unless it is plainly safe.
    static func shellCommand(_ arguments: [String]) -> String {
        (["kinetype"] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    static func shellQuoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.unicodeScalars.allSatisfy { c in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-_./:=+,%@".unicodeScalars.contains(c))
        }
        if plain { return argument }
        return "'" + argument.replacingOccurrences("'", with: "'\\''") + "'"
    }

    private static func format3(_ seconds: Double) -> String {
        SpringCommand.format(seconds, 3)
    }
}

extension String {
    /// The string with every `target` replaced (no Foundation).
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
