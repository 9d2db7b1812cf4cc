import Analyzer
import Animator

/// Digits on a wheel: glyphs roll vertically inside their line, like an
/// odometer, shrinking to 82 % on the way, in the direction the number moves.
/// Made for counters, prices and clocks with the `.numeric` or `.replace` diff modes.
///
/// Counting up (`trend` +1), old glyphs roll up and out while new ones come in
/// from below; counting down (`trend` −1), the reverse. Leaving and arriving
/// glyphs ride the same spring, so a changed digit reads as one wheel turning.
///
/// The wheel shows through its line's box: a rolling glyph fades by how far
/// its box stands outside the box of its line, gone `windowEdge` of a line
/// height out. Its opacity rides the same spring as its position, so what a
/// frame shows never depends on the renderer (PNG, SVG, Lottie and video all
/// draw the same faded digit, no clip path needed), and an arriving digit is
/// never seen over the line beneath nor a leaving one over the line above.
///
/// Numbers (defaults): travel 0.9 × the line height (never less than 0.5 × the
/// font size: a wheel turns a whole slot, so the change-ratio drift is not
/// used), scale 0.82, a window edge of 0.25 × the line height, a motion blur of
/// 0.05 × the font size that clears as the glyph settles, the style's spring
/// for motion and fade.
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
    /// How far outside its line's box a rolling glyph's box may stand before it
    /// is gone, as a fraction of the line height: the soft edge of the wheel's window.
    public var windowEdge: Double

    /// A rolling effect; non-finite values fall back to the defaults when used.
    public init(
        travel: Double = 0.9, minimumTravel: Double = 0.5, shrink: Double = 0.82, motionBlur: Double = 0.05,
        windowEdge: Double = 0.25
    ) {
        self.travel = travel
        self.minimumTravel = minimumTravel
        self.shrink = shrink
        self.motionBlur = motionBlur
        self.windowEdge = windowEdge
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
    ///
    /// A glyph a share u of the way from rest (u = 1 − the spring's progress)
    /// stands u·|roll| off its place at scale 1 − (1 − shrink)·u, so its box
    /// reaches u·(|roll| − (1 − shrink)·height/2) outside the line's: its
    /// opacity, 1 − k·u on the same spring with k that distance over the
    /// window's edge, is that of a glyph fading as it leaves the window.
    private func template(_ context: TransitionContext, height: Double) -> RoleTemplate {
        let roll = roll(height: height, unit: context.unit, trend: context.trend)
        let scale = sane(shrink, 0.82, 0...4)
        let line = context.lineHeight.isFinite && context.lineHeight > 0 ? context.lineHeight : context.unit
        let box = height.isFinite && height > 0 ? height : line
        let outside = abs(roll) - (1 - scale) * box / 2
        let edge = sane(windowEdge, 0.25, 0.01...4) * line
        // At least 1: a leaving glyph is gone by the end of its roll.
        let k = max(outside / edge, 1)
        var moved = GlyphState()
        moved.scale = scale
        moved.opacity = 1 - k
        moved.blur = sane(motionBlur, 0.05, 0...1) * context.unit
        let timing = TimingCurve.spring(context.style.spring)
        guard context.role == .exiting else {
            // New glyphs come from the side the old ones leave away from.
            moved.position.y = -roll
            return RoleTemplate(from: moved, timing: timing, opacityTiming: timing, variesPerGlyph: true)
        }
        moved.position.y = roll
        return RoleTemplate(to: moved, timing: timing, opacityTiming: timing, variesPerGlyph: true)
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
