/// The parts of a sprite's motion most sprites lack: its tracks, particles, a
/// velocity carried from an interrupted transition, the change and rest values
/// of the rare channels (tint, stroke end, fill) and a drawing it blends from.
@frozen @usableFromInline
package struct MotionExtras: Sendable {
    // The fields every sprite with extras reads come first, the velocity and
    // the rare channels' change (read only when `carries` or
    // `changesRareChannels` says so) last: a sprite whose extras are a track
    // reads the first two cache lines of its entry.

    /// The sprite's tracks: `tracks[trackStart ..< trackStart + trackCount]`.
    @usableFromInline package var trackStart: Int32
    @usableFromInline package var trackCount: Int32
    /// The sprite's particle emitter, or none.
    @usableFromInline package var emitter: EmitterID
    /// The drawing a glyph whose shape changes blends from (its drawing in the
    /// old text), or −1: it blends into the row's drawing along the transform curve.
    @usableFromInline package var fromDrawing: Int32 = -1
    /// Whether `velocity` is not zero.
    @usableFromInline package var carries: Bool
    /// Whether `rareDelta` is not zero.
    @usableFromInline package var changesRareChannels: Bool
    /// When the particles' clock reads 0 (the sprite's start), absolute.
    @usableFromInline package var origin: Double
    /// Where the old drawing's pen origin lies from the sprite's, along its box, and its old box's width.
    @usableFromInline package var fromOffset = 0.0
    @usableFromInline package var fromWidth = 0.0
    /// The rare channels at rest: a sprite without extras rests at their defaults.
    @usableFromInline package var restTint = Tint.none
    @usableFromInline package var restStrokeEnd = 1.0
    @usableFromInline package var restFill = 1.0
    /// Per-channel velocity at the start (from an interrupted transition); it
    /// fades out along each curve's carry (see `TimingSample`) until the sprite settles.
    @usableFromInline package var velocity: GlyphState
    /// The change of the rare channels (tint, stroke end, fill); the others zero.
    @usableFromInline package var rareDelta: GlyphState

    @inlinable
    package init(
        velocity: GlyphState, rareDelta: GlyphState, trackStart: Int32, trackCount: Int32, emitter: EmitterID,
        origin: Double
    ) {
        self.velocity = velocity
        self.rareDelta = rareDelta
        self.trackStart = trackStart
        self.trackCount = trackCount
        self.emitter = emitter
        self.origin = origin
        carries = !velocity.isZero
        changesRareChannels = !rareDelta.isZero
    }

    /// Keeps the rare channels' rest values of `state`.
    @inlinable
    package mutating func takeRest(of state: GlyphState) {
        restTint = state.tint
        restStrokeEnd = state.strokeEnd
        restFill = state.fill
    }

    /// Whether the rare channels rest away from their defaults (bit for bit:
    /// a sprite without extras is written with the defaults' very bits).
    @inlinable
    package var restsAwayFromDefaults: Bool { MotionExtras.restsAwayFromDefaults(tint: restTint, restStrokeEnd, restFill) }

    @inlinable
    package static func restsAwayFromDefaults(tint: Tint, _ strokeEnd: Double, _ fill: Double) -> Bool {
        let none = Tint.none
        return tint.red.bitPattern != none.red.bitPattern || tint.green.bitPattern != none.green.bitPattern
            || tint.blue.bitPattern != none.blue.bitPattern || tint.alpha.bitPattern != none.alpha.bitPattern
            || strokeEnd.bitPattern != (1.0).bitPattern || fill.bitPattern != (1.0).bitPattern
    }
}

/// A `ChannelTrack` in flat form: its curve is an entry of the curve table,
/// whose start is the track's clock (the glyph's start less its time offset).
@frozen @usableFromInline
package struct PlannedTrack: Sendable, Equatable {
    @usableFromInline package var channel: GlyphChannel
    @usableFromInline package var amplitude: Double
    @usableFromInline package var bias: Double
    @usableFromInline package var curve: CurveID
    @usableFromInline package var loops: Bool
    /// The clock the track was given on (see `ChannelTrack.Clock`), to read it back as it was.
    @usableFromInline package var clock: ChannelTrack.Clock

    @inlinable
    package init(
        channel: GlyphChannel, amplitude: Double, bias: Double, curve: CurveID, loops: Bool,
        clock: ChannelTrack.Clock = .glyph
    ) {
        self.channel = channel
        self.amplitude = amplitude
        self.bias = bias
        self.curve = curve
        self.loops = loops
        self.clock = clock
    }
}
