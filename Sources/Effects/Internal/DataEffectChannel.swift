import Analyzer
import Animator

/// One channel of an effect file's role: its name, the value it starts from
/// (entering), goes to (exiting) or moves by (persisting), in its unit, and its
/// own timing when it has one.
struct DataEffectChannel: Sendable {
    /// The channels a file names, and the glyph channels each one moves.
    enum Name: String, CaseIterable, Sendable {
        case x, y, scale, scaleX, scaleY, rotation, skew, opacity, blur, tint, strokeEnd, fill

        /// The glyph channels this name moves. (This and ``units`` are out of
        /// line: each is a switch that makes an array, read in several places.)
        @inline(never)
        var channels: [GlyphChannel] {
            switch self {
            case .x: [.x]
            case .y: [.y]
            case .scale: [.scaleX, .scaleY]
            case .scaleX: [.scaleX]
            case .scaleY: [.scaleY]
            case .rotation: [.rotation]
            case .skew: [.skew]
            case .opacity: [.opacity]
            case .blur: [.blur]
            case .tint: [.tintRed, .tintGreen, .tintBlue, .tintAlpha]
            case .strokeEnd: [.strokeEnd]
            case .fill: [.fill]
            }
        }

        /// Whether the value is added to the glyph's place (positions and angles)
        /// rather than being the channel's value (scale, opacity, blur, …).
        var isOffset: Bool {
            switch self {
            case .x, .y, .rotation, .skew: true
            default: false
            }
        }

        /// The units a value may be in, the default first.
        @inline(never)
        var units: [Unit] {
            switch self {
            case .x, .y, .blur: [.em, .pt]
            case .rotation, .skew: [.deg, .rad]
            default: [.none]
            }
        }

        /// The values accepted (in the default unit), so that no value reaches a frame as nonsense.
        var range: ClosedRange<Double> {
            switch self {
            case .x, .y: -1_000...1_000
            case .blur: 0...100
            case .scale, .scaleX, .scaleY: -100...100
            case .rotation, .skew: -36_000...36_000
            case .opacity, .strokeEnd, .fill: 0...1
            case .tint: 0...1
            }
        }
    }

    /// The unit of a channel's value.
    enum Unit: String, Sendable {
        /// Font sizes (the default for positions and blur).
        case em
        /// Points of the layout.
        case pt
        /// Degrees (the default for angles).
        case deg
        /// Radians.
        case rad
        /// A plain number (scale, opacity, stroke end, fill) or a colour (tint).
        case none
    }

    var name: Name
    /// The value in `unit`; for tint, the colour's red, green, blue and alpha.
    var value: [Double]
    var unit: Unit
    /// The channel's own curve; nil follows the role's.
    var timing: DataEffectTiming?

    /// Whether the channel has a curve of its own. (A pattern, not `timing !=
    /// nil`: the timing is Equatable, and that comparison compiled to the
    /// timing's whole equality.)
    var hasTiming: Bool {
        if case .some = timing { true } else { false }
    }

    /// Each glyph channel this moves, with the value in the engine's units
    /// (points, radians) for a font size.
    func targets(fontSize: Double) -> [(GlyphChannel, Double)] {
        if name == .tint { return zip(name.channels, value).map { ($0, $1) } }
        let factor: Double
        switch unit {
        case .em: factor = fontSize.isFinite ? fontSize : 16
        case .deg: factor = .pi / 180
        case .pt, .rad, .none: factor = 1
        }
        return name.channels.map { ($0, value[0] * factor) }
    }
}
