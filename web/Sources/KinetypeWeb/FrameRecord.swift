import Analyzer
import Animator
import Director

/// How a frame is laid out in the exchange's numbers, which `kinetype.js`
/// reads with the same offsets: a header, then one record per glyph sprite in
/// z-order, then one per particle. Every value is a `Double`, copied
/// bit for bit from the engine's frame.
enum FrameRecord {
    /// Header: time, sprites, particles, the symbol ids JavaScript may keep
    /// (see `Session.writeSymbols`), the symbol count, 1 while a transition
    /// runs, the settle time (−1 when none runs), and the events waiting for `kt_events`.
    static let headerSize = 8
    /// A sprite: id, glyph id, role (0 exiting, 1 persisting, 2 entering), x, y,
    /// scaleX, scaleY, rotation, skew, opacity, blur, tintRed, tintGreen,
    /// tintBlue, tintAlpha, strokeEnd, fill, the box's width and height, and
    /// the baseline's offset below the box's centre.
    static let spriteSize = 20
    /// A particle: x, y, radius, opacity and its colour (red, green, blue, alpha).
    static let particleSize = 8

    static func write(
        _ frame: Frame, validSymbols: Int, animating: Bool, settle: Double?, pendingEvents: Int, into exchange: inout Exchange
    ) {
        let sprites = frame.sprites, particles = frame.particles
        let p = exchange.numberBuffer(count: headerSize + spriteSize * sprites.count + particleSize * particles.count)
        p[0] = frame.time
        p[1] = Double(sprites.count)
        p[2] = Double(particles.count)
        p[3] = Double(validSymbols)
        p[4] = Double(frame.symbols.count)
        p[5] = animating ? 1 : 0
        p[6] = settle ?? -1
        p[7] = Double(pendingEvents)
        var q = p + headerSize
        for sprite in sprites {
            let s = sprite.state
            q[0] = Double(sprite.id)
            q[1] = Double(sprite.glyph)
            q[2] = Double(sprite.role.rawValue)
            q[3] = s.position.x
            q[4] = s.position.y
            q[5] = s.scaleX
            q[6] = s.scaleY
            q[7] = s.rotation
            q[8] = s.skew
            q[9] = s.opacity
            q[10] = s.blur
            q[11] = s.tint.red
            q[12] = s.tint.green
            q[13] = s.tint.blue
            q[14] = s.tint.alpha
            q[15] = s.strokeEnd
            q[16] = s.fill
            q[17] = sprite.boxSize.width
            q[18] = sprite.boxSize.height
            q[19] = sprite.baselineOffset
            q += spriteSize
        }
        for particle in particles {
            q[0] = particle.position.x
            q[1] = particle.position.y
            q[2] = particle.radius
            q[3] = particle.opacity
            q[4] = particle.color.red
            q[5] = particle.color.green
            q[6] = particle.color.blue
            q[7] = particle.color.alpha
            q += particleSize
        }
    }
}
