import Render
import Analyzer
import Animator
import Director
import Effects
import Typesetter

/// The options shared by `plan`, `frames`, `render` and `play`: which effect,
/// style and diff mode, which font and how text is set, the seed, reduced
/// motion, and for timelines the interval between texts, the frame rate, the
/// hold after the last text, tiles under the glyphs and a scene with its taps.
struct TimelineOptions {
    var effect: any EffectBlueprint
    var style: MotionStyle
    var mode: DiffMode
    var modeName: String
    var preference: MotionPreference
    var seed: UInt64
    /// How glyphs are placed: the font (`font`), or the cell grid for the terminal.
    var layout: any GlyphLayout { grid ?? font }
    /// The cell grid glyphs are placed on instead of the font, on a terminal.
    var grid: MonospaceLayout?
    /// The font the texts are set in: its size and wrapping, whatever `layout` is.
    var font: FontLayout
    var alignment: TextAlignment
    var wrapWidth: Double?
    /// Points added between the glyphs of a line (`--tracking`).
    var tracking: Double
    var interval: Double?
    var fps: Double
    /// Seconds sampled after the last transition settles (nil: the command's default).
    var hold: Double?
    /// Whether the glyphs stand on tiles (`--tiles`).
    var tiles: Bool
    /// The control shown with the texts (`--scene`), and when it is tapped (`--toggle`).
    var scene: Scene?
    var toggles: [Double]
    var limits: InputLimits
    /// The single-stroke font writing the text (`--pen`), if any.
    var pen: PenFont?

    static let fontSizeRange = NumberRange.above(0, upTo: 2_000)
    static let wrapRange = NumberRange.above(0, upTo: 100_000)
    static let intervalRange = NumberRange.above(0, upTo: Playback.maximumDuration)
    /// Frames per second: from one frame every 100 s (GIF, WebP and video can
    /// all hold a frame that long, and the last frame lands at most that far
    /// past the longest timeline) to the Director's most.
    static let fpsRange = NumberRange.closed(0.01, Playback.maximumFPS)
    static let holdRange = NumberRange.closed(0, 600)
    /// The most taps `--toggle` takes: far more than a control is tapped in any
    /// animation, few enough that the list stays readable.
    static let maximumToggles = 100
    /// The scenes `--scene` knows, by name.
    static let sceneNames = Scene.builtIns.map(\.name)

    /// `--style`, with `--preset` kept as its older name.
    static let styleSpec = OptionSpec.value(
        "style", placeholder: "PRESET", aliases: ["preset"], choices: MotionStyle.presets.map(\.name),
        help: "Motion style: snappy, smooth or bouncy (default snappy).")

    /// The TEXT positionals of `frames` and `play` (render's also say `--path`).
    static let textsSpec = PositionalSpec(
        name: "TEXT", arity: .zeroOrMore, help: "The texts, in order (\"-\": standard input); optional with --scene.")

    /// The texts: positionals, `-` for standard input, and files.
    static let textFileSpec = OptionSpec(
        name: "text-file", kind: .textFile, help: "Read one more text from a file (repeatable; in order with the TEXTs).")
    static let toFileSpec = OptionSpec(
        name: "to-file", kind: .finalTextFile, help: "Read the text to change to (the last) from a file.")

