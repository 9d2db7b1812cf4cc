import Analyzer
import Animator

/// A looping dance for idle titles and tiles: every glyph rocks from side to
/// side and pulses its size, even glyphs against odd ones, forever, until the
/// text changes.
///
/// Each glyph rocks between ±A and scales between `lo` and `hi` on linear
/// passes of `beat` seconds that reverse (`.repeating(.forever, autoreverse:
/// true)`), so one full cycle takes 2 × `beat`. A, `lo` and `hi` are drawn per
/// glyph from `rock`, `shrink` and `grow` with the glyph's `context.random`:
/// the same seed gives the same dance, another seed a slightly different one,
/// and a glyph that stays at its index keeps its amplitudes from one text to the
/// next. Parity alternates: while even glyphs tilt right (clockwise) and grow,
/// odd ones tilt left and shrink, and the other way round on the next pass.
///
/// Numbers (defaults): beat 1 s (2 s period); A in 18°…22°; `lo` in 0.85…0.90,
/// `hi` in 1.10…1.15; entering glyphs pop in from 0.6 on the style's spring and
/// fade in over 1.5 × `style.fade`; leaving glyphs shrink to 0.6 over
/// 2 × `style.fade` and fade out over 1.5 × `style.fade`, dancing as they go.
///
/// **Staying in phase.** The loop runs on the transition's clock
/// (`ChannelTrack.Clock.transition`), phased on the caller's clock
/// (`EffectContext.startTime`, the Director's fence): at absolute time T every
/// even glyph's loop is at loop time `T + beat/2`, every odd glyph's at
/// `T + 3·beat/2` (one pass later, so mirrored). Staggered entering and leaving
/// glyphs join in step with the persisting ones, which dance too, and glyphs
/// keep step from one text to the next.
///
/// At T = 0 every loop is at its midpoint, where all offsets are zero, so a
/// title at rest starts dancing without a jump; when the Director starts a new
/// transition mid-swing it starts from the glyph's presented pose, taking the
/// new loop's offset at that instant into account.
///
/// Leaving glyphs keep dancing in step as they fade; their loop ends with them.
///
/// **Border pulse.** With `borderPulse`, a tile's border brightens at every turn
/// of the rock. `GlyphState` has no border channel, so the pulse is carried on
/// the tint channels: looping tracks wash `borderColor` over the glyph with a
/// strength rising linearly from 0 (mid-swing) to `borderStrength` (at each
/// turn). Glyph renderers show it as a colour wash; a renderer that draws tiles
/// can draw the tile's border with the glyph's `tint` instead.
///
/// ```swift
/// let title = GlyphAnimator(effect: DanceEffect(borderPulse: true))
/// ```
public struct DanceEffect: EffectBlueprint {
    /// Seconds of one pass (one swing from one side to the other); a cycle is two passes.
    public var beat: Double
    /// The range each glyph's rocking amplitude is drawn from, in radians (default 18°…22°).
    public var rock: ClosedRange<Double>
    /// The range each glyph's smallest scale is drawn from.
    public var shrink: ClosedRange<Double>
    /// The range each glyph's largest scale is drawn from.
    public var grow: ClosedRange<Double>
    /// The scale glyphs pop in from and shrink out to.
    public var entranceScale: Double
    /// Whether the tile border pulses at every turn (carried on the tint channels; see above).
    public var borderPulse: Bool
    /// The colour of the border pulse.
    public var borderColor: Tint
    /// The strength of the border pulse at its peak, 0…1.
    public var borderStrength: Double

    /// 18°…22° in radians.
    public static let defaultRock = (18 * Double.pi / 180)...(22 * Double.pi / 180)

    /// A dance; out-of-range or non-finite values fall back to the defaults or are clamped when used.
    public init(
        beat: Double = 1, rock: ClosedRange<Double> = DanceEffect.defaultRock, shrink: ClosedRange<Double> = 0.85...0.9,
        grow: ClosedRange<Double> = 1.1...1.15, entranceScale: Double = 0.6, borderPulse: Bool = false,
        borderColor: Tint = Tint(red: 1, green: 0.78, blue: 0.3, alpha: 1), borderStrength: Double = 0.5
    ) {
        self.beat = beat
        self.rock = rock
        self.shrink = shrink
        self.grow = grow
        self.entranceScale = entranceScale
        self.borderPulse = borderPulse
        self.borderColor = borderColor
        self.borderStrength = borderStrength
    }

