/// Whether transitions animate: the user's reduced-motion setting, or a choice made for them.
public enum MotionPreference: String, Hashable, Sendable, CaseIterable {
    /// Follow the system: reduced motion when the environment asks for it
    /// (`KINETYPE_REDUCE_MOTION=1`).
    case system
    /// Animate fully whatever the system says.
    case alwaysAnimate
    /// Always reduce motion: for apps that read the platform's setting themselves
    /// (on Apple platforms, `UIAccessibility.isReduceMotionEnabled`) and pass it on.
    case reduceMotion
    /// Never animate: every change is an instant swap.
    case neverAnimate

    /// The motion this preference gives on this machine now.
    public func resolved() -> ResolvedMotion {
        switch self {
        case .alwaysAnimate: .full
        case .reduceMotion: .reduced
        case .neverAnimate: .none
        case .system: Self.systemMotion(reduceMotionSetting: environmentValue("KINETYPE_REDUCE_MOTION"))
        }
    }

    /// The system's motion given the value of `KINETYPE_REDUCE_MOTION` (nil when unset).
    package static func systemMotion(reduceMotionSetting value: String?) -> ResolvedMotion {
        value == "1" ? .reduced : .full
    }
}

/// The motion a transition is planned with, after the preference is resolved.
public enum ResolvedMotion: String, Hashable, Sendable {
    /// The effect's full motion.
    case full
    /// A 0.1 s opacity cross-fade: nothing moves, nothing sparkles.
    case reduced
    /// An instant swap.
    case none
}

extension ResolvedMotion {
    /// How long reduced motion's cross-fades and blends take, in seconds.
    public static let reducedDuration = 0.1

    /// The curve and delay a change takes under this motion: as asked when full;
    /// a linear blend over `reducedDuration` without delay when reduced; an
    /// instant change when none. The one rule for controls; glyphs follow it
    /// through the cross-fade effect.
    package func adjusted(_ timing: TimingCurve, delay: Double) -> (timing: TimingCurve, delay: Double) {
        switch self {
        case .full: (timing, delay)
        case .reduced: (.linear(duration: Self.reducedDuration), 0)
        case .none: (.instant, 0)
        }
    }
}
