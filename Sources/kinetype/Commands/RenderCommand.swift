import Animator
import Director
import Render
import Typesetter

/// `kinetype render TEXT... -o FILE [frames options] [--width W --height H] …`
enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Render the animation of a sequence of texts: SVG, PNG, HTML, GIF, WebP, Lottie or video.",
        discussion: """
            The texts play as with 'kinetype frames' (same options, same frames). The
            output's extension picks the format:
              .svg   an animated SVG: glyph outlines as paths, CSS keyframes (the
                     plan's Bézier curves as cubic-bezier, the rest sampled at
                     --fps); plays in a browser with no script
                     (with --at T, a still SVG of the frame at T instead)
              .png   one frame through Cairo: --at T, default the end
              .html  a page playing the SVG, with a replay button and this command
              .gif   an animated GIF (giflib), at most 50 frames per second
              .webp  an animated WebP (libwebp), lossless
              .json  a Lottie animation for lottie-ios, lottie-android, lottie-web
              .mp4   H.264 video (yuv420p; needs an opaque background)
              .webm  VP9 video, with alpha when the background is transparent
              .mov   ProRes 4444 video with alpha, for video editors
            --frames DIR writes every frame as DIR/frame_00001.png, … (then -o is
            optional); DIR is created, its parent must exist; frame_NNNNN.png files
            an earlier run left there are removed first (and counted), nothing else.
            A text set wider than 8192 points wraps at 1600 points unless --wrap says
            otherwise. The canvas fits the animation's extent plus a margin; --width and/or
            --height fix its size in pixels (the animation is scaled and centred);
            --even makes both sides even, for video tools. Files are written whole
            or not at all. Colours: #rgb, #rgba, #rrggbb, #rrggbbaa, white, black,
            transparent, …
            Write-on: --effect write traces each glyph's outline with a pen, glyph
            after glyph (about 3 s for a 5-glyph word), then fills it (--no-fill
            keeps the outlines). --stroke-width sets the pen (default 1/20 of the
            font size; round ends and corners) and --gradient paints the text, pen
            and fill, with colours spread from its left edge to its right:
              kinetype render hello --effect write --stroke-width 10 \\
                --gradient black,green,yellow,orange,red,pink,purple,blue,black \\
                --background black -o hello.svg
            --path FILE|DATA writes a traced path instead of texts: SVG path data
            (M, L, H, V, C, S, Q, T, A, Z; relative forms too), given as it is or in
            a file (the data, or an SVG whose first <path> has it), revealed from
            start to end with an ease-in-out over --duration (default 3 s).
            Shapes: --tiles sets each letter on a tile (a dance pulses the tiles'
            borders; --hold S keeps it dancing S s); --scene menu|play|check shows a
            control, with or without texts, and --toggle T1,T2,… taps it:
              kinetype render LETTER --effect dance --tiles --hold 2 -o title.svg
              kinetype render --scene menu --toggle 0,0.6,0.9 -o menu.svg
            """,
        positionals: [
            PositionalSpec(
                name: "TEXT", arity: .zeroOrMore,
                help: "The texts, in order (\"-\": standard input); none with --path, optional with --scene.")
        ],
        options: [
            .value("output", short: "o", placeholder: "FILE",
                   help: "The file to write: .svg, .png, .html, .gif, .webp, .json (Lottie), .mp4, .webm or .mov."),
            .value("format", placeholder: "F", choices: Request.Format.allCases.map(\.rawValue),
                   help: "The format when FILE's extension does not say (a device, a pipe): \(Request.Format.allCases.map(\.rawValue).joined(separator: ", ")); one that contradicts the extension is an error."),
        ]
            + TimelineOptions.motionSpecs + TimelineOptions.playbackSpecs + [
                .value("width", placeholder: "W", help: "Canvas width in pixels, 1 to \(Viewport.maximumPixels) (default: the animation's extent)."),
                .value("height", placeholder: "H", help: "Canvas height in pixels, 1 to \(Viewport.maximumPixels) (default: the animation's extent)."),
                .value("scale", placeholder: "K", help: "Pixels per point, in \(scaleRange.description) (default 1): --scale 2 draws PNG, GIF, WebP and video twice as large and as sharp, for high-density screens (not with --width or --height, which fit the animation instead)."),
                .flag("even", help: "Round the canvas up to even sides (for video encoders)."),
                .value("background", placeholder: "C", help: "Background colour (default white)."),
                .value("color", placeholder: "C", help: "Text colour (default: #1c1c1f, or #f4f4f2 on a dark background)."),
                .value("at", placeholder: "T", help: "Time of the still frame, in seconds, in [0, \(Int(Playback.maximumDuration))] (default: the end)."),
                .value("frames", placeholder: "DIR", help: "Also write every frame as numbered PNG files in DIR."),
                .flag("loop", help: "SVG and HTML: replay forever, holding the final text 1 s (GIF, WebP, Lottie and video hold it 1 s anyway; GIF and WebP always loop, see --loop-count)."),
                .value("loop-count", placeholder: "N", help: "GIF and WebP: play N times, 0 for forever (default 0)."),
                .value("stroke-width", placeholder: "PT", help: "Width of the pen that writes glyphs on, in \(strokeWidthRange.description) points (default: 1/20 of the font size)."),
                .value("gradient", placeholder: "C1,C2,…", help: "Paint the text with a left-to-right gradient of these colours (1 to \(StrokeStyle.maximumGradientColors))."),
                .value("path", placeholder: "FILE|DATA", help: "Write on a traced path (SVG path data, or a file with it) instead of texts."),
            ],
        run: run, usageOptions: ["output"])

    /// What to write, read from the arguments.
    struct Request {
        enum Format: String, CaseIterable {
            case svg, png, html, gif, webp, json, mp4, webm, mov

            /// The video format this is, if it is one.
            var video: VideoFormat? { VideoFormat(rawValue: rawValue) }
        }

        var texts: [String]
        var output: String?
        var format: Format?
        var framesDirectory: String?
        /// The canvas, the colours and the pen, shared by every format.
        var style: RenderStyle
        var at: Double?
        var loop: Bool
        var loopCount: Int
        /// `--path`: the path written on instead of texts, and the pen's duration.
        var path: ShapePath?
        var duration: Double?
        var options: TimelineOptions
        /// The command as a person would type it, for the HTML page.
        var commandLine: String

        /// Seconds the final text is held when `--hold` is absent: a second
        /// for what plays on its own and loops or ends on it (GIF, WebP,
        /// Lottie, video, and SVG or HTML with `--loop`), none otherwise.
        var defaultHold: Double {
            switch format {
            case .gif, .webp, .json, .mp4, .webm, .mov: return 1
            default: return loop ? 1 : 0
            }
        }

        /// Whether every output is drawn frame by frame (GIF, WebP, video,
        /// numbered PNGs), so nothing needs the whole recording in memory.
        var streams: Bool {
            guard path == nil else { return false }
            switch format {
            case .gif, .webp, .mp4, .webm, .mov, nil: return true
            default: return false
            }
        }
    }

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let request = try parse(arguments, commandLine: shellCommand(Array(CommandLine.arguments.dropFirst())))
        for line in try write(request) { output.line(line) }
    }

    /// Reads a request.
    static func parse(_ arguments: ParsedArguments, commandLine: String) throws(CommandLineError) -> Request {
        let outputPath = arguments.value("output")
        let framesDirectory = arguments.value("frames")
        guard outputPath != nil || framesDirectory != nil else {
            let formats = Request.Format.allCases.map { "FILE." + $0.rawValue }.joined(separator: "|")
            throw .usage("missing -o \(formats) (or --frames DIR) (see 'kinetype render --help')")
        }
        let format = try parseFormat(arguments, output: outputPath)
        // WebP's sides hold 14 bits: its limit is checked here, before anything is drawn.
        let pixels = 1...(format == .webp ? WebPRenderer.maximumPixels : Viewport.maximumPixels)
        let width = try arguments.integer("width", in: pixels, unit: "pixels")
        let height = try arguments.integer("height", in: pixels, unit: "pixels")
        let scale = try arguments.number("scale", in: scaleRange, unit: "pixels per point")
        if scale != nil, width != nil || height != nil {
            throw .usage("--scale sets pixels per point and --width/--height fit the animation into a size; give one or the other")
        }
        let colors = "#rgb, #rgba, #rrggbb, #rrggbbaa or one of \(RenderColor.names.joined(separator: ", "))"
        let background = try arguments.value("background", expected: colors) { try? RenderColor(parsing: $0) } ?? .white
        // Without --color the text takes the colour that reads on the background.
        let color = try arguments.value("color", expected: colors) { try? RenderColor(parsing: $0) }
        if let color, background.alpha >= 1, color.contrast(with: background) < minimumContrast {
            let ratio = NumberFormat.fixed(color.contrast(with: background), 1)
            Platform.writeStandardError(
                "warning: --color \(TerminalEscape.escaped(arguments.value("color") ?? "")) on --background \(TerminalEscape.escaped(arguments.value("background") ?? "")) has a contrast of \(ratio):1, hard to read (text reads well from 4.5:1; leave out --color for a readable one)\n")
        }
        if format == .mp4, background.alpha < 1 {
            throw .usage(
                "--background \(TerminalEscape.escaped(arguments.value("background") ?? "")): .mp4 (H.264) has no alpha channel; give an opaque background, or write .webm or .mov, which keep the transparency")
        }
        let at = try arguments.number("at", in: .closed(0, Playback.maximumDuration), unit: "seconds")
        if at != nil, let format, format != .png, format != .svg {
            throw .usage("--at makes a still picture; use it with .png or .svg, not .\(format.rawValue)")
        }
        let loopCount = try arguments.integer("loop-count", in: 0...65_535, unit: "plays") ?? 0
        if arguments.value("loop-count") != nil, format != .gif, format != .webp {
            throw .usage("--loop-count applies to .gif and .webp output")
        }
        let stroke = try parseStroke(arguments, colors: colors)
        let parsedOptions = try TimelineOptions.parse(arguments)
        let duration = try arguments.number("duration", in: durationRange, unit: "seconds")
        var path: ShapePath?
        let texts: [String]
        let options: TimelineOptions
        if let value = arguments.value("path") {
            guard arguments.inputs.isEmpty else {
                throw .usage("--path writes a path instead of texts; give no TEXT with it")
            }
            for option in ["effect", "interval", "no-fill", "tracking", "tiles", "scene", "toggle", "pen", "speed"] where arguments.value(option) != nil || arguments.flag(option) {
                throw .usage("--\(option) applies to texts, not to --path")
            }
            path = try PathInput.read(value)
            texts = [pathTitle]
            options = parsedOptions
        } else {
            // Without --path, --duration is the pen's or the transitions' (TimelineOptions).
            let read = try parsedOptions.readTexts(arguments, command: command.name)
            texts = read.texts
            options = try read.options.wrappingLongLines(texts)
        }
        return Request(
            texts: texts, output: outputPath, format: format, framesDirectory: framesDirectory,
            style: RenderStyle(
                viewport: Viewport(width: width, height: height, scale: scale ?? 1, evenSize: arguments.flag("even")),
                background: background,
                color: color, stroke: stroke),
            at: at, loop: arguments.flag("loop"), loopCount: loopCount, path: path, duration: duration, options: options,
            commandLine: commandLine)
    }

    /// Below this contrast between text and background (WCAG 2's ratio) a warning says the text is hard to read.
    static let minimumContrast = 3.0

    /// The format: the output's extension, or `--format` where the extension
    /// says nothing (a device, a pipe, a name without one). A `--format` that
    /// contradicts the extension is an error, never a PNG written into `pic.svg`.
    static func parseFormat(_ arguments: ParsedArguments, output: String?) throws(CommandLineError) -> Request.Format? {
        let known = Request.Format.allCases.map(\.rawValue)
        var given: Request.Format?
        if let name = arguments.value("format") {
            guard let format = Request.Format(rawValue: name) else { throw .unknownName(name, option: "format", known: known) }
            given = format
        }
        guard let path = output else { return given }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
        if let named = Request.Format(rawValue: suffix) {
            if let given, given != named {
                throw .usage(
                    "--format \(given.rawValue) contradicts the output '\(TerminalEscape.escaped(path))', whose extension says .\(named.rawValue); drop --format or name the file .\(given.rawValue)")
            }
            return named
        }
        if let given { return given }
        var message = "cannot tell the format of '\(TerminalEscape.escaped(path))': the output must end in "
            + known.map { "." + $0 }.joined(separator: ", ") + " (or pass --format)"
        if !suffix.isEmpty, let near = NearestName.find(suffix, among: known) { message += " (did you mean '.\(near)'?)" }
        throw .usage(message)
    }

    /// Pixels per point `--scale` accepts (the canvas limits apply too).
    static let scaleRange = NumberRange.above(0, upTo: 16)

    /// The widest pen accepted, in points.
    static let strokeWidthRange = NumberRange.above(0, upTo: StrokeStyle.maximumWidth)
    /// The pen's duration over a path, in seconds.
    static let durationRange = NumberRange.above(0, upTo: Playback.maximumDuration)
    /// What a recording of a path is called (its SVG's title).
    static let pathTitle = "A written path"

    /// `--stroke-width` and `--gradient`: the pen and the ink.
    static func parseStroke(_ arguments: ParsedArguments, colors: String) throws(CommandLineError) -> StrokeStyle {
        var stroke = StrokeStyle()
        if let width = try arguments.number("stroke-width", in: strokeWidthRange, unit: "points") {
            stroke.width = .points(width)
        }
        if let list = arguments.value("gradient") {
            let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let limit = StrokeStyle.maximumGradientColors
            guard names.count <= limit else {
                throw .invalidValue(list, option: "gradient", expected: "at most \(limit) comma-separated colours (\(names.count) given)")
            }
            var gradient: [RenderColor] = []
            for (k, name) in names.enumerated() {
                guard let color = try? RenderColor(parsing: name) else {
                    throw .invalidValue(
                        list, option: "gradient",
                        expected: "comma-separated colours, each \(colors); colour \(k + 1), '\(TerminalEscape.escaped(name))', is not one")
                }
                gradient.append(color)
            }
            stroke.paint = gradient.count == 1 ? .solid(gradient[0]) : .linearGradient(gradient)
        }
        return stroke
    }

    /// The timeline of a request: the frames 'kinetype frames' samples, plus a
    /// hold on the final text (one second by default when the animation replays).
    static func record(_ request: Request, progress: ((Int) -> Void)? = nil) throws(CommandLineError) -> Timeline {
        if let path = request.path {
            // No Director: the pen's own timeline (see PathWriter).
            let size = request.options.font.size
            // The pen's width in ems follows --size, as it does for glyphs.
            let writer = PathWriter(
                path: path, duration: request.duration ?? PathWriter.defaultDuration, fps: request.options.fps,
                hold: request.options.hold ?? request.defaultHold, title: pathTitle, fontSize: size)
            do {
                return try writer.timeline()
            } catch {
                throw .failure(TerminalEscape.sanitized(error.message))
            }
        }
        let limits = request.options.limits
        let playback = try request.options.playback(request.texts, defaultHold: request.defaultHold)
        let timeline: Timeline
        do {
            timeline = try Timeline(
                recording: request.options.director(showing: request.texts[0]), playback: playback,
                maximumSamples: limits.samples, progress: progress)
        } catch {
            throw failure(error, request)
        }
        guard timeline.frames.count <= limits.frames else {
            throw InputLimits.exceeded("the frames needed", count: timeline.frames.count, limit: limits.frames, variable: "KINETYPE_MAX_FRAMES")
        }
        return timeline
    }

    /// A render error as the command line says it: a limit names its value
    /// and the variable that raises it (what only the command line knows).
    static func failure(_ error: RenderError, _ request: Request) -> CommandLineError {
        let limits = request.options.limits
        switch error.code {
        case .tooManySamples:
            return InputLimits.exceeded(
                "the sprite samples of the recording (frames × glyphs on screen)", count: nil, limit: limits.samples,
                variable: "KINETYPE_MAX_SAMPLES")
        case .timelineTooLong where request.streams:
            return InputLimits.exceeded("the frames needed", count: nil, limit: limits.frames, variable: "KINETYPE_MAX_FRAMES")
        case .timelineTooLong:
            return .failure(
                "the animation needs more than \(Timeline.maximumFrameCount) frames, the most a recorded timeline (.svg, .html, .json, .png) holds; use a lower --fps, fewer texts or a shorter --hold, or write .gif, .webp, video or --frames, which stream (up to KINETYPE_MAX_FRAMES)")
        default:
            return .failure(TerminalEscape.sanitized(error.message))
        }
    }

    /// The request's frames as a ``FrameStream``: the Director played twice
    /// (to measure, then to draw), one frame in memory at a time.
    static func stream(_ request: Request) throws(CommandLineError) -> FrameStream {
        let options = request.options
        let playback = try options.playback(request.texts, defaultHold: request.defaultHold)
        let first = request.texts[0]
        return FrameStream(playback: playback, maximumFrames: options.limits.frames) {
            options.director(showing: first)
        }
    }

    /// The renderer of a request's video.
    static func videoRenderer(_ request: Request, _ format: VideoFormat) -> VideoRenderer {
        VideoRenderer(format: format, style: request.style)
    }

    /// "wrote send.mp4 (H.264, 480×120, 61 frames, 1.017 s)": a video's n
    /// pictures last n / fps (where a GIF's last frame marks its end).
    static func videoSummary(
        _ shown: String, _ renderer: VideoRenderer, _ placed: Viewport.Placement, count: Int, fps: Double
    ) -> String {
        let alpha = renderer.keepsAlpha ? " with alpha" : ""
        let size = "\(placed.pixelWidth)×\(placed.pixelHeight)"
        return "wrote \(shown) (\(renderer.format.codecName)\(alpha), \(size), \(count) frames, \(NumberFormat.fixed(Double(count) / fps, 3)) s)"
    }

    /// The renderer of a request's SVG and HTML.
    static func svgRenderer(_ request: Request) -> SVGRenderer {
        SVGRenderer(style: request.style, loop: request.loop)
    }

    /// The page of a request's HTML output around an animated SVG.
    static func page(_ request: Request, svg: String) -> HTMLPage {
        HTMLPage(
            title: title(request), svg: svg, command: request.commandLine,
            background: request.style.background.alpha > 0 ? request.style.background : .white)
    }

    /// Writes the request's files and returns one line per file written. GIF,
    /// WebP, video and numbered PNGs are drawn from a stream (see ``Request/streams``);
    /// the other formats from a recorded timeline.
    ///
    /// On a terminal a progress line on standard error follows the work
    /// (recording or measuring the frames, drawing them, writing the file),
    /// cleared when it ends, whether it succeeds or fails.
    static func write(_ request: Request) throws(CommandLineError) -> [String] {
        let progress = ProgressLine()
        defer { progress.finish() }
        let timeline: Timeline?
        let stream: FrameStream?
        if request.streams {
            timeline = nil
            stream = try self.stream(request)
        } else {
            progress.start("recording", total: nil)
            timeline = try record(request) { progress.update($0) }
            stream = nil
        }
        let frames: FrameSource
        do throws(RenderError) {
            if let timeline {
                frames = FrameSource(timeline)
            } else {
                progress.start("measuring", total: nil)
                frames = try FrameSource(stream!) { progress.update($0) }
            }
        } catch {
            throw failure(error, request)
        }
        try checkWebPWork(frames, request)
        do throws(RenderError) {
            return try write(request, frames, timeline: timeline, progress: progress)
        } catch {
            throw failure(error, request)
        }
    }

    private static func write(
        _ request: Request, _ source: FrameSource, timeline: Timeline?, progress: ProgressLine
    ) throws(RenderError) -> [String] {
        var lines: [String] = []
        let style = request.style
        let placement = try style.placement(source.bounds, fontSize: source.outlines.fontSize)
        // Drawn frame by frame (GIF, WebP, video): the progress line counts them.
        var frames = source
        if request.streams { frames = source.reporting { progress.update($0) } }
        if let format = request.format, request.output != nil {
            progress.start(request.streams ? "drawing" : "writing .\(format.rawValue)", total: request.streams ? frames.frameCount : nil)
        }
        let size = "\(placement.pixelWidth)×\(placement.pixelHeight)"
        let seconds = NumberFormat.fixed(Double(frames.frameCount - 1) / frames.fps, 3)
        // What plays before it loops (GIF, WebP, Lottie and video alike): the last frame lasts a frame too.
        let plays = NumberFormat.fixed(Double(frames.frameCount) / frames.fps, 3)
        if let path = request.output, let format = request.format {
            let shown = TerminalEscape.escaped(path)
            switch (format, timeline) {
            case (.mp4, _), (.webm, _), (.mov, _):
                let renderer = videoRenderer(request, format.video!)
                let count = try renderer.write(frames, to: path)
                let placed = try renderer.placement(frames.bounds, fontSize: frames.outlines.fontSize)
                lines.append(videoSummary(shown, renderer, placed, count: count, fps: frames.fps))
            case (.gif, _):
                let count = try GIFRenderer(style: style, loopCount: request.loopCount).write(frames, to: path)
                lines.append("wrote \(shown) (\(size), \(count) frames, \(plays) s)")
            case (.webp, _):
                let count = try WebPRenderer(style: style, loopCount: request.loopCount).write(frames, to: path)
                lines.append("wrote \(shown) (\(size), \(count) frames, \(plays) s)")
            case (.svg, let timeline?):
                if let at = request.at {
                    notePastEnd(at, timeline)
                    try TextFile.write(try svgRenderer(request).frame(timeline, at: at), to: path)
                    lines.append("wrote \(shown) (still at \(NumberFormat.fixed(timeline.time(ofFrame: timeline.frameIndex(at: at)), 3)) s)")
                } else {
                    try svgRenderer(request).write(timeline, to: path)
                    lines.append("wrote \(shown) (\(frames.frameCount) frames, \(seconds) s)")
                }
            case (.png, let timeline?):
                let t = request.at ?? timeline.duration
                if let at = request.at { notePastEnd(at, timeline) }
                try PNGRenderer(style: style).write(timeline, at: t, to: path)
                lines.append("wrote \(shown) (\(size), t = \(NumberFormat.fixed(timeline.time(ofFrame: timeline.frameIndex(at: t)), 3)) s)")
            case (.html, let timeline?):
                let page = page(request, svg: "")
                try svgRenderer(request).writePage(
                    timeline, title: page.title, command: page.command, background: page.background, to: path)
                lines.append("wrote \(shown) (\(frames.frameCount) frames, \(seconds) s)")
            case (.json, let timeline?):
                try LottieRenderer(style: style).write(timeline, to: path)
                lines.append("wrote \(shown) (Lottie, \(size), \(frames.frameCount) frames, \(plays) s)")
            case (.svg, nil), (.png, nil), (.html, nil), (.json, nil):
                preconditionFailure("a request for .\(format.rawValue) records a timeline (Request.streams)")
            }
        }
        if let directory = request.framesDirectory {
            // The folder holds this run's frames only: an earlier run's are removed, other files kept.
            let removed = try PNGRenderer.removeFrames(in: directory)
            progress.start("writing frames", total: source.frameCount)
            let files = try PNGRenderer(style: style).writeFrames(source, to: directory) { done, _ in progress.update(done) }
            let earlier = removed == 0 ? "" : " (removed the \(removed) frames of an earlier run)"
            lines.append("wrote \(files.count) frames to \(TerminalEscape.escaped(directory))\(earlier)")
        }
        return lines
    }

    /// Refuses a WebP whose drawing and encoding would take much longer than
    /// half a minute, before anything is drawn: its pictures times its canvas,
    /// in megapixels, against the limit (Cairo and libwebp's lossless encoder
    /// do about 35 megapixels a second on two cores, so the default of 1,000
    /// is about half a minute; it takes two 20,000-glyph texts at the default
    /// size, 878).
    static func checkWebPWork(_ frames: FrameSource, _ request: Request) throws(CommandLineError) {
        guard request.format == .webp, request.output != nil else { return }
        let placement: Viewport.Placement
        do {
            placement = try request.style.placement(frames.bounds, fontSize: frames.outlines.fontSize)
        } catch {
            throw failure(error, request)
        }
        let megapixels = Int((Double(frames.pictureCount) * Double(placement.pixelWidth) * Double(placement.pixelHeight) / 1e6).rounded(.up))
        let limit = request.options.limits.webpMegapixels
        guard megapixels > limit else { return }
        throw .failure(
            "the WebP would draw and encode \(megapixels) megapixels (\(frames.pictureCount) pictures of \(placement.pixelWidth)×\(placement.pixelHeight)), over the limit of \(limit) megapixels (about half a minute of work at the default); use a lower --fps or a smaller --size, --scale or --width/--height, write .mp4, or raise the limit with KINETYPE_MAX_WEBP_MEGAPIXELS=N (see docs/limits.md)")
    }

    /// A note on standard error when `--at` asks for a time after the end of
    /// an animation that does not loop: the last frame is what is drawn.
    static func notePastEnd(_ at: Double, _ timeline: Timeline) {
        guard timeline.loop == nil, at > timeline.duration + 0.5 / timeline.fps else { return }
        Platform.writeStandardError(
            "note: --at \(NumberFormat.fixed(at, 3)) is past the end of the animation (\(NumberFormat.fixed(timeline.duration, 3)) s); drawing its last frame\n")
    }

    /// "A → B → C": the title of a page.
    static func title(_ texts: [String]) -> String {
        texts.map { $0.isEmpty ? "∅" : $0 }.joined(separator: " → ")
    }

    /// A request's title: its texts, and the control of its scene ("the menu
    /// control" alone when there is no text).
    static func title(_ request: Request) -> String {
        guard let scene = request.options.scene else { return title(request.texts) }
        if request.texts.allSatisfy(\.isEmpty) { return "the \(scene.name) control" }
        return title(request.texts) + ", with the \(scene.name) control"
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
}

extension String {
    /// The string with every `target` replaced (no Foundation).
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