    /// The options that shape motion and layout.
    static let motionSpecs: [OptionSpec] = [
        .value("effect", short: "e", placeholder: "NAME", choices: EffectRegistry.standard.names,
               help: "The effect (default scale, or the --effect-file's; see 'kinetype effects')."),
        EffectFileInput.spec,
        .flag("no-fill", help: "With --effect write: leave the written glyphs as outlines, not filled afterwards."),
        .value("pen", placeholder: "NAME|PATH",
               help: "Write by hand with a single-stroke pen font (see 'kinetype pens') or a .jhf file; implies --effect write."),
        .value("duration", placeholder: "S",
               help: "Seconds each text transition takes to settle: stagger, springs and fades retimed together (default: the effect's own timing); with --pen: seconds the pen takes to write (default: its pace, about 3 s for \"hello\"); with --path: over the path (default 3)."),
        .value("speed", placeholder: "X",
               help: "Play text transitions X times as fast as the effect times them, in \(speedRange.description) (default 1)."),
        styleSpec,
        SpringOption.spec,
        .value("mode", placeholder: "M", choices: ["morph", "replace", "numeric"], help: "Diff mode: morph, replace or numeric (default numeric when every text reads as a number, else morph)."),
        .value("decimal", placeholder: "SEP", help: "Decimal separator for numeric mode (default \".\")."),
        .value("font", placeholder: "FAMILY|PATH", help: "Font family or file (default \"DejaVu Sans\"); a family may end in its style (\"DejaVu Sans Bold\")."),
        .value("weight", placeholder: "W", choices: FontWeight.named.map(\.name),
               help: "The family's face of this weight: thin, extralight, light, regular, medium, semibold, bold, extrabold, black, or a number from 1 to 1000 (400 regular, 700 bold); the nearest the family has, with a warning when it lacks it."),
        .flag("italic", help: "The family's italic (or oblique) face; a warning when it has none."),
        .value("size", short: "s", placeholder: "PT", help: "Font size in points, in \(fontSizeRange.description) (default 32)."),
        .value("align", placeholder: "A", choices: TextAlignment.allCases.map(\.rawValue),
               help: "Line alignment: leading, center or trailing (default leading); numeric mode lines numbers up by place value."),
        .value("wrap", placeholder: "WIDTH", help: "Wrap lines at WIDTH points, in \(wrapRange.description) (default: only at newlines)."),
        .value("tracking", placeholder: "PT",
               help: "Points added between the letters of a line, from -size/2 to 10 × size (default 0, with --tiles 0.4 × size; negative: tighter)."),
        .flag("reduce-motion", help: "Reduced motion: a 0.1 s cross-fade, nothing moves."),
        .value("seed", placeholder: "N", help: "Seed of every random choice, 0 to \(UInt64.max) (default 0)."),
        .value("max-glyphs", placeholder: "N", help: "Refuse texts of more than N characters, counted in Unicode scalars (default \(InputLimits.defaults.glyphs); see docs/limits.md)."),
        textFileSpec,
        toFileSpec,
    ]

    /// The options of a timeline of several texts.
    static let playbackSpecs: [OptionSpec] = [
        .value("interval", placeholder: "S", help: "Seconds between texts, in \(intervalRange.description) (default: when the previous has settled)."),
        .value("fps", placeholder: "N", help: "Frames per second, in \(fpsRange.description) (default 60)."),
        .value("hold", placeholder: "S", help: "Seconds to hold the last text after it settles, in \(holdRange.description) (default 0; 1 for render's GIF, WebP, Lottie, video and --loop); a dance dances on."),
        .flag("tiles", help: "Set each letter on a tile (with --effect dance the tiles' borders pulse)."),
        .value("scene", placeholder: "NAME", choices: sceneNames,
               help: "Show a control: \(sceneNames.joined(separator: ", ")) (see 'kinetype scenes'), as large as --size asks (40 points at 32); TEXT is then optional."),
        .value("toggle", placeholder: "T1,T2,…",
               help: "With --scene: tap the control at these times in seconds, ascending (at most \(maximumToggles))."),
    ]

