import Analyzer
import Animator
import Director
import Effects
import Typesetter

/// The options shared by `plan`, `frames`, `render` and `play`: which effect,
/// style and diff mode, which font and how text is set, the seed, reduced
/// motion, and for timelines the interval between texts, the frame rate and
/// the hold after the last text.
struct TimelineOptions {
    var effect: any EffectBlueprint
    var style: MotionStyle
    var mode: DiffMode
    var modeName: String
    var preference: MotionPreference
    var seed: UInt64
    var layout: any GlyphLayout
    var alignment: TextAlignment
    var wrapWidth: Double?
    var interval: Double?
    var fps: Double
    /// Seconds sampled after the last transition settles (nil: the command's default).
    var hold: Double?
    var limits: InputLimits

    static let fontSizeRange = NumberRange.above(0, upTo: 2_000)
    static let wrapRange = NumberRange.above(0, upTo: 100_000)
    static let intervalRange = NumberRange.above(0, upTo: Playback.maximumDuration)
    static let fpsRange = NumberRange.above(0, upTo: Playback.maximumFPS)
    static let holdRange = NumberRange.closed(0, 600)

    /// `--style`, with `--preset` kept as its older name.
    static let styleSpec = OptionSpec.value(
        "style", placeholder: "PRESET", aliases: ["preset"], choices: MotionStyle.presets.map(\.name),
        help: "Motion style: snappy, smooth or bouncy (default snappy).")

    /// The texts: positionals, `-` for standard input, and files.
    static let textFileSpec = OptionSpec(
        name: "text-file", kind: .textFile, help: "Read one more text from a file (repeatable; in order with the TEXTs).")

    /// The options that shape motion and layout.
    static let motionSpecs: [OptionSpec] = [
        .value("effect", short: "e", placeholder: "NAME", choices: EffectRegistry.standard.names,
               help: "The effect (default scale; see 'kinetype effects')."),
        .flag("no-fill", help: "With --effect write: leave the written glyphs as outlines, not filled afterwards."),
        styleSpec,
        .value("mode", placeholder: "M", choices: ["morph", "replace", "numeric"], help: "Diff mode: morph, replace or numeric (default morph)."),
        .value("decimal", placeholder: "SEP", help: "Decimal separator for numeric mode (default \".\")."),
        .value("font", placeholder: "FAMILY|PATH", help: "Font family or file (default \"DejaVu Sans\")."),
        .value("size", short: "s", placeholder: "PT", help: "Font size in points, in \(fontSizeRange.description) (default 32)."),
        .value("align", placeholder: "A", choices: TextAlignment.allCases.map(\.rawValue),
               help: "Line alignment: leading, center or trailing (default leading); numeric mode lines numbers up by place value."),
        .value("wrap", placeholder: "WIDTH", help: "Wrap lines at WIDTH points, in \(wrapRange.description) (default: only at newlines)."),
        .flag("reduce-motion", help: "Reduced motion: a 0.1 s cross-fade, nothing moves."),
        .value("seed", placeholder: "N", help: "Seed of every random choice, 0 to \(UInt64.max) (default 0)."),
        .value("max-glyphs", placeholder: "N", help: "Refuse texts longer than N glyphs (default \(InputLimits.defaults.glyphs); see docs/limits.md)."),
        textFileSpec,
    ]

    /// The options of a timeline of several texts.
    static let playbackSpecs: [OptionSpec] = [
        .value("interval", placeholder: "S", help: "Seconds between texts, in \(intervalRange.description) (default: when the previous has settled)."),
        .value("fps", placeholder: "N", help: "Frames per second, in \(fpsRange.description) (default 60)."),
        .value("hold", placeholder: "S", help: "Seconds to hold the last text after it settles, in \(holdRange.description)."),
    ]

    static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> TimelineOptions {
        let limits = try InputLimits.current(arguments)
        let effect = try parseEffect(arguments.value("effect") ?? "scale", fills: !arguments.flag("no-fill"))
        let style = try parseStyle(arguments)
        let (mode, modeName) = try parseMode(arguments)
        let seed = try arguments.value("seed", expected: "a whole number from 0 to \(UInt64.max)") { UInt64($0) } ?? 0
        let size = try arguments.number("size", in: fontSizeRange, unit: "points") ?? 32
        let alignmentName = arguments.value("align") ?? "leading"
        guard let alignment = TextAlignment(rawValue: alignmentName) else {
            throw .unknownName(alignmentName, option: "align", known: TextAlignment.allCases.map(\.rawValue))
        }
        let wrap = try arguments.number("wrap", in: wrapRange, unit: "points")
        let font = FontSource(parsing: arguments.value("font") ?? "DejaVu Sans")
        let layout: FontLayout
        do {
            layout = try FontLayout(font: font, size: size, wrapWidth: wrap, alignment: alignment)
        } catch {
            throw .usage(TerminalText.escaped(error.message, limit: 400))
        }
        let interval = try arguments.number("interval", in: intervalRange, unit: "seconds")
        let fps = try arguments.number("fps", in: fpsRange, unit: "frames per second") ?? 60
        let hold = try arguments.number("hold", in: holdRange, unit: "seconds")
        return TimelineOptions(
            effect: effect, style: style, mode: mode, modeName: modeName,
            preference: arguments.flag("reduce-motion") ? .reduceMotion : .system, seed: seed, layout: layout,
            alignment: alignment, wrapWidth: wrap, interval: interval, fps: fps, hold: hold, limits: limits)
    }

