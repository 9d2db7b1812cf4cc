import Analyzer
import Animator

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

    /// The signed distance of the roll for a glyph box `height` high: negative (upwards) when counting up.
    private func roll(height: Double, unit: Double, trend: Int) -> Double {
        let line = height.isFinite && height > 0 ? height : unit
        let distance = max(sane(travel, 0.9, 0...4) * line, sane(minimumTravel, 0.5, 0...4) * unit)
        return trend < 0 ? distance : -distance
    }

    /// The template for glyphs whose boxes are `height` high.
    private func template(_ context: TransitionContext, height: Double) -> RoleTemplate {
        let roll = roll(height: height, unit: context.unit, trend: context.trend)
        var moved = GlyphState()
        moved.scale = sane(shrink, 0.82, 0...4)
        moved.opacity = 0
        moved.blur = sane(motionBlur, 0.05, 0...1) * context.unit
        let spring = context.style.spring
        guard context.role == .exiting else {
            // New glyphs come from the side the old ones leave away from.
            moved.position.y = -roll
            // Faint until about half-way in (1.6 / ω for a critically damped spring), so
            // a digit rolling up from below never shows over the line beneath.
            let halfway = spring.naturalFrequency > 0 ? min(1.6 / spring.naturalFrequency, 2) : 0
            return RoleTemplate(
                from: moved, timing: .spring(spring),
                opacityTiming: .keyframesOrInstant([
                    Keyframe(time: 0, value: 0),
                    Keyframe(time: halfway, value: 0.25, curve: .easeIn),
                    Keyframe(time: halfway + context.style.fade * 0.8, value: 1, curve: .easeOut),
                ]), variesPerGlyph: true)
        }
        moved.position.y = roll
        let timing = TimingCurve.spring(spring)
        var fade = context.style.fade
        // Half a line off its own, a glyph stands on the next line: among several
        // lines it is gone by then (with a fifth to spare), not only by the line beyond.
        let distance = abs(roll)
        if context.lineCount > 1, distance > 0, height > 0,
            let reach = timing.firstTime(reaching: min(0.4 * height / distance, 1))
        {
            fade = min(fade, reach)
        }
        return RoleTemplate(
            to: moved, timing: timing, opacityTiming: .bezier(.easeOut, duration: fade), variesPerGlyph: true)
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        template(context, height: context.lineHeight)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        template(context, height: context.lineHeight)
    }

    /// A glyph whose box is not a line high rolls by its own height.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        let height = context.frame.height
        guard height.bitPattern != context.lineHeight.bitPattern else { return }
        glyph.motion = template(TransitionContext(context), height: height)
        glyph.motion?.variesPerGlyph = false
    }
}
