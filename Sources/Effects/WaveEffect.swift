import Analyzer
import Animator

/// A calm wave, like raked gravel: glyphs ride a slow sine wave along the line
/// and settle exactly on the layout.
///
/// Every glyph gets a vertical offset `A · sin(2π·c·x − k·i) · e(x)` and a small
/// tilt along the wave's slope, where x is the fraction of the effect's duration,
/// i the glyph's index (so the wave travels along the line), and
/// `e(x) = 6.75·x·(1 − x)²` an envelope that swells from 0 to 1 at x = ⅓ and
/// decays back to exactly 0: the wave is a pair of keyframe tracks sampled from
/// that decaying sine, added on top of a slow cubic-Bézier move. Entering glyphs
/// rise in from below on the wave, leaving glyphs sink and fade on it, and
/// persisting glyphs glide to their new places on it; glyphs that do not move
/// ripple at `restingRipple` of the amplitude when the text is one line (in a
/// paragraph an edit leaves the lines it does not move still).
///
/// Numbers (defaults): duration 0.58 s (a label reads within 0.9 s, stagger
/// and lanes included) on the Bézier (0.45, 0.05, 0.25, 1);
/// amplitude A = 0.18 × the font size (at most an eighth of the line height
/// in a text of several lines, so neighbouring lines never meet); 1.5 cycles; a phase step k = 0.6 rad per
/// glyph; tilt 0.05 rad (≈ 3°); rise 1.5 A; entering fade-in 0.5 × the duration
/// (ease-out); leaving fade-out 0.35 × the duration (ease-out: a leaving glyph is
/// faint within a tenth of a second, so it never lingers over an arriving one).
///
/// ```swift
/// let animator = GlyphAnimator(effect: .wave, style: .smooth)
/// ```
public struct WaveEffect: EffectBlueprint {
    /// Seconds the wave takes to pass and settle.
    public var duration: Double { didSet { shape = makeTracks() } }
    /// The wave's height, as a fraction of the font size.
    public var amplitude: Double
    /// How many periods of the wave pass during `duration`.
    public var cycles: Double { didSet { shape = makeTracks() } }
    /// The phase difference between neighbouring glyphs, in radians.
    public var phaseStep: Double
    /// The largest tilt along the wave's slope, in radians.
    public var tilt: Double
    /// The share of the amplitude with which glyphs that keep their place ripple (0 keeps them still).
    public var restingRipple: Double
    /// The curve of the underlying move.
    public var curve: CubicBezier

    /// The default curve: slow out of the blocks, a long soft landing.
    public static let defaultCurve = bezier(0.45, 0.05, 0.25, 1)

    /// A wave; non-finite values fall back to the defaults and extremes are clamped when used.
    public init(
        duration: Double = 0.58, amplitude: Double = 0.18, cycles: Double = 1.5, phaseStep: Double = 0.6,
        tilt: Double = 0.05, restingRipple: Double = 0.5, curve: CubicBezier = WaveEffect.defaultCurve
    ) {
        self.duration = duration
        self.amplitude = amplitude
        self.cycles = cycles
        self.phaseStep = phaseStep
        self.tilt = tilt
        self.restingRipple = restingRipple
        self.curve = curve
        shape = makeTracks()
    }

    public var name: String { "wave" }
    public var summary: String { "A calm wave rolls along the line; glyphs rise in, glide and settle on it." }
    /// Four keyframe tracks per glyph on two curves the whole line shares.
    public var cost: Double { 1.3 }

    /// Keyframes per wave track, the first and last included.
    static let samples = 32

    private var seconds: Double { sane(duration, 0.58, 0.05...10) }

    /// The wave height in points for a transition's font size (`unit`) and
    /// lines. In a text of several lines it is at most an eighth of the line
    /// height: an arrival (risen 1.5 heights, waving one more) and a glyph of
    /// the next line waving towards it stay more than half a line apart.
    private func waveHeight(unit: Double, lineCount: Int, lineHeight: Double) -> Double {
        let height = sane(amplitude, 0.18, 0...4) * unit
        guard lineCount > 1, lineHeight > 0, lineHeight.isFinite else { return height }
        return min(height, lineHeight / 8)
    }

    private func waveHeight(in context: TransitionContext) -> Double {
        waveHeight(unit: context.unit, lineCount: context.lineCount, lineHeight: context.lineHeight)
    }

