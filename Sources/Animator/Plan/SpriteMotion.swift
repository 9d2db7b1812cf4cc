import Analyzer

/// One sprite's motion in flat form: what a `TransitionPlan` holds per glyph and
/// what the Director keeps per live sprite, evaluated by `MotionEvaluator`.
///
/// A sprite's state at a time is `to − delta·(1 − progress)` for the channels
/// most motion uses (exactly `to` once progress is 1), with the transform
/// channels on one curve and the appearance channels on another; everything
/// rarer (an initial velocity, tint or stroke changes, tracks, particles) is
/// in its `MotionExtras`. Curves, extras and tracks are indices into the
/// tables of the plan (or of the Director) that holds the sprite.
@frozen @usableFromInline
package struct SpriteMotion: Sendable {
    /// The state at rest, once every curve has run its course.
    @usableFromInline package var to: GlyphState
    /// How far the primary channels are from `to` at progress 0.
    @usableFromInline package var delta: PrimaryDelta
    /// The curve of the transform channels (0: at rest).
    @usableFromInline package var transformCurve: Int32
    /// The curve of the appearance channels (0: at rest).
    @usableFromInline package var appearanceCurve: Int32
    /// The sprite's extras, or −1.
    @usableFromInline package var extras: Int32
    /// The glyph's identity (see `GlyphID`).
    @usableFromInline package var glyph: Int32
    /// The glyph's index in the text it belongs to: the new text for entering
    /// and persisting sprites, the old one for exiting sprites.
    @usableFromInline package var index: Int32
    @usableFromInline package var role: SpriteRole
    /// When the finite part of the motion ends (relative to its plan's start in a
    /// plan, absolute in the Director).
    @usableFromInline package var settle: Double
    /// When an exiting sprite is gone (+infinity for the others), on the same clock as `settle`.
    @usableFromInline package var hide: Double
    /// The glyph's layout box size, for renderers.
    @usableFromInline package var boxSize: Size
    /// How far the baseline lies below the box centre.
    @usableFromInline package var baselineOffset: Double
    /// The key of the glyph's random traits: it stays with the sprite from one
    /// transition to the next, so a persisting glyph keeps its variations.
    @usableFromInline package var key: UInt64

    @inlinable
    package init(
        to: GlyphState, delta: PrimaryDelta, transformCurve: Int32, appearanceCurve: Int32, extras: Int32,
        glyph: Int32, index: Int32, role: SpriteRole, settle: Double, hide: Double, boxSize: Size,
        baselineOffset: Double, key: UInt64
    ) {
        self.to = to
        self.delta = delta
        self.transformCurve = transformCurve
        self.appearanceCurve = appearanceCurve
        self.extras = extras
        self.glyph = glyph
        self.index = index
        self.role = role
        self.settle = settle
        self.hide = hide
        self.boxSize = boxSize
        self.baselineOffset = baselineOffset
        self.key = key
    }
}

/// The change of the channels most motion uses, flat: the hot part of a sprite's motion.
@frozen @usableFromInline
package struct PrimaryDelta: Sendable, Equatable {
    @usableFromInline package var x = 0.0, y = 0.0, scaleX = 0.0, scaleY = 0.0
    @usableFromInline package var rotation = 0.0, skew = 0.0, opacity = 0.0, blur = 0.0

    @inlinable
    package init() {}

    /// The primary channels of a state difference.
    @inlinable
    package init(_ d: GlyphState) {
        x = d.position.x
        y = d.position.y
        scaleX = d.scaleX
        scaleY = d.scaleY
        rotation = d.rotation
        skew = d.skew
        opacity = d.opacity
        blur = d.blur
    }

    /// The primary channels as a state (the others zero).
    @inlinable
    package var state: GlyphState {
        var s = GlyphState.zero
        s.position = Point(x: x, y: y)
        s.scaleX = scaleX
        s.scaleY = scaleY
        s.rotation = rotation
        s.skew = skew
        s.opacity = opacity
        s.blur = blur
        return s
    }
}

/// The parts of a sprite's motion most sprites lack.
@frozen @usableFromInline
package struct MotionExtras: Sendable {
    /// Per-channel velocity at the start (from an interrupted transition); it
    /// fades out along each curve's carry (see `TimingSample`) until the sprite settles.
    @usableFromInline package var velocity: GlyphState
    /// The change of the channels `PrimaryDelta` leaves out (tint, stroke end, fill); the others zero.
    @usableFromInline package var rareDelta: GlyphState
    /// The sprite's tracks: `tracks[trackStart ..< trackStart + trackCount]`.
    @usableFromInline package var trackStart: Int32
    @usableFromInline package var trackCount: Int32
    /// The sprite's particle emitter, or −1.
    @usableFromInline package var emitter: Int32
    /// When the particles' clock reads 0 (the sprite's start), on the clock of `SpriteMotion.settle`.
    @usableFromInline package var origin: Double
    /// Whether `velocity` is not zero.
    @usableFromInline package var carries: Bool
    /// Whether `rareDelta` is not zero.
    @usableFromInline package var changesRareChannels: Bool

    @inlinable
    package init(
        velocity: GlyphState, rareDelta: GlyphState, trackStart: Int32, trackCount: Int32, emitter: Int32,
        origin: Double
    ) {
        self.velocity = velocity
        self.rareDelta = rareDelta
        self.trackStart = trackStart
        self.trackCount = trackCount
        self.emitter = emitter
        self.origin = origin
        carries = velocity != .zero
        changesRareChannels = rareDelta != .zero
    }
}

/// A `ChannelTrack` in flat form: its curve is an index into the curve table,
/// whose start is the track's clock (the descriptor's delay less its time offset).
@frozen @usableFromInline
package struct PlannedTrack: Sendable, Equatable {
    @usableFromInline package var channel: GlyphChannel
    @usableFromInline package var amplitude: Double
    @usableFromInline package var bias: Double
    @usableFromInline package var curve: Int32
    @usableFromInline package var loops: Bool
    /// The clock the track was given on (see `ChannelTrack.Clock`), to read it back as it was.
    @usableFromInline package var clock: ChannelTrack.Clock

    @inlinable
    package init(
        channel: GlyphChannel, amplitude: Double, bias: Double, curve: Int32, loops: Bool,
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

/// A timing curve that starts at a given time: the unit of grouping. Every
/// sprite and track on the same curve from the same start shares one
/// evaluation per frame.
public struct PlannedCurve: Hashable, Sendable {
    /// The curve.
    public var curve: TimingCurve
    /// When it starts, in seconds from the plan's start (a multiple of `PlannedCurve.quantum`).
    public var start: Double

    public init(curve: TimingCurve, start: Double) {
        self.curve = curve
        self.start = start
    }

    /// Starts are rounded to this step (seconds) so that staggered sprites fall into
    /// shared groups: about 2 ms, under a quarter of a 120 Hz frame.
    public static let quantum = 1.0 / 480

    /// Rounds a start time to the grouping step.
    @inlinable
    public static func quantize(_ time: Double) -> Double {
        (time / quantum).rounded() * quantum
    }

    /// The curve at rest (progress 1): entry 0 of every curve table.
    public static let rest = PlannedCurve(curve: .instant, start: 0)

    /// The sample of the rest entry.
    public static let restSample = TimingSample(progress: 1, velocity: 0, carry: 0, carryVelocity: 0)
}