    /// An effect by name (`a+b` layers two), or an error with the nearest name.
    /// Without `fills`, the write effect leaves its glyphs as outlines (`--no-fill`).
    static func parseEffect(_ name: String, fills: Bool = true) throws(CommandLineError) -> any EffectBlueprint {
        var registry = EffectRegistry.standard
        if !fills {
            guard name.split(separator: "+").contains("write") else {
                throw .usage("--no-fill applies to the write effect (--effect write)")
            }
            // A retuned built-in replaces it under its name, layered names included.
            registry.register(WriteEffect(fills: false))
        }
        do {
            return try registry.effect(named: name)
        } catch {
            let known = EffectRegistry.standard.names
            var message = "invalid value '\(TerminalText.escaped(name))' for --effect: expected one of \(known.joined(separator: ", ")), or two joined by '+'"
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
        if separator != nil, name != "numeric" {
            throw .usage("--decimal applies only to --mode numeric")
        }
        return (mode, name)
    }

    /// Texts set wider than this (in points) wrap at ``autoWrapWidth`` when no
    /// `--wrap` is given: one long line would need a canvas wider than any
    /// picture may be.
    static let autoWrapThreshold = 8_192.0
    static let autoWrapWidth = 1_600.0

    /// These options with lines wrapped at ``autoWrapWidth`` when a text is
    /// wider than ``autoWrapThreshold`` and no `--wrap` was given.
    func wrappingLongLines(_ texts: [String]) throws(CommandLineError) -> TimelineOptions {
        guard wrapWidth == nil, let font = layout as? FontLayout else { return self }
        guard texts.contains(where: { font.layout(Array($0)).size.width > Self.autoWrapThreshold }) else { return self }
        var wrapped = self
        do {
            wrapped.layout = try FontLayout(font: font.font, size: font.size, wrapWidth: Self.autoWrapWidth, alignment: alignment)
        } catch {
            throw .usage(TerminalText.escaped(error.message, limit: 400))
        }
        wrapped.wrapWidth = Self.autoWrapWidth
        return wrapped
    }

    /// The texts to animate, read and checked against the limits. For a
    /// timeline (`revealing`), an effect that reveals the first text (`write`)
    /// starts from the empty text, so the first text is written rather than
    /// shown at rest.
    func texts(_ arguments: ParsedArguments, revealing: Bool = true) throws(CommandLineError) -> [String] {
        let texts = try TextInputs.read(arguments.inputs, limits: limits)
        try TextInputs.checkGlyphs(texts, limits: limits)
        if revealing, effect.revealsFirstText, let first = texts.first, !first.isEmpty { return [""] + texts }
        return texts
    }

    /// A Director showing `text` at rest with these options.
    func director(showing text: String) -> TransitionDirector {
        TransitionDirector(
            text: text, layout: layout, effect: effect, style: style, mode: mode, preference: preference, seed: seed)
    }

    /// The playback of `texts` with these options; `defaultHold` when `--hold` is absent.
    ///
    /// The schedule is checked before anything plays: with an interval, the
    /// time the last text is set and the frames up to it must fit the limits.
    func playback(_ texts: [String], defaultHold: Double = 0) throws(CommandLineError) -> Playback {
        let tail = hold ?? defaultHold
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
            return try Playback(texts: texts, interval: interval, fps: fps, tail: tail)
        } catch {
            throw .usage(TerminalText.escaped(error.message))
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
                throw InputLimits.exceeded("the frames needed", count: count, limit: limit, variable: "KINETYPE_MAX_FRAMES")
            }
            try body(frame)
        }
        if summary.end + playback.tail > Playback.maximumDuration || summary.changes.count < playback.texts.count - 1 {
            throw .failure(
                "the animation would run \(summary.end + playback.tail) s, past the longest timeline of \(Int(Playback.maximumDuration)) s; use fewer texts or a shorter interval")
        }
    }
}
