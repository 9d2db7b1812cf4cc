import Analyzer
import Animator

/// Fog: glyphs condense out of a soft blur, drifting slightly upward as they
/// clear; leaving glyphs dissolve into blur and drift up and away.
///
/// Opacity and blur share one keyframe curve (the appearance channels follow
/// `opacityTiming`), so the blur clears exactly as the glyph thickens.
///
/// Numbers (defaults):
/// - entering, over 0.4 s (a label reads within 0.9 s): opacity 0 → 0.35 (at 25 %, ease-out) → 0.8 (at 60 %,
///   ease-in-out) → 1 (ease-out); blur 0.4 × the font size (8 px at 20 pt) → 0;
///   a rise of 0.2 × the font size and a scale of 1.05 → 1 on the Bézier
///   (0.2, 0.6, 0.35, 1);
/// - leaving, over 0.3 s: opacity 1 → 0.65 (at 15 %, ease-out) → 0.2 (at 45 %) → 0;
///   blur 0 → 1.25 × the entering blur; a drift of 0.35 × the font size upward
///   and a scale to 1.08 (ease-out);
/// - persisting glyphs glide over 0.45 s on the Bézier (0.45, 0, 0.2, 1).
///
/// ```swift
/// let animator = GlyphAnimator(effect: .mist, style: .smooth)
/// ```
public struct MistEffect: EffectBlueprint {
    /// Seconds a glyph takes to condense out of the fog.
    public var fadeInDuration: Double
    /// Seconds a leaving glyph takes to dissolve.
    public var fadeOutDuration: Double
    /// The blur of a glyph still in the fog, as a fraction of the font size.
    public var blur: Double
    /// How far entering glyphs drift up into place, as a fraction of the font size.
    public var rise: Double
    /// How far leaving glyphs drift up and away, as a fraction of the font size.
    public var departure: Double
    /// Seconds persisting glyphs take to glide to their new places.
    public var glideDuration: Double

    /// A mist; non-finite values fall back to the defaults and extremes are clamped when used.
    public init(
        fadeInDuration: Double = 0.4, fadeOutDuration: Double = 0.3, blur: Double = 0.4, rise: Double = 0.2,
        departure: Double = 0.35, glideDuration: Double = 0.45
    ) {
        self.fadeInDuration = fadeInDuration
        self.fadeOutDuration = fadeOutDuration
        self.blur = blur
        self.rise = rise
        self.departure = departure
        self.glideDuration = glideDuration
    }

    public var name: String { "mist" }
    public var summary: String { "Glyphs condense out of a soft fog; leaving ones dissolve into blur and drift up." }
    /// Blur is the expensive part for renderers.
    public var cost: Double { 1.5 }

    static let settle = bezier(0.2, 0.6, 0.35, 1)
    static let glide = bezier(0.45, 0, 0.2, 1)

    private func blurRadius(_ unit: Double) -> Double {
        sane(blur, 0.4, 0...4) * unit
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        let d = sane(fadeInDuration, 0.4, 0.05...10)
        var start = GlyphState()
        start.position.y = sane(rise, 0.2, 0...4) * context.unit
        start.scale = 1.05
        start.opacity = 0
        start.blur = blurRadius(context.unit)
        let appearance = TimingCurve.keyframesOrInstant([
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.25 * d, value: 0.35, curve: .easeOut),
            Keyframe(time: 0.6 * d, value: 0.8, curve: .easeInOut),
            Keyframe(time: d, value: 1, curve: .easeOut),
        ])
        return RoleTemplate(from: start, timing: .bezier(Self.settle, duration: d), opacityTiming: appearance)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        let d = sane(fadeOutDuration, 0.3, 0.05...10)
        var end = GlyphState()
        end.position.y = -(sane(departure, 0.35, 0...4) * context.unit)
        end.scale = 1.08
        end.opacity = 0
        end.blur = 1.25 * blurRadius(context.unit)
        // Progress towards `end`: opacity 1 → 0.65 → 0.2 → 0 while the blur thickens.
        let appearance = TimingCurve.keyframesOrInstant([
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.15 * d, value: 0.35, curve: .easeOut),
            Keyframe(time: 0.45 * d, value: 0.8, curve: .easeInOut),
            Keyframe(time: d, value: 1, curve: .easeOut),
        ])
        return RoleTemplate(to: end, timing: .bezier(.easeOut, duration: d), opacityTiming: appearance)
    }

    public func persisting(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(timing: .bezier(Self.glide, duration: sane(glideDuration, 0.45, 0...10)), opacityTiming: .instant)
    }
}
