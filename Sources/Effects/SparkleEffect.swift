import Analyzer
import Animator

/// Sunlight through leaves: entering glyphs land with a small bright pulse, a
/// warm glint and a few motes of light drifting up around them.
///
/// Each entering glyph carries a keyframe scale track (1 → 1.12 → 1 just after it
/// lands), tint tracks (a warm glint up to 35 % strength and back to none) and a
/// `ParticleEmitter` of `particlesPerGlyph` particles (6 by default; never more
/// than `ParticleEmitter.maximumCount`) seeded from the glyph's `context.random`,
/// so the same seed gives the same motes and another seed other ones. Leaving
/// glyphs simply dim and shrink a little; sparkle celebrates arrivals.
///
/// Numbers (defaults): entering glyphs grow from 0.92 on the style's spring and
/// fade in over 1.2 × `style.fade`; the pulse rises from 0.08 s to 0.2 s (ease-out)
/// and falls by 0.45 s (ease-in-out); the glint peaks at 0.2 s and is gone by
/// 0.55 s; particles are born between 0.04 s and 0.34 s, live 0.35–0.75 s, start
/// within 0.8 of the glyph's half-box, fly out at 0.8–2.2 font sizes per second,
/// have radii of 0.03–0.08 font sizes and float upward at 0.9 font sizes per s².
/// Leaving glyphs shrink to 0.9 over 2 × `style.fade` (ease-in) and fade out over
/// 1.2 × `style.fade` (ease-out), so they are faint before arrivals land.
///
/// ```swift
/// let animator = GlyphAnimator(effect: SparkleEffect(particlesPerGlyph: 10), seed: 7)
/// ```
public struct SparkleEffect: EffectBlueprint {
    /// Particles emitted around each entering glyph (clamped to 0…`ParticleEmitter.maximumCount`).
    public var particlesPerGlyph: Int
    /// The height of the landing pulse: the scale peaks at 1 + `pulse`.
    public var pulse: Double
    /// The strength of the warm glint, 0…1.
    public var glint: Double
    /// The colour of the glint and the particles.
    public var light: Tint

    /// A sparkle; the particle count is clamped to 0…`ParticleEmitter.maximumCount` when used.
    public init(
        particlesPerGlyph: Int = 6, pulse: Double = 0.12, glint: Double = 0.35,
        light: Tint = Tint(red: 1, green: 0.92, blue: 0.6, alpha: 1)
    ) {
        self.particlesPerGlyph = particlesPerGlyph
        self.pulse = pulse
        self.glint = glint
        self.light = light
    }

    public var name: String { "sparkle" }
    public var summary: String { "Glyphs land with a soft pulse and a warm glint while motes of light drift up around them." }
    /// Particles are drawn per glyph per frame: the most expensive built-in.
    public var cost: Double { 2.5 }

    private var color: Tint {
        Tint(
            red: sane(light.red, 1, 0...1), green: sane(light.green, 0.92, 0...1),
            blue: sane(light.blue, 0.6, 0...1), alpha: sane(light.alpha, 1, 0...1))
    }

    /// Each glyph's motes come from a seed of its own (`GlyphVariation.seed`,
    /// drawn from the glyph's random traits).
    public func entering(in context: TransitionContext) -> RoleTemplate {
        let u = context.unit
        var start = GlyphState()
        start.scale = 0.92
        start.opacity = 0

        let bump = TimingCurve.keyframesOrInstant([
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.08, value: 0),
            Keyframe(time: 0.2, value: 1, curve: .easeOut),
            Keyframe(time: 0.45, value: 0, curve: .easeInOut),
        ])
        let shine = TimingCurve.keyframesOrInstant([
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.2, value: 1, curve: .easeOut),
            Keyframe(time: 0.55, value: 0, curve: .easeIn),
        ])
        let height = sane(pulse, 0.12, 0...1)
        var tracks = [
            ChannelTrack(channel: .scaleX, amplitude: height, curve: bump),
            ChannelTrack(channel: .scaleY, amplitude: height, curve: bump),
        ]
        tracks += tintTracks(color, strength: sane(glint, 0.35, 0...1), curve: shine)

        let count = min(max(particlesPerGlyph, 0), ParticleEmitter.maximumCount)
        let emitter = count == 0 ? nil : ParticleEmitter(
            count: count, start: 0.04, duration: 0.3, lifetime: 0.35...0.75, spread: 0.8,
            speed: (0.8 * u)...(2.2 * u), size: (0.03 * u)...(0.08 * u), gravity: Vector(x: 0, y: -0.9 * u),
            color: color, seed: 0)
        return RoleTemplate(
            from: start, timing: .spring(context.style.spring),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade * 1.2), tracks: tracks, emitter: emitter)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.scale = 0.9
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(.easeIn, duration: context.style.fade * 2),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade * 1.2))
    }
}
