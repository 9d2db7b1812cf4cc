import Analyzer
import Animator

/// The curve of a role or a channel in an effect file.
enum DataEffectTiming: Hashable, Sendable {
    /// The motion style's: its spring for transform channels, its fade for the others.
    case style
    /// A spring of its own (mass, stiffness, damping).
    case spring(Spring)
    /// A cubic Bézier over a duration in seconds.
    case bezier(CubicBezier, duration: Double)
    /// Keyframes of progress (0 the start value, 1 the end value) at seconds from the glyph's start.
    case keyframes([Keyframe])

    /// A persisting channel's default: out in 0.15 s and back in 0.15 s, easing both ways.
    static let outAndBack = DataEffectTiming.bezier(.easeInOut, duration: 0.3)

    /// The curve from the start value to the end value. Out of line: a
    /// role's template asks for four curves, and each was a copy of this switch.
    @inline(never)
    func curve(style: MotionStyle, transform: Bool, role: SpriteRole) -> TimingCurve {
        switch self {
        case .style:
            return transform ? .spring(style.spring) : .bezier(role == .exiting ? .easeIn : .easeOut, duration: style.fade)
        case .spring(let spring): return .spring(spring)
        case .bezier(let curve, let duration): return .bezier(curve, duration: duration)
        case .keyframes(let frames): return (try? .keyframes(frames)) ?? .instant
        }
    }

    /// A persisting glyph's excursion: keyframes as they are (they end at 0, the
    /// reader checks), a curve out to the amount and back over its duration.
    @inline(never)
    func excursion(style: MotionStyle) -> TimingCurve {
        switch self {
        case .keyframes(let frames): return (try? .keyframes(frames)) ?? .instant
        case .bezier(let curve, let duration): return TimingCurve.bezier(curve, duration: duration / 2).repeating(.times(2), autoreverse: true)
        case .style, .spring: return TimingCurve.bezier(.easeInOut, duration: style.fade).repeating(.times(2), autoreverse: true)
        }
    }
}
