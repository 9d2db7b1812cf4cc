import Animator
import Pool

/// The change of the channels most motion uses, flat: the hot part of a sprite's motion.
struct PrimaryDelta {
    var x = 0.0, y = 0.0, scaleX = 0.0, scaleY = 0.0, rotation = 0.0, skew = 0.0, opacity = 0.0, blur = 0.0

    init() {}

    init(_ d: GlyphState) {
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
    var state: GlyphState {
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

/// What the Director keeps per live sprite. Plain data (no references), laid
/// out so the per-frame sweep reads it straight from the pool's contiguous
/// storage: a sprite's state at t is `to − delta·(1 − progress)` per channel
/// (exactly `to` once progress is 1), with
/// the transform channels on one curve entry and the appearance channels on
/// another (see `CurveTable`). Everything rarer (an initial velocity, tint or
/// stroke changes, tracks, particles) lives in the sprite's `SpriteExtras`.
struct SpriteRecord {
    var to: GlyphState
    var delta: PrimaryDelta
    var transformCurve: Int32
    var appearanceCurve: Int32
    /// Index into the Director's extras, or −1.
    var extras: Int32
    var id: Int32
    /// Index into the Director's symbol table.
    var glyph: Int32
    /// The sprite's index in the current target text, or −1 while it exits.
    var targetIndex: Int32
    /// The sprite's drawing layer, kept equal to its layer in the pool.
    var role: SpriteLayer
    /// Absolute time after which an exiting sprite is gone (infinity otherwise).
    var hideAfter: Double
    /// Absolute time at which the finite part of the sprite's motion has ended.
    var settleAt: Double
    var boxSize: Size
    /// The baseline's offset from the box centre, for renderers.
    var baselineOffset: Double

    /// The state at a time from the primary channels alone (no extras).
    @inline(__always)
    func primaryState(_ T: TimingSample, _ O: TimingSample) -> GlyphState {
        let tr = 1 - T.progress, or = 1 - O.progress
        var s = to
        s.position.x -= delta.x * tr
        s.position.y -= delta.y * tr
        s.scaleX -= delta.scaleX * tr
        s.scaleY -= delta.scaleY * tr
        s.rotation -= delta.rotation * tr
        s.skew -= delta.skew * tr
        s.opacity -= delta.opacity * or
        s.blur -= delta.blur * or
        return s
    }
}

/// The parts of a sprite's motion most sprites don't have.
struct SpriteExtras {
    struct Track {
        var channel: GlyphChannel
        var amplitude: Double
        var bias: Double
        var curve: Int32
        var loops: Bool
    }

    var tracks: [Track]
    var emitter: ParticleEmitter?
    /// Absolute time of the descriptor's start (fence + delay), the emitter's clock.
    var origin: Double
    /// Initial velocity per channel (from an interrupted transition).
    var velocity: GlyphState
    /// Change of the channels `PrimaryDelta` leaves out (tint, stroke end); the others zero.
    var rareDelta: GlyphState
    /// The spring of a thrown sprite's transform curve: its carry goes on past the
    /// unit step's settling time, until `carryEnd` (the sprite's own settle).
    var carrySpring: Spring?
    var carryEnd: Double

    /// A freed entry.
    static let empty = SpriteExtras(
        tracks: [], emitter: nil, origin: 0, velocity: .zero, rareDelta: .zero, carrySpring: nil, carryEnd: 0,
        carries: false, changesRareChannels: false)

    /// Whether an initial velocity is still being carried.
    var carries: Bool
    /// Whether tint or stroke change.
    var changesRareChannels: Bool

    /// Adds the motion of the extras at `entry` at a time to a state.
    ///
    /// Static over a pointer so the entry is read in place: a copy would retain its
    /// track array and copy two states for every sprite of every frame.
    @inline(__always)
    static func apply(
        _ entry: UnsafePointer<SpriteExtras>, to s: inout GlyphState, _ T: TimingSample, _ O: TimingSample,
        samples: UnsafeBufferPointer<TimingSample>, time t: Double
    ) {
        if entry.pointee.carries {
            var T = T
            if let spring = entry.pointee.carrySpring, T.carry == 0, t < entry.pointee.carryEnd, t > entry.pointee.origin {
                let b = spring.basis(at: t - entry.pointee.origin)
                T.carry = b.b
                T.carryVelocity = b.db
            }
            s.add(entry.pointee.velocity.transformPart, times: T.carry)
            s.add(entry.pointee.velocity.appearancePart, times: O.carry)
        }
        if entry.pointee.changesRareChannels {
            s.add(entry.pointee.rareDelta, times: -(1 - O.progress))
        }
        let tracks = entry.pointer(to: \.tracks)!
        tracks.pointee.withUnsafeBufferPointer { tracks in
            for track in tracks {
                s[track.channel] += track.amplitude * (samples[Int(track.curve)].progress + track.bias)
            }
        }
    }
}

extension GlyphState {
    /// The position, scale, rotation and skew channels; the others zero.
    var transformPart: GlyphState {
        var part = GlyphState.zero
        part.position = position
        part.scaleX = scaleX
        part.scaleY = scaleY
        part.rotation = rotation
        part.skew = skew
        return part
    }

    /// The opacity, blur, tint and stroke channels; the others zero.
    var appearancePart: GlyphState {
        var part = GlyphState.zero
        part.opacity = opacity
        part.blur = blur
        part.tint = tint
        part.strokeEnd = strokeEnd
        return part
    }
}
