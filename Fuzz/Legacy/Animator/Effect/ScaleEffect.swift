import LegacyAnalyzer

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

    // Inlined into the planner's loop, which plans this effect with direct calls
    // (see `TransitionPlanner`): a call copies the context and the descriptor once more.
    @inline(__always)
    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var start = GlyphState.resting(at: frame.center)
        start.scale = shrink
        start.opacity = 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: start, to: .resting(at: frame.center),
            timing: .spring(context.style.spring),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade))
    }

    @inline(__always)
    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var end = GlyphState.resting(at: frame.center)
        end.scale = shrink
        end.opacity = 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: frame.center), to: end,
            timing: .bezier(.easeOut, duration: context.style.fade * 1.5),
            opacityTiming: .bezier(.easeIn, duration: context.style.fade))
    }
}
