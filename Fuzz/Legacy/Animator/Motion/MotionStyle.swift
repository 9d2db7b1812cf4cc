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

    /// The accepted stagger, fade and stagger spread, in seconds: up to a minute.
    public static let durationRange: ClosedRange<Double> = 0...60
    /// The accepted drift, in font sizes.
    public static let driftRange: ClosedRange<Double> = 0...100

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

    /// The presets, in the order they are documented.
    public static let presets: [MotionStyle] = [.snappy, .smooth, .bouncy]

    /// The preset with a name, if there is one.
    public static func preset(named name: String) -> MotionStyle? {
        presets.first { $0.name == name }
    }
}
