import Animator
import Pool

/// What the Director keeps per live sprite, flat so the per-frame sweep reads
/// it straight from the pool's contiguous storage.
///
/// A sprite's state at t is `from + delta·progress + velocity·carry` per
/// channel, with the transform channels on one curve entry and the appearance
/// channels on another (see `CurveTable`), plus its tracks when it has extras.
struct SpriteRecord {
    var from: GlyphState
    var delta: GlyphState
    var velocity: GlyphState
    var symbol: Character
    var boxSize: Size
    /// The baseline's offset from the box centre, for renderers.
    var baselineOffset: Double
    /// Absolute time after which an exiting sprite is gone (infinity otherwise).
    var hideAfter: Double
    /// Absolute time at which the finite part of the sprite's motion has ended.
    var settleAt: Double
    var transformCurve: Int32
    var appearanceCurve: Int32
    /// Index into the Director's extras (tracks, particles), or −1.
    var extras: Int32
    var id: Int32
    /// The sprite's index in the current target text, or −1 while it exits.
    var targetIndex: Int32
    var hasVelocity: Bool
    /// The sprite's drawing layer, kept equal to its layer in the pool.
    var role: SpriteLayer

    /// The state at a time, given the samples of its two curves.
    @inline(__always)
    func state(_ T: TimingSample, _ O: TimingSample) -> GlyphState {
        var s = from
        s.position.x += delta.position.x * T.progress
        s.position.y += delta.position.y * T.progress
        s.scaleX += delta.scaleX * T.progress
        s.scaleY += delta.scaleY * T.progress
        s.rotation += delta.rotation * T.progress
        s.skew += delta.skew * T.progress
        s.opacity += delta.opacity * O.progress
        s.blur += delta.blur * O.progress
        s.tint.red += delta.tint.red * O.progress
        s.tint.green += delta.tint.green * O.progress
        s.tint.blue += delta.tint.blue * O.progress
        s.tint.alpha += delta.tint.alpha * O.progress
        s.strokeEnd += delta.strokeEnd * O.progress
        if hasVelocity {
            s.position.x += velocity.position.x * T.carry
            s.position.y += velocity.position.y * T.carry
            s.scaleX += velocity.scaleX * T.carry
            s.scaleY += velocity.scaleY * T.carry
            s.rotation += velocity.rotation * T.carry
            s.skew += velocity.skew * T.carry
            s.opacity += velocity.opacity * O.carry
            s.blur += velocity.blur * O.carry
            s.tint.red += velocity.tint.red * O.carry
            s.tint.green += velocity.tint.green * O.carry
            s.tint.blue += velocity.tint.blue * O.carry
            s.tint.alpha += velocity.tint.alpha * O.carry
            s.strokeEnd += velocity.strokeEnd * O.carry
        }
        return s
    }

    /// The velocity at a time, given the samples of its two curves.
    func rate(_ T: TimingSample, _ O: TimingSample) -> GlyphState {
        var v = GlyphState.zero
        for channel in GlyphChannel.allCases {
            let s = channel.isTransform ? T : O
            v[channel] = delta[channel] * s.velocity + (hasVelocity ? velocity[channel] * s.carryVelocity : 0)
        }
        return v
    }
}

/// The parts of a sprite's motion most sprites don't have: tracks and particles.
struct SpriteExtras {
    struct Track {
        var channel: GlyphChannel
        var amplitude: Double
        var curve: Int32
        var loops: Bool
    }

    var tracks: [Track]
    var emitter: ParticleEmitter?
    /// Absolute time of the descriptor's start (fence + delay), the emitter's clock.
    var origin: Double
}
