import Analyzer

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

    public func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.opacity = 0
        return RoleTemplate(from: start, timing: .bezier(.easeIn, duration: duration))
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.opacity = 0
        return RoleTemplate(to: end, timing: .linear(duration: 0.4 * duration))
    }

    /// A persisting glyph takes its new place at once.
    public func persisting(in context: TransitionContext) -> RoleTemplate {
        var template = RoleTemplate(timing: .instant)
        template.startsAtNewPlace = true
        return template
    }
}
