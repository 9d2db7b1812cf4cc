import LegacyAnalyzer
import LegacyAnimator

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

    /// One glyph's dance: its amplitudes and its place in the loop.
    struct Loop {
        var beat: Double
        var rock: Double
        var low: Double
        var high: Double
        var pulse: (color: Tint, strength: Double)?
        /// The loop time at transition time 0.
        var phase: Double

        /// One pass of each motion, as keyframes (they repeat with autoreverse).
        ///
        /// Every glyph uses the same three curves — the swing, and its falling and
        /// rising halves for the asymmetric size pulse — with its own amplitudes, so
        /// a frame evaluates them once per parity rather than once per glyph.
        var passes: [(channel: GlyphChannel, amplitude: Double, pass: TimingCurve)] {
            let half = beat / 2
            let swing = TimingCurve.keyframesOrInstant([
                Keyframe(time: 0, value: -1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1),
            ])
            let falling = TimingCurve.keyframesOrInstant([
                Keyframe(time: 0, value: -1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 0),
            ])
            let rising = TimingCurve.keyframesOrInstant([
                Keyframe(time: 0, value: 0), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1),
            ])
            var result: [(GlyphChannel, Double, TimingCurve)] = [
                (.rotation, rock, swing),
                (.scaleX, 1 - low, falling), (.scaleX, high - 1, rising),
                (.scaleY, 1 - low, falling), (.scaleY, high - 1, rising),
            ]
            if let pulse {
                let turns = TimingCurve.keyframesOrInstant([
                    Keyframe(time: 0, value: 1), Keyframe(time: half, value: 0), Keyframe(time: beat, value: 1),
                ])
                for track in tintTracks(pulse.color, strength: pulse.strength, curve: turns) {
                    result.append((track.channel, track.amplitude, turns))
                }
            }
            return result
        }

        /// Tracks that loop forever, on the transition's clock.
        var looping: [ChannelTrack] {
            passes.map {
                ChannelTrack(
                    channel: $0.channel, amplitude: $0.amplitude,
                    curve: $0.pass.repeating(.forever, autoreverse: true), timeOffset: phase, clock: .transition)
            }
        }
    }

    /// The dance of the glyph a context describes.
    func loop(_ context: EffectContext) -> Loop {
        let beat = sane(self.beat, 1, 0.05...60)
        var random = context.random
        let rock = random.nextDouble(in: sane(self.rock, Self.defaultRock, 0...(Double.pi / 2)))
        let low = random.nextDouble(in: sane(shrink, 0.85...0.9, 0.05...1))
        let high = random.nextDouble(in: sane(grow, 1.1...1.15, 1...4))
        let strength = sane(borderStrength, 0.5, 0...1)
        let color = Tint(
            red: sane(borderColor.red, 1, 0...1), green: sane(borderColor.green, 0.78, 0...1),
            blue: sane(borderColor.blue, 0.3, 0...1), alpha: 1)
        let odd = context.index % 2 != 0
        // Phased on the caller's clock, so glyphs keep step across text changes; the
        // loop repeats every two beats (one pass each way).
        let start = context.startTime.isFinite ? context.startTime : 0
        return Loop(
            beat: beat, rock: rock, low: low, high: high,
            pulse: borderPulse && strength > 0 ? (color, strength) : nil,
            phase: (beat / 2 + (odd ? beat : 0) + start).truncatingRemainder(dividingBy: 2 * beat))
    }

    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var start = GlyphState.resting(at: frame.center)
        start.scale = sane(entranceScale, 0.6, 0...4)
        start.opacity = 0
        return AnimationDescriptor(
            symbol: glyph.symbol, from: start, to: .resting(at: frame.center),
            timing: .spring(context.style.spring),
            opacityTiming: .bezier(.easeOut, duration: context.style.fade * 1.5),
            tracks: loop(context).looping)
    }

    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        var end = GlyphState.resting(at: frame.center)
        end.scale = sane(entranceScale, 0.6, 0...4)
        end.opacity = 0
        let timing = TimingCurve.bezier(.easeIn, duration: context.style.fade * 2)
        let fade = TimingCurve.bezier(.easeIn, duration: context.style.fade * 1.5)
        return AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: frame.center), to: end, timing: timing, opacityTiming: fade,
            tracks: loop(context).looping)
    }

    /// Persisting glyphs glide to their new places on the style's spring and keep dancing.
    public func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor {
        AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: from.center), to: .resting(at: to.center),
            timing: .spring(context.style.spring), opacityTiming: .instant,
            tracks: loop(context).looping)
    }
}
