import LegacyAnalyzer

/// One sprite's motion in flat form: a row of the `MotionStore`, written once
/// by the planner and evaluated by `MotionEvaluator` (the Director's per-frame
/// sweep, a plan's `state(of:at:)`).
///
/// A sprite's state at a time is `to − delta·(1 − progress)` for the channels
/// most motion uses (exactly `to` once progress is 1), with the transform
/// channels on one curve and the appearance channels on another; everything
/// rarer (an initial velocity, tint or stroke changes, tracks, particles) is
/// in its `MotionExtras`. Curves, extras and tracks are indices into the
/// store's tables; times are absolute.
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
    /// The glyph's identity (see `GlyphID`); 0 for a shape.
    @usableFromInline package var glyph: Int32
    /// The sprite's identity in frames: it keeps it from one transition to the next.
    @usableFromInline package var id: Int32
    @usableFromInline package var role: SpriteRole
    /// A glyph, or the kind of shape the sprite draws.
    @usableFromInline package var kind: SpriteKind
    /// When the finite part of the motion ends (absolute seconds).
    @usableFromInline package var settle: Double
    /// When an exiting sprite is gone (+infinity for the others), absolute.
    @usableFromInline package var hide: Double
    /// The sprite's layout box size, for renderers.
    @usableFromInline package var boxSize: Size
    /// How far the baseline lies below the box centre.
    @usableFromInline package var baselineOffset: Double
    /// The drawing the glyph shows, as its layout named it (`TextLayoutResult.drawings`), or −1 when unknown.
    @usableFromInline package var drawing: Int32

    @inlinable
    package init(
        to: GlyphState, delta: PrimaryDelta, transformCurve: Int32, appearanceCurve: Int32, extras: Int32,
        glyph: Int32, id: Int32, role: SpriteRole, kind: SpriteKind = .glyph, settle: Double, hide: Double,
        boxSize: Size, baselineOffset: Double, drawing: Int32 = -1
    ) {
        self.drawing = drawing
        self.to = to
        self.delta = delta
        self.transformCurve = transformCurve
        self.appearanceCurve = appearanceCurve
        self.extras = extras
        self.glyph = glyph
        self.id = id
        self.role = role
        self.kind = kind
        self.settle = settle
        self.hide = hide
        self.boxSize = boxSize
        self.baselineOffset = baselineOffset
    }

    /// A sprite at rest in `state` from now on.
    package static func resting(
        _ state: GlyphState, glyph: Int32, id: Int32, kind: SpriteKind = .glyph, box: GlyphFrame, drawing: Int32 = -1
    ) -> SpriteMotion {
        SpriteMotion(
            to: state, delta: PrimaryDelta(), transformCurve: CurveTable.restID, appearanceCurve: CurveTable.restID,
            extras: -1, glyph: glyph, id: id, role: .persisting, kind: kind, settle: -.infinity, hide: .infinity,
            boxSize: box.rect.size, baselineOffset: box.baseline - box.rect.midY, drawing: drawing)
    }
}

/// The change of the channels most motion uses, flat (a `MotionRow` keeps the
/// position's, a `MotionPose` the others').
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
    // The fields every sprite with extras reads come first, the velocity and
    // the rare channels' change (read only when `carries` or
    // `changesRareChannels` says so) last: a sprite whose extras are a track
    // reads the first two cache lines of its entry.

    /// The sprite's tracks: `tracks[trackStart ..< trackStart + trackCount]`.
    @usableFromInline package var trackStart: Int32
    @usableFromInline package var trackCount: Int32
    /// The sprite's particle emitter, or −1.
    @usableFromInline package var emitter: Int32
    /// The drawing a glyph whose shape changes blends from (its drawing in the
    /// old text), or −1: it blends into `SpriteMotion.drawing` along the transform curve.
    @usableFromInline package var fromDrawing: Int32 = -1
    /// Whether `velocity` is not zero.
    @usableFromInline package var carries: Bool
    /// Whether `rareDelta` is not zero.
    @usableFromInline package var changesRareChannels: Bool
    /// When the particles' clock reads 0 (the sprite's start), on the clock of `SpriteMotion.settle`.
    @usableFromInline package var origin: Double
    /// Where the old drawing's pen origin lies from the sprite's, along its box, and its old box's width.
    @usableFromInline package var fromOffset = 0.0
    @usableFromInline package var fromWidth = 0.0
    /// A copy of `SpriteMotion.settle`, for the carried velocity.
    @usableFromInline package var settle = -Double.infinity
    /// The rare channels at rest (`SpriteMotion.to`'s tint, stroke end and fill):
    /// a sprite without extras rests at their defaults.
    @usableFromInline package var restTint = Tint.none
    @usableFromInline package var restStrokeEnd = 1.0
    @usableFromInline package var restFill = 1.0
    /// Per-channel velocity at the start (from an interrupted transition); it
    /// fades out along each curve's carry (see `TimingSample`) until the sprite settles.
    @usableFromInline package var velocity: GlyphState
    /// The change of the channels `PrimaryDelta` leaves out (tint, stroke end, fill); the others zero.
    @usableFromInline package var rareDelta: GlyphState

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

    /// Takes the rest values of the rare channels and the settle time from `motion`.
    @inlinable
    package mutating func take(restOf motion: SpriteMotion) {
        restTint = motion.to.tint
        restStrokeEnd = motion.to.strokeEnd
        restFill = motion.to.fill
        settle = motion.settle
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
