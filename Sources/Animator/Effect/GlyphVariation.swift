/// What one glyph does differently from its role's template: the per-glyph
/// step of an effect (`EffectBlueprint.vary(_:context:)`) writes it.
///
/// The planner fills it from the template before each call (the template's
/// amplitudes and time offsets, a scale of 1, no extra delay, a seed drawn
/// from the glyph's random traits), so a step sets only what it varies:
///
/// ```swift
/// func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
///     // A wave: each glyph a little further along it.
///     let phase = Double(context.index) * 0.6
///     glyph.amplitudes[0] = height * Math.cos(phase)
///     glyph.amplitudes[1] = -height * Math.sin(phase)
/// }
/// ```
public struct GlyphVariation: Sendable {
    /// Seconds added to the template's delay (a pen reaching the glyph later).
    public var delay: Double
    /// How far the glyph moves, as a share of the template's offsets on its
    /// `RoleTemplate.scaledChannels`: an entering glyph's start is that share
    /// of the template's offset away from rest, an exiting glyph's end likewise.
    public var scale: Double
    /// Each track's amplitude, in the template's order.
    public var amplitudes: [Double]
    /// Each track's time offset (its phase, in seconds), in the template's order.
    public var trackOffsets: [Double]
    /// The seed of the glyph's particles.
    public var seed: UInt64
    /// The glyph's whole motion, for a glyph the template and the numbers above
    /// cannot describe (a pen's own curve for each glyph); nil for the template's.
    /// With it, `delay` and `seed` still apply; `scale`, `amplitudes` and
    /// `trackOffsets` (the template's) do not.
    public var motion: RoleTemplate? {
        get { ownMotion }
        set {
            hasMotion = newValue != nil
            ownMotion = newValue
        }
    }
    private var ownMotion: RoleTemplate?
    /// Whether `motion` is set: the planner asks for every glyph it varies, and asking the
    /// optional itself copies a template (a few hundred bytes) out of it.
    package private(set) var hasMotion = false

    /// The variation that changes nothing in `template`, with a particle seed.
    public init(template: RoleTemplate, seed: UInt64 = 0) {
        delay = 0
        scale = 1
        amplitudes = template.tracks.map { $0.amplitude }
        trackOffsets = template.tracks.map { $0.timeOffset }
        self.seed = seed
    }

    /// Starts over as the variation of a template without tracks, keeping the
    /// storage (a plan kept from one change to the next).
    package mutating func reset() { reset(tracks: 0, seed: 0) { _ in (0, 0) } }

    /// The variation that changes nothing in a template with `count` tracks, track `n`'s
    /// amplitude and time offset `track(n)`, written over this one (the planner's loop, which
    /// keeps them beside the template's curves).
    @inline(__always)
    package mutating func reset(
        tracks count: Int, seed: UInt64, _ track: (Int) -> (amplitude: Double, timeOffset: Double)
    ) {
        delay = 0
        scale = 1
        if amplitudes.count == count {
            // (Through the arrays' buffers: an element at a time, each write asks whether the
            // array is shared.)
            amplitudes.withUnsafeMutableBufferPointer { amplitudes in
                trackOffsets.withUnsafeMutableBufferPointer { offsets in
                    for n in 0..<count { (amplitudes[n], offsets[n]) = track(n) }
                }
            }
        } else {
            amplitudes.removeAll(keepingCapacity: true)
            trackOffsets.removeAll(keepingCapacity: true)
            for n in 0..<count {
                let (amplitude, timeOffset) = track(n)
                amplitudes.append(amplitude)
                trackOffsets.append(timeOffset)
            }
        }
        self.seed = seed
        if hasMotion { motion = nil }
    }
}