    static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> TimelineOptions {
        let limits = try InputLimits.current(arguments)
        let tiles = arguments.flag("tiles")
        let pen = try parsePen(arguments)
        let effect: any EffectBlueprint
        if pen != nil {
            effect = try penEffect(arguments)
        } else {
            effect = try parseEffect(
                arguments.value("effect"), file: arguments.value("effect-file"), fills: !arguments.flag("no-fill"), pulsesTiles: tiles)
        }
        var style = try parseStyle(arguments)
        if let spring = try SpringOption.parse(arguments) {
            style.spring = spring
            style.name = "custom"
        }
        // With --pen or --path, --duration times the pen instead.
        style = try parseRetiming(arguments, style, readsDuration: pen == nil && arguments.value("path") == nil)
        let (mode, modeName) = try parseMode(arguments)
        let seed = try arguments.value("seed", expected: "a whole number from 0 to \(UInt64.max)") { UInt64($0) } ?? 0
        let size = try arguments.number("size", in: fontSizeRange, unit: "points") ?? 32
        let alignmentName = arguments.value("align") ?? "leading"
        guard let alignment = TextAlignment(rawValue: alignmentName) else {
            throw .unknownName(alignmentName, option: "align", known: TextAlignment.allCases.map(\.rawValue))
        }
        let wrap = try arguments.number("wrap", in: wrapRange, unit: "points")
        // Tiles are about as wide as a line is high: spaced letters keep them apart.
        let tracking = try parseTracking(arguments, size: size) ?? (arguments.flag("tiles") ? 0.4 * size : 0)
        let font = FontSource(parsing: arguments.value("font") ?? "DejaVu Sans")
        let weight = try parseWeight(arguments)
        let italic = arguments.flag("italic")
        if weight != nil || italic, case .file(let path) = font {
            let options = [weight.map { "--weight \(TerminalEscape.escaped(arguments.value("weight") ?? "\($0.value)"))" }, italic ? "--italic" : nil]
            throw .usage(
                "\(options.compactMap { $0 }.joined(separator: " and ")) picks a face of a family, but --font \(TerminalEscape.escaped(path)) is a font file, which is one face; give a family name (fc-list : family lists them) or the file of the face you want")
        }
        let layout: FontLayout
        do {
            layout = try FontLayout(
                font: font, size: size, wrapWidth: wrap, alignment: alignment, tracking: tracking, pen: pen,
                weight: weight, italic: italic)
        } catch {
            throw .usage(TerminalEscape.sanitized(error.message))
        }
        let interval = try arguments.number("interval", in: intervalRange, unit: "seconds")
        let fps = try arguments.number("fps", in: fpsRange, unit: "frames per second") ?? 60
        // A text shown for less than a frame is never drawn, and the next replaces it mid-change.
        if let interval, interval < 1 / fps {
            let frame = NumberFormat.short(1 / fps)
            throw .usage(
                "--interval \(NumberFormat.short(interval)) is shorter than one frame at \(NumberFormat.short(fps)) frames per second (\(frame) s), so no text but the last would be seen; use an interval in [\(frame), \(Int(Playback.maximumDuration))] or a higher --fps")
        }
        let hold = try arguments.number("hold", in: holdRange, unit: "seconds")
        // A control grows with the text: drawn for 32-point text, scaled by --size / 32.
        let (unscaled, toggles) = try parseScene(arguments)
        let scene = unscaled?.scaled(by: size / 32)
        return TimelineOptions(
            effect: effect, style: style, mode: mode, modeName: modeName,
            preference: arguments.flag("reduce-motion") ? .reduceMotion : .system, seed: seed, font: layout,
            alignment: alignment, wrapWidth: wrap, tracking: tracking, interval: interval, fps: fps, hold: hold,
            tiles: tiles, scene: scene, toggles: toggles, limits: limits, pen: pen)
    }