    /// The wave's tracks: a vertical wave and the tilt that follows its slope.
    ///
    /// Glyph i's wave is sin(2π·c·x − φᵢ)·envelope(x) and its tilt −cos(…)·envelope(x).
    /// Written as sin·cos φᵢ − cos·sin φᵢ, every glyph uses the same two curves —
    /// sin(2π·c·x)·envelope and cos(2π·c·x)·envelope — with its own amplitudes
    /// (`vary` writes them), so a frame evaluates two curves for the whole line
    /// rather than two per glyph. They depend on the duration and the cycles alone:
    /// made when those are set, every role of every transition shares them.
    func tracks() -> [ChannelTrack] { shape }

    /// `tracks()`, made when the duration or the cycles are set (66 sines and cosines: every
    /// role of every transition made them again, and the planner compared their keyframes to
    /// find it had them already; the same array it finds at once).
    private var shape: [ChannelTrack] = []

    /// The tracks for the wave's duration and cycles.
    ///
    /// - Complexity: O(samples).
    private func makeTracks() -> [ChannelTrack] {
        let d = seconds
        let c = sane(cycles, 1.5, 0...20)
        var sines: [Keyframe] = [], cosines: [Keyframe] = []
        sines.reserveCapacity(Self.samples + 1)
        cosines.reserveCapacity(Self.samples + 1)
        for s in 0...Self.samples {
            let x = Double(s) / Double(Self.samples)
            let envelope = s == Self.samples ? 0 : 6.75 * x * (1 - x) * (1 - x)
            let angle = 2 * .pi * c * x
            sines.append(Keyframe(time: x * d, value: Math.sin(angle) * envelope))
            cosines.append(Keyframe(time: x * d, value: Math.cos(angle) * envelope))
        }
        let sine = TimingCurve.keyframesOrInstant(sines), cosine = TimingCurve.keyframesOrInstant(cosines)
        // Amplitudes for phase 0 at full strength; `vary` writes each glyph's.
        return [
            ChannelTrack(channel: .y, amplitude: 0, curve: sine),
            ChannelTrack(channel: .y, amplitude: 0, curve: cosine),
            ChannelTrack(channel: .rotation, amplitude: 0, curve: cosine),
            ChannelTrack(channel: .rotation, amplitude: 0, curve: sine),
        ]
    }

    /// Glyph `index`'s amplitudes on the four tracks, at `strength` of the wave.
    func amplitudes(index: Int, strength: Double, context: EffectContext) -> (Double, Double, Double, Double) {
        let k = sane(phaseStep, 0.6, -20...20)
        // Reduce the index phase first so long texts keep full precision.
        let phase = (Double(index) * k).truncatingRemainder(dividingBy: 2 * .pi)
        let height = waveHeight(unit: context.unit, lineCount: context.lineCount, lineHeight: context.lineHeight) * strength
        // y grows downwards and positive rotation is clockwise: a surface falling
        // to the right (slope > 0) tilts the glyph clockwise.
        let tilt = sane(tilt, 0.05, -1...1) * strength
        let cosφ = Math.cos(phase), sinφ = Math.sin(phase)
        return (height * cosφ, -height * sinφ, -tilt * cosφ, -tilt * sinφ)
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.position.y = 1.5 * waveHeight(in: context)
        start.opacity = 0
        return RoleTemplate(
            from: start, timing: .bezier(curve, duration: seconds),
            opacityTiming: .bezier(.easeOut, duration: seconds * 0.5), tracks: tracks(), variesPerGlyph: true)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.position.y = waveHeight(in: context)
        end.opacity = 0
        return RoleTemplate(
            to: end, timing: .bezier(curve, duration: seconds), opacityTiming: .bezier(.easeOut, duration: seconds * 0.35),
            tracks: tracks(), variesPerGlyph: true)
    }

    /// Persisting glyphs glide on the slow curve with the wave on top; those that keep
    /// their place ripple at `restingRipple` of the amplitude (and stay still at 0).
    public func persisting(in context: TransitionContext) -> RoleTemplate {
        // In a text of several lines a change ripples only what moves: a word
        // edited, or streamed in, leaves the lines already read still.
        let ripples = context.moves || (sane(restingRipple, 0.5, 0...1) > 0 && context.lineCount <= 1)
        return RoleTemplate(
            timing: .bezier(curve, duration: seconds), opacityTiming: .instant, tracks: ripples ? tracks() : [],
            variesPerGlyph: ripples)
    }

    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        let strength = context.role != .persisting || context.moves ? 1 : sane(restingRipple, 0.5, 0...1)
        let (a, b, c, d) = amplitudes(index: context.index, strength: strength, context: context)
        glyph.amplitudes[0] = a
        glyph.amplitudes[1] = b
        glyph.amplitudes[2] = c
        glyph.amplitudes[3] = d
    }
}
