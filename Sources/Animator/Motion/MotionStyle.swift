/// The feel of a transition: the spring that moves glyphs, the stagger between
/// them, how long fades take and how far glyphs drift.
///
/// | preset | stiffness | damping | stagger | fade |
/// |---|---|---|---|---|
/// | `snappy` (default) | 350 | 30 | 0.035 s | 0.15 s |
/// | `smooth` | 170 | 26 | 0.05 s | 0.2 s |
/// | `bouncy` | 300 | 22 | 0.04 s | 0.18 s |
public struct MotionStyle: Hashable, Sendable {
    /// The preset's name, or the name given to a custom style.
    public var name: String
    /// The spring that moves glyphs (mass 1 in the presets).
    public var spring: Spring
    /// Seconds between the starts of successive glyphs.
    public var stagger: Double
    /// Seconds an opacity fade takes.
    public var fade: Double
    /// How far entering and leaving glyphs travel, as a fraction of the font size
    /// (the planner scales it by the change ratio in morph mode).
    public var drift: Double
    /// The longest total stagger of one transition, in seconds: long texts share
    /// it rather than taking forever to appear.
    public var maximumStaggerSpread: Double

    /// Creates a style.
    ///
    /// - Throws: `TimingError` when a duration is negative or not finite.
    public init(
        name: String, spring: Spring, stagger: Double, fade: Double, drift: Double = 0.35,
        maximumStaggerSpread: Double = 0.6
    ) throws(TimingError) {
        for (label, value) in [("stagger", stagger), ("fade", fade), ("drift", drift), ("stagger spread", maximumStaggerSpread)] {
            guard value.isFinite, value >= 0 else {
                throw TimingError(.invalidDuration, "motion style \(label) must be a non-negative number (got \(value))")
            }
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
