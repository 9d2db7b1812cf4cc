import LegacyAnalyzer
import LegacyAnimator

/// Digits on a wheel: glyphs roll vertically, shrinking to 82 % and fading, in
/// the direction the number moves. Made for counters, prices and clocks with the
/// `.numeric` or `.replace` diff modes.
///
/// Counting up (`trend` +1), old glyphs roll up and out while new ones come in
/// from below; counting down (`trend` −1), the reverse. Leaving and arriving
/// glyphs ride the same spring, so a changed digit reads as one wheel turning.
///
/// Numbers (defaults): travel 0.9 × the line height (never less than 0.5 × the
/// font size: a wheel turns a whole slot, so the change-ratio drift is not used),
/// scale 0.82, a motion blur of 0.05 × the font size that clears as the glyph
/// settles, the style's spring for motion; an arriving glyph is faint (a quarter
/// opaque, ease-in) until about half-way in (1.6 / ω of the spring) and fully
/// visible 0.8 × `style.fade` later (ease-out); a leaving glyph fades out over
/// `style.fade` (ease-out), gone before it reaches the line above (among
/// several lines, before it has rolled half a line: it would stand on the next).
///
/// ```swift
/// let animator = GlyphAnimator(effect: .rolling)
/// let plan = animator.plan(from: "99", to: "100", layout: MonospaceLayout(), mode: .numeric())
/// ```
public struct RollingEffect: EffectBlueprint {
    /// How far glyphs roll, as a fraction of the glyph's line height.
    public var travel: Double
    /// The least distance they roll, as a fraction of the font size (for empty boxes and tight lines).
    public var minimumTravel: Double
    /// The scale glyphs roll in from and out to.
    public var shrink: Double
    /// The blur, as a fraction of the font size, of a glyph in full motion.
    public var motionBlur: Double

    /// A rolling effect; non-finite values fall back to the defaults when used.
    public init(travel: Double = 0.9, minimumTravel: Double = 0.5, shrink: Double = 0.82, motionBlur: Double = 0.05) {
        self.travel = travel
        self.minimumTravel = minimumTravel
        self.shrink = shrink
        self.motionBlur = motionBlur
    }

    public var name: String { "rolling" }
    public var summary: String { "Digits roll like a wheel: up when counting up, down when counting down; for counters." }
    public var cost: Double { 1 }

    /// The signed distance of the roll: negative (upwards) when counting up.
    private func roll(frame: Rect, context: EffectContext) -> Double {
        let line = frame.height.isFinite && frame.height > 0 ? frame.height : context.unit
        let distance = max(sane(travel, 0.9, 0...4) * line, sane(minimumTravel, 0.5, 0...4) * context.unit)
        return context.trend < 0 ? distance : -distance
    }

    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var start = GlyphState.resting(at: frame.center)
        // New glyphs come from the side the old ones leave away from.
        start.position.y -= roll(frame: frame, context: context)
        start.scale = sane(shrink, 0.82, 0...4)
        start.opacity = 0
        start.blur = sane(motionBlur, 0.05, 0...1) * context.unit
        // Faint until about half-way in (1.6 / ω for a critically damped spring), so
        // a digit rolling up from below never shows over the line beneath.
        let spring = context.style.spring
        let halfway = spring.naturalFrequency > 0 ? min(1.6 / spring.naturalFrequency, 2) : 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: start, to: .resting(at: frame.center),
            timing: .spring(spring),
            opacityTiming: .keyframesOrInstant([
                Keyframe(time: 0, value: 0),
                Keyframe(time: halfway, value: 0.25, curve: .easeIn),
                Keyframe(time: halfway + context.style.fade * 0.8, value: 1, curve: .easeOut),
            ]))
    }

    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var end = GlyphState.resting(at: frame.center)
        end.position.y += roll(frame: frame, context: context)
        end.scale = sane(shrink, 0.82, 0...4)
        end.opacity = 0
        end.blur = sane(motionBlur, 0.05, 0...1) * context.unit
        let timing = TimingCurve.spring(context.style.spring)
        var fade = context.style.fade
        // Half a line off its own, a glyph stands on the next line: among several
        // lines it is gone by then (with a fifth to spare), not only by the line beyond.
        let distance = abs(end.position.y - frame.center.y)
        if context.lineCount > 1, distance > 0, frame.height > 0,
            let reach = timing.firstTime(reaching: min(0.4 * frame.height / distance, 1))
        {
            fade = min(fade, reach)
        }
        return AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: frame.center), to: end, timing: timing,
            opacityTiming: .bezier(.easeOut, duration: fade))
    }
}
