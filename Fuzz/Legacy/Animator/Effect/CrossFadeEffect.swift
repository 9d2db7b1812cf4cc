import LegacyAnalyzer

/// The reduced-motion effect: a short opacity cross-fade where nothing moves.
///
/// Entering glyphs fade in where they will rest over the whole duration, slowly
/// at first (ease-in), exiting glyphs fade out where they are over its first
/// 40 % (so a place is clear, below opacity 0.2, before the glyph arriving there
/// can be read, with no wait beyond the duration), and persisting glyphs
/// take their new places at once. The planner
/// uses it whenever motion is reduced; the Effects module registers it as `minimal`.
public struct CrossFadeEffect: EffectBlueprint {
    /// Seconds the cross-fade takes.
    public var duration: Double

    public init(duration: Double = ResolvedMotion.reducedDuration) {
        self.duration = duration.isFinite ? max(duration, 0) : ResolvedMotion.reducedDuration
    }

    public var name: String { "minimal" }
    public var summary: String { "A 0.1 s opacity cross-fade; nothing moves (the reduced-motion effect)." }
    public var cost: Double { 0.5 }
    /// Nothing moves: a shared glyph that changes place fades out and in again.
    public var choreography: Choreography { Choreography(allowsMoves: false) }

    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var start = GlyphState.resting(at: frame.center)
        start.opacity = 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: start, to: .resting(at: frame.center), timing: .bezier(.easeIn, duration: duration))
    }

    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var end = GlyphState.resting(at: frame.center)
        end.opacity = 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: frame.center), to: end, timing: .linear(duration: 0.4 * duration))
    }

    public func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor {
        AnimationDescriptor(symbol: glyph.symbol, from: .resting(at: to.center), to: .resting(at: to.center), timing: .instant)
    }
}
