import Analyzer
import Animator
import Director
import Effects
import Typesetter

/// The options shared by `plan`, `frames` and `render`: which effect, style and
/// diff mode, which font, the seed, reduced motion, and for timelines the
/// interval between texts and the frame rate.
struct TimelineOptions {
    var effect: any EffectBlueprint
    var style: MotionStyle
    var mode: DiffMode
    var modeName: String
    var preference: MotionPreference
    var seed: UInt64
    var layout: any GlyphLayout
    var interval: Double?
    var fps: Double

    /// The options that shape motion and layout.
    static let motionSpecs: [OptionSpec] = [
        .value("effect", placeholder: "NAME", help: "The effect (default scale; see 'kinetype effects')."),
        .value("style", placeholder: "PRESET", help: "Motion style: snappy, smooth or bouncy (default snappy)."),
        .value("mode", placeholder: "M", help: "Diff mode: morph, replace or numeric (default morph)."),
        .value("decimal", placeholder: "SEP", help: "Decimal separator for numeric mode (default \".\")."),
        .value("font", placeholder: "FAMILY|PATH", help: "Font family or file (default \"DejaVu Sans\")."),
        .value("size", placeholder: "PT", help: "Font size in points (default 32)."),
        .flag("reduce-motion", help: "Reduced motion: a 0.1 s cross-fade, nothing moves."),
        .value("seed", placeholder: "N", help: "Seed of every random choice (default 0)."),
    ]

    /// The options of a timeline of several texts.
    static let playbackSpecs: [OptionSpec] = [
        .value("interval", placeholder: "S", help: "Seconds between texts (default: when the previous has settled)."),
        .value("fps", placeholder: "N", help: "Frames per second (default 60)."),
    ]

    static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> TimelineOptions {
        let effectName = arguments.value("effect") ?? "scale"
        let effect: any EffectBlueprint
        do {
            effect = try EffectRegistry.standard.effect(named: effectName)
        } catch {
            throw .usage(error.message)
        }
        let styleName = arguments.value("style") ?? "snappy"
        guard let style = MotionStyle.preset(named: styleName) else {
            throw .invalidValue(styleName, option: "style", expected: MotionStyle.presets.map(\.name).joined(separator: ", "))
        }
        let (mode, modeName) = try parseMode(arguments)
        let seed = try arguments.value("seed", expected: "a whole number from 0 to \(UInt64.max)") { UInt64($0) } ?? 0
        let size = try arguments.value("size", expected: "a positive number of points") { text -> Double? in
            guard let value = Double(text), value.isFinite, value > 0 else { return nil }
            return value
        } ?? 32
        let font = FontSource(parsing: arguments.value("font") ?? "DejaVu Sans")
        let layout: FontLayout
        do {
            layout = try FontLayout(font: font, size: size)
        } catch {
            throw .usage(error.message)
        }
        let interval = try arguments.value("interval", expected: "a positive number of seconds") { text -> Double? in
            guard let value = Double(text), value.isFinite, value > 0 else { return nil }
            return value
        }
        let fps = try arguments.value("fps", expected: "a number of frames per second in (0, 1000]") { text -> Double? in
            guard let value = Double(text), value.isFinite, value > 0, value <= Playback.maximumFPS else { return nil }
            return value
        } ?? 60
        return TimelineOptions(
            effect: effect, style: style, mode: mode, modeName: modeName,
            preference: arguments.flag("reduce-motion") ? .reduceMotion : .system, seed: seed, layout: layout,
            interval: interval, fps: fps)
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
        default: throw .invalidValue(name, option: "mode", expected: "morph, replace or numeric")
        }
        if separator != nil, name != "numeric" {
            throw .usage("--decimal applies only to --mode numeric")
        }
        return (mode, name)
    }

    /// A Director showing `text` at rest with these options.
    func director(showing text: String) -> TransitionDirector {
        TransitionDirector(
            text: text, layout: layout, effect: effect, style: style, mode: mode, preference: preference, seed: seed)
    }

    /// The playback of `texts` with these options.
    func playback(_ texts: [String], tail: Double = 0) throws(CommandLineError) -> Playback {
        do {
            return try Playback(texts: texts, interval: interval, fps: fps, tail: tail)
        } catch {
            throw .usage(error.message)
        }
    }
}
