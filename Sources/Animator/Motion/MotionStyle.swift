/// The feel of a transition: the spring that moves glyphs, the stagger between
/// them, how long fades take and how far glyphs drift.
///
/// | preset | stiffness | damping | stagger | fade |
/// |---|---|---|---|---|
/// | `snappy` (default) | 350 | 30 | 0.035 s | 0.15 s |
/// | `smooth` | 170 | 26 | 0.05 s | 0.2 s |
/// | `bouncy` | 300 | 22 | 0.04 s | 0.18 s |
///
/// The numbers are checked when a style is made (`init` throws) and cannot be
/// changed afterwards, so every style the planner sees is within the ranges below.
public struct MotionStyle: Hashable, Sendable {
    /// The preset's name, or the name given to a custom style.
    public var name: String
    /// The spring that moves glyphs (mass 1 in the presets).
    public var spring: Spring
    /// Seconds between the starts of successive glyphs, in ``durationRange``.
    public private(set) var stagger: Double
    /// Seconds an opacity fade takes, in ``durationRange``.
    public private(set) var fade: Double
    /// How far entering and leaving glyphs travel, as a fraction of the font size
    /// (the planner scales it by the change ratio in morph mode), in ``driftRange``.
    public private(set) var drift: Double
    /// The longest total stagger of one transition, in seconds: long texts share
    /// it rather than taking forever to appear. In ``durationRange``.
    public private(set) var maximumStaggerSpread: Double

    /// Seconds a text transition takes to settle, when set: the Director plays
    /// the planned transition (stagger, springs, fades, tracks and particles
    /// alike) faster or slower so that it settles then. `nil` (the default)
    /// plays it as planned. In ``retimingRange``.
    public private(set) var duration: Double?
    /// How fast the Director plays a planned transition: 2 twice as fast, 0.5
    /// at half speed; 1 (the default) as planned. `duration`, when set, wins.
    /// In ``speedRange``.
    public private(set) var speed: Double = 1

    /// The accepted stagger, fade and stagger spread, in seconds: up to a minute.
    public static let durationRange: ClosedRange<Double> = 0...60
    /// The accepted drift, in font sizes.
    public static let driftRange: ClosedRange<Double> = 0...100
    /// The accepted ``duration``, in seconds: from a hundredth of a second to a minute.
    public static let retimingRange: ClosedRange<Double> = 0.01...60
    /// The accepted ``speed``: from a twentieth to twenty times as fast.
    public static let speedRange: ClosedRange<Double> = 0.05...20

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - name: a name for inspectors and logs.
    ///   - spring: the spring that moves glyphs (checked when it was made).
    ///   - stagger: seconds between successive glyphs' starts, in ``durationRange`` (0…60).
    ///   - fade: seconds an opacity fade takes, in ``durationRange``.
    ///   - drift: how far glyphs travel in and out, in font sizes, in ``driftRange`` (0…100).
    ///   - maximumStaggerSpread: the longest total stagger, in ``durationRange``.
    /// - Throws: `TimingError` naming the first number outside its range, its value and the range.
    public init(
        name: String, spring: Spring, stagger: Double, fade: Double, drift: Double = 0.35,
        maximumStaggerSpread: Double = 0.6
    ) throws(TimingError) {
        for (label, value, range) in [
            ("stagger", stagger, Self.durationRange), ("fade", fade, Self.durationRange), ("drift", drift, Self.driftRange),
            ("stagger spread", maximumStaggerSpread, Self.durationRange),
        ] where !range.contains(value) {
            let unit = range == Self.driftRange ? "font sizes" : "seconds"
            throw TimingError(
                .invalidDuration,
                "motion style \(label) \(NumberFormat.short(value)) is out of range; use \(unit) in \(NumberFormat.short(range))")
        }
        self.name = name
        self.spring = spring
        self.stagger = stagger
        self.fade = fade
        self.drift = drift
        self.maximumStaggerSpread = maximumStaggerSpread
    }

    private init(preset name: String, stiffness: Double, damping: Double, stagger: Double, fade: Double) {
        self.name = name
        spring = Spring(unchecked: 1, stiffness, damping, 0)
        self.stagger = stagger
        self.fade = fade
        drift = 0.35
        maximumStaggerSpread = 0.6
    }

    /// Quick and crisp, no visible overshoot. The default.
    public static let snappy = MotionStyle(preset: "snappy", stiffness: 350, damping: 30, stagger: 0.035, fade: 0.15)
    /// Gentle and unhurried.
    public static let smooth = MotionStyle(preset: "smooth", stiffness: 170, damping: 26, stagger: 0.05, fade: 0.2)
    /// Lively, with a visible overshoot.
    public static let bouncy = MotionStyle(preset: "bouncy", stiffness: 300, damping: 22, stagger: 0.04, fade: 0.18)

    /// This style, with text transitions retimed to settle `duration` seconds
    /// after they start (`nil`: as planned).
    ///
    /// Looping effects and reduced motion's cross-fade keep their own time.
    ///
    /// - Throws: `TimingError` when `duration` is outside ``retimingRange``.
    public func retimed(toSettleIn duration: Double?) throws(TimingError) -> MotionStyle {
        if let duration, !Self.retimingRange.contains(duration) {
            throw TimingError(
                .invalidDuration,
                "transition duration \(NumberFormat.short(duration)) is out of range; use seconds in \(NumberFormat.short(Self.retimingRange))")
        }
        var style = self
        style.duration = duration
        return style
    }

    /// This style, with text transitions played `speed` times as fast as planned.
    ///
    /// - Throws: `TimingError` when `speed` is outside ``speedRange``.
    public func playing(atSpeed speed: Double) throws(TimingError) -> MotionStyle {
        guard Self.speedRange.contains(speed) else {
            throw TimingError(
                .invalidDuration,
                "speed \(NumberFormat.short(speed)) is out of range; use a factor in \(NumberFormat.short(Self.speedRange))")
        }
        var style = self
        style.speed = speed
        return style
    }

    /// How many planned seconds the Director plays per second of `plan`: 1 as
    /// planned. Looping effects and reduced motion keep their own time.
    package func playbackRate(of plan: TransitionPlan) -> Double {
        plan.motion == .full ? playbackRate(ofDuration: plan.duration, looping: plan.isLooping) : 1
    }

    /// `playbackRate(of:)` for a plan in full motion that lasts `plannedDuration`.
    package func playbackRate(ofDuration plannedDuration: Double, looping: Bool) -> Double {
        guard !looping, plannedDuration.isFinite, plannedDuration > 0 else { return 1 }
        if let duration { return plannedDuration / duration }
        return speed
    }

    /// The presets, in the order they are documented.
    public static let presets: [MotionStyle] = [.snappy, .smooth, .bouncy]

    /// The preset with a name, if there is one.
    public static func preset(named name: String) -> MotionStyle? {
        presets.first { $0.name == name }
    }
}