    /// `--weight W`: a weight's name (thin … black, and the usual synonyms) or
    /// a number from 1 to 1000; nil when not given.
    static func parseWeight(_ arguments: ParsedArguments) throws(CommandLineError) -> FontWeight? {
        guard let value = arguments.value("weight") else { return nil }
        if let named = FontWeight(named: value) { return named }
        let names = FontWeight.named.map(\.name)
        guard value.first.map({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) == true else {
            var message = "invalid value '\(TerminalEscape.escaped(value))' for --weight: expected one of \(names.joined(separator: ", ")), or a number from 1 to 1000 (400 regular, 700 bold)"
            if let near = NearestName.find(value, among: names) { message += " (did you mean '\(near)'?)" }
            throw .usage(message)
        }
        let number = try arguments.number("weight", in: .closed(FontWeight.range.lowerBound, FontWeight.range.upperBound))
        return number.flatMap { try? FontWeight($0) }
    }

    /// `--pen NAME|PATH`: a pen font by name or file; nil when not given.
    static func parsePen(_ arguments: ParsedArguments) throws(CommandLineError) -> PenFont? {
        guard let value = arguments.value("pen") else { return nil }
        do {
            return try PenFont(value)
        } catch {
            var message = TerminalEscape.sanitized(error.message)
            if error.code == .unknownPen, let near = NearestName.find(value, among: PenFont.catalog.map(\.name)) {
                message += " (did you mean '\(near)'?)"
            }
            throw .usage(message)
        }
    }

    /// The write effect a pen writes with: `--effect` may only say `write`, and
    /// `--duration` sets how long the pen takes.
    static func penEffect(_ arguments: ParsedArguments) throws(CommandLineError) -> WriteEffect {
        if let name = arguments.value("effect"), name != "write" {
            throw .usage("--pen writes with the write effect; drop --effect \(TerminalEscape.escaped(name)) or say --effect write")
        }
        if arguments.value("effect-file") != nil {
            throw .usage("--pen writes with the write effect; give --pen or --effect-file, not both")
        }
        let duration = try arguments.number("duration", in: penDurationRange, unit: "seconds")
        return WriteEffect(fills: false, penDuration: duration)
    }

    /// `--duration S` and `--speed X` for text transitions: the style retimed.
    static func parseRetiming(
        _ arguments: ParsedArguments, _ style: MotionStyle, readsDuration: Bool
    ) throws(CommandLineError) -> MotionStyle {
        let duration = readsDuration ? try arguments.number("duration", in: retimingRange, unit: "seconds") : nil
        let speed = try arguments.number("speed", in: speedRange, unit: "times as fast")
        if duration != nil, speed != nil {
            throw .usage("--duration and --speed both retime the transitions; give one of them")
        }
        do {
            if let duration { return try style.retimed(toSettleIn: duration) }
            if let speed { return try style.playing(atSpeed: speed) }
        } catch {
            throw .usage(error.message)
        }
        return style
    }

    /// How long a text transition may be retimed to take, in seconds.
    static let retimingRange = NumberRange.closed(MotionStyle.retimingRange.lowerBound, MotionStyle.retimingRange.upperBound)
    /// How much faster or slower text transitions may play.
    static let speedRange = NumberRange.closed(MotionStyle.speedRange.lowerBound, MotionStyle.speedRange.upperBound)

    /// How long a pen may take over a text, in seconds.
    static let penDurationRange = NumberRange.above(0, upTo: Playback.maximumDuration)

    /// The warning for Characters the pen does not draw (they are traced from
    /// the outline font instead), or nil when it draws them all.
    func penWarning(_ texts: [String]) -> String? {
        guard let pen else { return nil }
        let missing = pen.missing(in: texts)
        guard !missing.isEmpty else { return nil }
        let shown = missing.prefix(20).map { "'" + TerminalEscape.escaped(String($0)) + "'" }.joined(separator: ", ")
        let more = missing.count > 20 ? " and \(missing.count - 20) more" : ""
        return "warning: the pen \(TerminalEscape.quoted(pen.name)) has no \(shown)\(more); "
            + "they are traced from their outlines in \(TerminalEscape.escaped(font.fontFamily)) instead"
    }

    /// A warning for each Character no installed font has (drawn as a box),
    /// at most 20, the Character escaped for the terminal.
    func glyphWarnings(_ texts: [String]) -> [String] {
        // On a terminal's grid no font draws the glyphs.
        guard grid == nil else { return [] }
        var glyphs: [Character] = []
        var seen = Set<Character>()
        for text in texts { for c in text where seen.insert(c).inserted { glyphs.append(c) } }
        let found = font.diagnostics(for: glyphs)
        var warnings = found.prefix(20).map { d -> String in
            "warning: no installed font has '\(TerminalEscape.escaped(String(d.character)))' (\(d.codePoints)); "
                + "it is drawn as a box: install a font for its script (scripts/setup installs Noto) or pass one with --font"
        }
        if found.count > 20 { warnings.append("warning: and \(found.count - 20) more characters no installed font has") }
        return warnings
    }

    /// `--tracking PT`: from half the font size back to ten times it forward
    /// (`FontLayout.trackingRange`); nil when not given.
    static func parseTracking(_ arguments: ParsedArguments, size: Double) throws(CommandLineError) -> Double? {
        let range = FontLayout.trackingRange(size: size)
        let bounds = NumberRange.closed(range.lowerBound, range.upperBound)
        return try arguments.number("tracking", in: bounds, unit: "points (half --size back to ten times it forward)")
    }

    /// `--scene NAME` and `--toggle T1,T2,…`: a built-in scene and its tap times.
    static func parseScene(_ arguments: ParsedArguments) throws(CommandLineError) -> (Scene?, [Double]) {
        let list = arguments.value("toggle")
        guard let name = arguments.value("scene") else {
            if list != nil { throw .usage("--toggle taps a scene's control; give --scene \(sceneNames.joined(separator: "|")) too") }
            return (nil, [])
        }
        guard let scene = Scene.builtIns.first(where: { $0.name == name }) else {
            throw .unknownName(name, option: "scene", known: sceneNames)
        }
        guard let list else { return (scene, []) }
        return (scene, try parseToggles(list))
    }

    /// A `--toggle` list: comma-separated seconds, each in [0, 3600] and none
    /// before the one ahead of it, at most ``maximumToggles`` of them.
    static func parseToggles(_ list: String) throws(CommandLineError) -> [Double] {
        let items = list.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= maximumToggles else {
            throw .invalidValue(list, option: "toggle", expected: "at most \(maximumToggles) tap times (\(items.count) given)")
        }
        let range = NumberRange.closed(0, Playback.maximumDuration)
        var times: [Double] = []
        for (k, item) in items.enumerated() {
            guard let time = Double(item.trimmingSpaces), range.contains(time) else {
                throw .invalidValue(
                    list, option: "toggle",
                    expected: "comma-separated times in seconds, each in \(range.description); tap \(k + 1), '\(TerminalEscape.escaped(String(item)))', is not one")
            }
            if let previous = times.last, time < previous {
                throw .invalidValue(
                    list, option: "toggle",
                    expected: "times in ascending order; tap \(k + 1) at \(TerminalEscape.escaped(String(item.trimmingSpaces))) s comes before tap \(k) at \(NumberFormat.fixed(previous, 3)) s")
            }
            times.append(time)
        }
        return times
    }

    /// An effect by name (`a+b` layers two), or an error with the nearest name:
    /// `name`, else the effect `file` holds (`--effect-file`), else scale. The
    /// file's effect is registered first, so `name` may name or layer it.
    /// Without `fills`, the write effect leaves its glyphs as outlines (`--no-fill`).
    /// With `pulsesTiles` (`--tiles`), the dance pulses its tiles' borders.
    static func parseEffect(
        _ name: String?, file: String? = nil, fills: Bool = true, pulsesTiles: Bool = false
    ) throws(CommandLineError) -> any EffectBlueprint {
        var registry = EffectRegistry.standard
        if pulsesTiles { registry.register(DanceEffect(borderPulse: true)) }
        if !fills {
            // A retuned built-in replaces it under its name, layered names included (and as a file's base).
            registry.register(WriteEffect(fills: false))
        }
        let loaded = try file.map { (path) throws(CommandLineError) in try EffectFileInput.load(path, into: &registry) }
        let name = name ?? loaded ?? "scale"
        if !fills, !name.split(separator: "+").contains("write") {
            throw .usage("--no-fill applies to the write effect (--effect write)")
        }
        do {
            return try registry.effect(named: name)
        } catch {
            let known = registry.names
            var message = "invalid value '\(TerminalEscape.escaped(name))' for --effect: expected one of \(known.joined(separator: ", ")), or two joined by '+'"
            if let near = NearestName.find(name, among: known) { message += " (did you mean '\(near)'?)" }
            throw .usage(message)
        }
    }

    /// `--style` (or `--preset`), default snappy.
    static func parseStyle(_ arguments: ParsedArguments) throws(CommandLineError) -> MotionStyle {
        let name = arguments.value("style") ?? "snappy"
        guard let style = MotionStyle.preset(named: name) else {
            throw .unknownName(name, option: "style", known: MotionStyle.presets.map(\.name))
        }
        return style
    }

    /// `--mode morph|replace|numeric` with `--decimal SEP` (numeric mode only).
    static func parseMode(_ arguments: ParsedArguments) throws(CommandLineError) -> (mode: DiffMode, name: String) {
        let separator = try arguments.value("decimal", expected: "a single character") { $0.count == 1 ? $0.first : nil }
        let name = arguments.value("mode") ?? "morph"
        let mode: DiffMode
        switch name {
        case "morph": mode = .morph
        case "replace": mode = .replace
        case "numeric": mode = .numeric(decimalSeparator: separator ?? ".")
        default: throw .unknownName(name, option: "mode", known: ["morph", "replace", "numeric"])
        }
        // Without --mode, texts that read as numbers are numeric (`numericByDefault`).
        if separator != nil, arguments.value("mode") != nil, name != "numeric" {
            throw .usage("--decimal applies only to --mode numeric")
        }
        return (mode, name)
    }

    /// `mode` (parsed by `parseMode`), or numeric mode when `--mode` is absent
    /// and every text reads as a number (`DiffMode.suggested(for:)`), with
    /// `--decimal`'s separator if given; nil when the numbers' defaults do not apply.
    static func numericByDefault(_ texts: [String], _ arguments: ParsedArguments) throws(CommandLineError) -> DiffMode? {
        let separator = try arguments.value("decimal", expected: "a single character") { $0.count == 1 ? $0.first : nil }
        guard arguments.value("mode") == nil else { return nil }
        guard case .numeric(let found) = DiffMode.suggested(for: texts) else {
            if separator != nil { throw .usage("--decimal applies only to numeric mode: add --mode numeric") }
            return nil
        }
        return .numeric(decimalSeparator: separator ?? found)
    }

    /// Texts set wider than this (in points) wrap at ``autoWrapWidth`` when no
    /// `--wrap` is given: one long line would need a canvas wider than any
    /// picture may be.
    static let autoWrapThreshold = 8_192.0
    static let autoWrapWidth = 1_600.0

    /// These options with the numbers' defaults when every text reads as a
    /// number (`DiffMode.suggested(for:)`): numeric mode unless `--mode` is given,
    /// place values lined up on the right unless `--align` is, and the rolling
    /// digits unless an effect is chosen (`--effect`, `--effect-file`, `--pen`).
    /// `--mode morph` opts out of all three.
    func numbersByDefault(_ texts: [String], _ arguments: ParsedArguments) throws(CommandLineError) -> TimelineOptions {
        guard let mode = try Self.numericByDefault(texts, arguments) else { return self }
        var numeric = self
        numeric.mode = mode
        numeric.modeName = "numeric"
        if arguments.value("effect") == nil, arguments.value("effect-file") == nil, pen == nil,
            let rolling = try? EffectRegistry.standard.effect(named: "rolling")
        {
            numeric.effect = rolling
        }
        if arguments.value("align") == nil {
            numeric.alignment = .trailing
            do {
                numeric.font = try FontLayout(
                    font: font.font, size: font.size, wrapWidth: wrapWidth, alignment: .trailing, tracking: tracking,
                    pen: font.pen, weight: font.weight, italic: font.italic)
            } catch {
                throw .usage(TerminalEscape.sanitized(error.message))
            }
        }
        return numeric
    }

    /// These options with lines wrapped at ``autoWrapWidth`` when a text is
    /// wider than ``autoWrapThreshold`` and no `--wrap` was given.
    func wrappingLongLines(_ texts: [String]) throws(CommandLineError) -> TimelineOptions {
        guard wrapWidth == nil else { return self }
        guard texts.contains(where: { font.layout(Array($0)).size.width > Self.autoWrapThreshold }) else { return self }
        var wrapped = self
        do {
            wrapped.font = try FontLayout(
                font: font.font, size: font.size, wrapWidth: Self.autoWrapWidth, alignment: alignment, tracking: tracking,
                pen: font.pen, weight: font.weight, italic: font.italic)
        } catch {
            throw .usage(TerminalEscape.sanitized(error.message))
        }
        wrapped.wrapWidth = Self.autoWrapWidth
        return wrapped
    }

    /// The texts (``texts(_:revealing:command:)``) and these options with the
    /// numbers' defaults for them (``numbersByDefault(_:_:)``): how every
    /// command that animates texts begins.
    func readTexts(
        _ arguments: ParsedArguments, revealing: Bool = true, command: String? = nil
    ) throws(CommandLineError) -> (options: TimelineOptions, texts: [String]) {
        let texts = try texts(arguments, revealing: revealing, command: command)
        return (try numbersByDefault(texts, arguments), texts)
    }

    /// The texts to animate, read and checked against the limits. For a
    /// timeline (`revealing`), an effect that reveals the first text (`write`)
    /// starts from the empty text, so the first text is written rather than
    /// shown at rest. With a scene and no text, the scene plays beside the
    /// empty text; without a scene a text is needed (`command` names it in the error).
    func texts(_ arguments: ParsedArguments, revealing: Bool = true, command: String? = nil) throws(CommandLineError) -> [String] {
        if arguments.inputs.isEmpty {
            guard scene != nil else {
                let name = command ?? "kinetype"
                throw .usage("missing argument TEXT (or --scene NAME) (see 'kinetype \(name) --help')")
            }
            return [""]
        }
        let texts = try TextInputs.read(arguments.inputs, limits: limits)
        try TextInputs.checkGlyphs(texts, limits: limits)
        if let note = font.faceNote { Platform.writeStandardError("warning: \(TerminalEscape.escaped(note, maximumBytes: 400))\n") }
        if let warning = penWarning(texts) { Platform.writeStandardError(warning + "\n") }
        for warning in glyphWarnings(texts) { Platform.writeStandardError(warning + "\n") }
        if revealing, effect.revealsFirstText, let first = texts.first, !first.isEmpty { return [""] + texts }
        return texts
    }

    /// A Director showing `text` at rest with these options (its glyphs on tiles with `--tiles`).
    func director(showing text: String) -> TransitionDirector {
        TransitionDirector(
            text: text, layout: layout, effect: effect, style: style, mode: mode, preference: preference, seed: seed,
            tiles: tiles ? TileStyle() : nil)
    }

    /// The playback of `texts` with these options; `defaultHold` when `--hold` is absent.
    ///
    /// The schedule is checked before anything plays: with an interval, the
    /// time the last text is set and the frames up to it must fit the limits.
    func playback(_ texts: [String], defaultHold: Double = 0) throws(CommandLineError) -> Playback {
        let tail = hold ?? defaultHold
        if let lastTap = toggles.last {
            let frames = ((lastTap + tail) * fps).rounded(.up)
            guard frames <= Double(limits.frames) else {
                throw InputLimits.exceeded(
                    "the frames needed (at least \(Int(frames)))", count: Int(frames), limit: limits.frames, variable: "KINETYPE_MAX_FRAMES")
            }
        }
        if let interval {
            let start = Double(texts.count - 1) * interval
            guard start + tail <= Playback.maximumDuration else {
                throw .usage(
                    "--interval \(interval) with \(texts.count) texts sets the last one at \(start) s; the longest timeline is \(Int(Playback.maximumDuration)) s")
            }
            let frames = ((start + tail) * fps).rounded(.up)
            guard frames <= Double(limits.frames) else {
                throw InputLimits.exceeded(
                    "the frames needed (at least \(Int(frames)))", count: Int(frames), limit: limits.frames, variable: "KINETYPE_MAX_FRAMES")
            }
        }
        do {
            return try Playback(texts: texts, interval: interval, fps: fps, tail: tail, scene: scene, toggles: toggles)
        } catch {
            throw .usage(TerminalEscape.sanitized(error.message))
        }
    }

    /// Plays `playback` on `director`, calling `body` for every frame, and
    /// refuses (mid-way, memory still bounded) once more frames than the limit
    /// come, or when the Director's own time cap would cut the playback short.
    func play(
        _ director: TransitionDirector, _ playback: Playback, _ body: (Frame) throws(CommandLineError) -> Void
    ) throws(CommandLineError) {
        var count = 0
        let limit = limits.frames
        let summary = try director.play(playback) { (frame: Frame) throws(CommandLineError) in
            count += 1
            guard count <= limit else {
                throw InputLimits.exceeded("the frames needed", count: nil, limit: limit, variable: "KINETYPE_MAX_FRAMES")
            }
            try body(frame)
        }
        if summary.end + playback.tail > Playback.maximumDuration || summary.changes.count < playback.texts.count - 1 {
            throw .failure(
                "the animation would run \(summary.end + playback.tail) s, past the longest timeline of \(Int(Playback.maximumDuration)) s; use fewer texts or a shorter interval")
        }
    }
}

extension Substring {
    /// The text without spaces at either end (no Foundation).
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
