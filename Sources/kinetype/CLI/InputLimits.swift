import Animator

/// How much input the command line takes before it refuses, so that every
/// command stays well under 512 MB of memory or says no before starting.
///
/// Each limit has a default and an environment variable that raises (or
/// lowers) it; `--max-glyphs` sets the glyph limit for one command. The
/// defaults and what each costs are in docs/limits.md.
struct InputLimits: Sendable {
    /// Bytes of one text (from the command line, standard input or a file).
    var textBytes: Int
    /// Glyphs of one text for the commands that animate it (plan, frames, render, play).
    var glyphs: Int
    /// Frames one command samples.
    var frames: Int
    /// Sprite samples (frames × live sprites) the formats that need the whole
    /// timeline at once (SVG, HTML, Lottie, a still) may hold.
    var samples: Int
    /// Megapixels a WebP may draw and encode (its pictures × the canvas): what
    /// its time grows with, bounded so that one takes about 30 s at most.
    var webpMegapixels: Int

    static let defaults = InputLimits(
        textBytes: 4 << 20, glyphs: 20_000, frames: 36_000, samples: 1_000_000, webpMegapixels: 1_000)

    /// The environment variables, in the order docs/limits.md lists them.
    static let variables = [
        "KINETYPE_MAX_TEXT_BYTES", "KINETYPE_MAX_GLYPHS", "KINETYPE_MAX_FRAMES", "KINETYPE_MAX_SAMPLES",
        "KINETYPE_MAX_WEBP_MEGAPIXELS",
    ]

    private mutating func set(_ variable: String, _ value: Int) {
        switch variable {
        case "KINETYPE_MAX_TEXT_BYTES": textBytes = value
        case "KINETYPE_MAX_GLYPHS": glyphs = value
        case "KINETYPE_MAX_FRAMES": frames = value
        case "KINETYPE_MAX_WEBP_MEGAPIXELS": webpMegapixels = value
        default: samples = value
        }
    }

    /// The largest value any limit can be raised to: past it, memory is no longer bounded by 512 MB
    /// for the kinds of work that limit guards (see docs/limits.md), so raising is at the user's risk
    /// and still bounded.
    static let ceiling = 1 << 40

    /// The defaults, with the environment's overrides and `--max-glyphs`.
    static func current(_ arguments: ParsedArguments? = nil) throws(CommandLineError) -> InputLimits {
        var limits = defaults
        for variable in variables {
            guard let text = environmentValue(variable) else { continue }
            guard let value = Int(text), value >= 1, value <= ceiling else {
                throw .usage("invalid value '\(TerminalEscape.escaped(text))' for \(variable): expected a whole number from 1 to \(ceiling)")
            }
            limits.set(variable, value)
        }
        if let arguments, let glyphs = try arguments.integer("max-glyphs", in: 1...ceiling, unit: "glyphs") {
            limits.glyphs = glyphs
        }
        return limits
    }

    /// The error for input over a limit, saying how to raise it.
    /// `count` is how many there are, nil when counting stopped past the limit.
    static func exceeded(_ what: String, count: Int?, limit: Int, variable: String, option: String? = nil) -> CommandLineError {
        let raise = option.map { "\($0) N or \(variable)=N" } ?? "\(variable)=N"
        let over = count.map { "\(what) (\($0)) is over the limit of \(limit)" } ?? "\(what) are more than the limit of \(limit)"
        return .failure("\(over); raise it with \(raise) (see docs/limits.md)")
    }
}
