import Analyzer
import Animator

// Helpers shared by the built-in effects: parameter sanitising, curves that
// cannot fail, and the planner's stagger rule.

/// `x` when it is finite, else `fallback`, then clamped into `range`.
///
/// Effects' parameters are public variables, so they are sanitised where they
/// are read: a NaN or an absurd value never reaches a frame.
@inline(__always)
func sane(_ x: Double, _ fallback: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(x.isFinite ? x : fallback, range.lowerBound), range.upperBound)
}

/// A range with both ends sanitised and put in order.
func sane(_ r: ClosedRange<Double>, _ fallback: ClosedRange<Double>, _ bounds: ClosedRange<Double>) -> ClosedRange<Double> {
    let lo = sane(r.lowerBound, fallback.lowerBound, bounds)
    let hi = sane(r.upperBound, fallback.upperBound, bounds)
    return min(lo, hi)...max(lo, hi)
}

/// A Bézier built from constants known to be valid; `fallback` if they were not.
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, fallback: CubicBezier = .easeInOut) -> CubicBezier {
    (try? CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)) ?? fallback
}

extension TimingCurve {
    /// A keyframe curve; an instant change if the frames were unusable (they are
    /// built from sanitised numbers, so this is a guard, not a path).
    static func keyframesOrInstant(_ frames: [Keyframe]) -> TimingCurve {
        (try? TimingCurve.keyframes(frames)) ?? .instant
    }
}

/// The unit the effects size their motion by: the font size, or 16 pt when the
/// layout reports none.
func unit(fontSize: Double) -> Double {
    fontSize.isFinite && fontSize > 0 ? fontSize : 16
}

extension EffectContext {
    /// The unit the effects size their motion by (see `unit(fontSize:)`).
    var unit: Double { Effects.unit(fontSize: fontSize) }
}

extension TransitionContext {
    /// The unit the effects size their motion by (see `unit(fontSize:)`).
    var unit: Double { Effects.unit(fontSize: fontSize) }
}

/// Tracks that wash `color` over a glyph with strength `strength × curve`.
///
/// The colour rides on the same curve as the strength, as offsets from the
/// untinted white of `Tint.none`, so a glyph whose curve ends at 0 ends with
/// exactly `Tint.none`: the settled state is the plain resting state.
func tintTracks(_ color: Tint, strength: Double, curve: TimingCurve, timeOffset: Double = 0) -> [ChannelTrack] {
    guard strength > 0 else { return [] }
    var tracks: [ChannelTrack] = []
    let none = Tint.none
    for (channel, value, rest) in [
        (GlyphChannel.tintRed, color.red, none.red), (.tintGreen, color.green, none.green), (.tintBlue, color.blue, none.blue),
    ] where value != rest {
        tracks.append(ChannelTrack(channel: channel, amplitude: value - rest, curve: curve, timeOffset: timeOffset))
    }
    tracks.append(ChannelTrack(channel: .tintAlpha, amplitude: strength, curve: curve, timeOffset: timeOffset))
    return tracks
}
