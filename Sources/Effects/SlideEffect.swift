import Analyzer
import Animator

/// Glyphs slide horizontally with the reading direction and fade: new glyphs
/// arrive from the trailing side, leaving glyphs go toward the leading side, so
/// the change reads as text moving on.
///
/// The direction follows reading order, not where the change is: in the engine's
/// left-to-right layouts every entering glyph comes in from the right and every
/// exiting glyph leaves to the left. With `followsTrend`, a change with `trend`
/// −1 (a number going down, a pager going back) slides the other way.
///
/// Numbers (defaults): distance = max(1.6 × the context's drift, 0.3 × the font
/// size), which is 0.56 em for a whole-word change in morph mode and never less
/// than 0.3 em; glyphs lean 0.1 rad (≈ 6°) into the motion and straighten as they
/// land; entering glyphs move on the style's spring, reach a quarter of their
/// opacity (ease-in) when about two thirds of the way in (2.2 / ω of the
/// spring) and are fully visible 0.8 × `style.fade` later (ease-out), so they
/// are faint while they pass over their trailing neighbour; exiting glyphs
/// accelerate away over 2 × `style.fade` (ease-in) and fade out over
/// 1.2 × `style.fade` (ease-out), faint before they have moved far.
///
/// ```swift
/// let animator = GlyphAnimator(effect: SlideEffect(followsTrend: true))
/// ```
public struct SlideEffect: EffectBlueprint {
    /// The slide distance as a multiple of the context's drift.
    public var driftMultiplier: Double
    /// The least slide distance, as a fraction of the font size.
    public var minimumTravel: Double
    /// The skew, in radians, with which a moving glyph leans into its motion.
    public var lean: Double
    /// Whether a change with `trend` −1 slides the other way.
    public var followsTrend: Bool

    /// A slide; non-finite values fall back to the defaults when used.
    public init(driftMultiplier: Double = 1.6, minimumTravel: Double = 0.3, lean: Double = 0.1, followsTrend: Bool = false) {
        self.driftMultiplier = driftMultiplier
        self.minimumTravel = minimumTravel
        self.lean = lean
        self.followsTrend = followsTrend
    }

    public var name: String { "slide" }
    public var summary: String { "New glyphs slide in from the trailing side and fade in; leaving ones slide out toward the leading side." }
    public var cost: Double { 1 }

    /// The motion's direction along x: −1 (towards the leading side, leftwards) in reading order.
    private func direction(_ context: TransitionContext) -> Double {
        followsTrend && context.trend < 0 ? 1 : -1
    }

    private func distance(_ context: TransitionContext) -> Double {
        let drift = context.drift.isFinite ? abs(context.drift) : 0
        return max(sane(driftMultiplier, 1.6, 0...20) * drift, sane(minimumTravel, 0.3, 0...4) * context.unit)
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        let dir = direction(context)
        var start = GlyphState()
        start.position.x = -(dir * distance(context))
        // Positive skew leans the top right; lean into the motion.
        start.skew = dir * sane(lean, 0.1, -0.6...0.6)
        start.opacity = 0
        // Faint while it slides over its trailing neighbour: clearly visible only once
        // about two thirds of the way in (2.2 / ω is when a critically damped
        // spring gets there; lighter damping gets there sooner).
        let spring = context.style.spring
        let near = spring.naturalFrequency > 0 ? min(2.2 / spring.naturalFrequency, 2) : 0
        let fade = context.style.fade
        return RoleTemplate(
            from: start, timing: .spring(spring),
            opacityTiming: .keyframesOrInstant([
                Keyframe(time: 0, value: 0),
                Keyframe(time: near, value: 0.25, curve: .easeIn),
                Keyframe(time: near + fade * 0.8, value: 1, curve: .easeOut),
            ]))
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        let dir = direction(context)
        var end = GlyphState()
        end.position.x = dir * distance(context)
        end.skew = dir * sane(lean, 0.1, -0.6...0.6)
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(.easeIn, duration: context.style.fade * 2),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade * 1.2))
    }
}