    public var name: String { "dance" }
    public var summary: String { "Glyphs rock ±20° and pulse their size, even against odd, on a 1 s beat, forever." }
    /// Five looping tracks per glyph on three shared curves (four more with the border pulse).
    public var cost: Double { borderPulse ? 2 : 1.5 }
    /// A title dances from the first frame, also when its text never changes.
    public var movesAtRest: Bool { true }

    /// The dance's beat, in seconds.
    private var seconds: Double { sane(beat, 1, 0.05...60) }

    /// The border pulse, when it is on.
    private var pulse: (color: Tint, strength: Double)? {
        let strength = sane(borderStrength, 0.5, 0...1)
        guard borderPulse, strength > 0 else { return nil }
        let color = Tint(
            red: sane(borderColor.red, 1, 0...1), green: sane(borderColor.green, 0.78, 0...1),
            blue: sane(borderColor.blue, 0.3, 0...1), alpha: 1)
        return (color, strength)
    }

    /// The loop's tracks, forever on the transition's clock: the rock on the
    /// swing, then the size pulse on its falling and rising halves (x, then y),
    /// then the border pulse's tint. Every glyph uses the same curves — the
    /// swing and the two halves for the asymmetric size pulse — with its own
    /// amplitudes and phase (`vary` writes them), so a frame evaluates them once
    /// per parity rather than once per glyph.
    func tracks() -> [ChannelTrack] {
        let beat = seconds
        let half = beat / 2
        func loop(_ frames: [Keyframe]) -> TimingCurve {
            TimingCurve.keyframesOrInstant(frames).repeating(.forever, autoreverse: true)
        }
        let swing = loop([Keyframe(time: 0, value: -1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1)])
        let falling = loop([Keyframe(time: 0, value: -1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 0)])
        let rising = loop([Keyframe(time: 0, value: 0), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1)])
        var tracks = [
            ChannelTrack(channel: .rotation, amplitude: 0, curve: swing, clock: .transition),
            ChannelTrack(channel: .scaleX, amplitude: 0, curve: falling, clock: .transition),
            ChannelTrack(channel: .scaleX, amplitude: 0, curve: rising, clock: .transition),
            ChannelTrack(channel: .scaleY, amplitude: 0, curve: falling, clock: .transition),
            ChannelTrack(channel: .scaleY, amplitude: 0, curve: rising, clock: .transition),
        ]
        if let pulse {
            let turns = TimingCurve.keyframesOrInstant([
                Keyframe(time: 0, value: 1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1),
            ])
            for track in tintTracks(pulse.color, strength: pulse.strength, curve: turns) {
                tracks.append(
                    ChannelTrack(
                        channel: track.channel, amplitude: track.amplitude,
                        curve: turns.repeating(.forever, autoreverse: true), clock: .transition))
            }
        }
        return tracks
    }

    /// Each glyph draws its own amplitudes from its random traits and joins
    /// the loop in step: at absolute time T an even glyph's loop is at
    /// `T + beat/2`, an odd glyph's one pass later, mirrored.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        let beat = seconds
        var random = context.random
        let rock = random.nextDouble(in: sane(self.rock, Self.defaultRock, 0...(Double.pi / 2)))
        let low = random.nextDouble(in: sane(shrink, 0.85...0.9, 0.05...1))
        let high = random.nextDouble(in: sane(grow, 1.1...1.15, 1...4))
        let odd = context.index % 2 != 0
        // Phased on the caller's clock, so glyphs keep step across text changes; the
        // loop repeats every two beats (one pass each way).
        let start = context.startTime.isFinite ? context.startTime : 0
        let phase = (beat / 2 + (odd ? beat : 0) + start).truncatingRemainder(dividingBy: 2 * beat)
        glyph.amplitudes[0] = rock
        glyph.amplitudes[1] = 1 - low
        glyph.amplitudes[2] = high - 1
        glyph.amplitudes[3] = 1 - low
        glyph.amplitudes[4] = high - 1
        for k in glyph.trackOffsets.indices { glyph.trackOffsets[k] = phase }
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.scale = sane(entranceScale, 0.6, 0...4)
        start.opacity = 0
        return RoleTemplate(
            from: start, timing: .spring(context.style.spring),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade * 1.5), tracks: tracks(),
            variesPerGlyph: true)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.scale = sane(entranceScale, 0.6, 0...4)
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(.easeIn, duration: context.style.fade * 2),
            opacityTiming: .bezier(.easeIn, duration: context.style.fade * 1.5), tracks: tracks(), variesPerGlyph: true)
    }

    /// Persisting glyphs glide to their new places on the style's spring and keep dancing.
    public func persisting(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(timing: .spring(context.style.spring), opacityTiming: .instant, tracks: tracks(), variesPerGlyph: true)
    }
}
