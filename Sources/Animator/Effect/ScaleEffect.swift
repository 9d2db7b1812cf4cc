import Analyzer

/// The default effect, clean and minimal: exiting glyphs shrink to 0.82 and fade
/// out, entering glyphs grow from 0.82 and fade in, persisting glyphs glide on
/// the style's spring.
///
/// It lives in the Animator so the planner and the Director have a default
/// without depending on the Effects module, which registers it as `scale`.
public struct ScaleEffect: EffectBlueprint {
    /// The scale glyphs enter from and exit to.
    public var shrink: Double

    public init(shrink: Double = 0.82) {
        self.shrink = shrink.isFinite ? min(max(shrink, 0), 4) : 0.82
    }

    public var name: String { "scale" }
    public var summary: String { "Glyphs grow in from 82 % and fade; leaving ones shrink and fade. The default." }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.scale = shrink
        start.opacity = 0
        return RoleTemplate(
            from: start, timing: .spring(context.style.spring),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade))
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.scale = shrink
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(.easeOut, duration: context.style.fade * 1.5),
            opacityTiming: .bezier(.easeIn, duration: context.style.fade))
    }
}
