import Animator
import Pool

extension TransitionDirector {
    /// Every live sprite's state at time `t`, in z-order, and the particles alive then.
    ///
    /// In steady state this allocates nothing, provided the previous frame is no
    /// longer held (the frame's arrays reuse the Director's buffers). Exiting
    /// sprites whose exit is over are left out. Non-finite times count as the last fence.
    ///
    /// - Complexity: O(sprites + curve groups + particles).
    public func frame(at time: Double) -> Frame {
        let start = heat.map { $0.clock() }
        let t = time.isFinite ? time : lastFence
        advance(to: t)
        curves.update(at: t)

        var sprites = frameSprites
        var particles = frameParticles
        frameSprites = []
        frameParticles = []
        particles.removeAll(keepingCapacity: true)
        // Sprites are plain data: keep the buffer at full length and write in place.
        let needed = pool.count
        if sprites.count < needed {
            sprites.append(contentsOf: repeatElement(Self.blankSprite, count: needed - sprites.count))
        }

        let written = extras.withUnsafeBufferPointer { extras in
            curves.samples.withUnsafeBufferPointer { samples in
                sprites.withUnsafeMutableBufferPointer { out in
                    Self.sweep(pool, at: t, samples: samples, extras: extras, into: out, particles: &particles)
                }
            }
        }
        sprites.removeLast(sprites.count - written)
        frameSprites = sprites
        frameParticles = particles
        if let start, let recorder = heat {
            recorder.record(recorder.clock() &- start)
        }
        return Frame(time: t, sprites: sprites, particles: particles, symbols: symbols)
    }

    /// Writes every visible sprite's state at `t` into `out`, in z-order; returns how many.
    ///
    /// The hot loop: records are read in place from the pool's storage, curve samples
    /// come from the frame's shared evaluations, and only sprites with extras leave
    /// the straight path.
    static func sweep(
        _ pool: SpritePool<SpriteRecord>, at t: Double, samples: UnsafeBufferPointer<TimingSample>,
        extras: UnsafeBufferPointer<SpriteExtras>, into out: UnsafeMutableBufferPointer<SpriteFrame>,
        particles: inout [Particle]
    ) -> Int {
        var written = 0
        pool.withZOrder { slots in
            pool.withUnsafePayloads { records in
                for slot in slots {
                    let r = records + Int(slot)
                    if t >= r.pointee.hideAfter { continue }
                    let T = samples[Int(r.pointee.transformCurve)], O = samples[Int(r.pointee.appearanceCurve)]
                    let o = out.baseAddress! + written
                    written += 1
                    o.pointee.state = r.pointee.primaryState(T, O)
                    if r.pointee.extras >= 0 {
                        applyExtras(
                            extras.baseAddress! + Int(r.pointee.extras), to: &o.pointee.state, T, O, samples: samples,
                            time: t, boxSize: r.pointee.boxSize, particles: &particles)
                    }
                    o.pointee.id = r.pointee.id
                    o.pointee.glyph = r.pointee.glyph
                    o.pointee.role = r.pointee.role
                    o.pointee.boxSize = r.pointee.boxSize
                    o.pointee.baselineOffset = r.pointee.baselineOffset
                }
            }
        }
        return written
    }

    static let blankSprite = SpriteFrame(
        id: -1, glyph: 0, role: .persisting, state: .zero, boxSize: .zero, baselineOffset: 0)

    /// The slow path: velocities, rare channels, tracks and particles.
    @inline(never)
    static func applyExtras(
        _ entry: UnsafePointer<SpriteExtras>, to s: inout GlyphState, _ T: TimingSample, _ O: TimingSample,
        samples: UnsafeBufferPointer<TimingSample>, time t: Double, boxSize: Size, particles: inout [Particle]
    ) {
        // Read in place: copying the entry would retain its track array for every sprite.
        SpriteExtras.apply(entry, to: &s, T, O, samples: samples, time: t)
        guard let emitter = entry.pointee.emitter else { return }
        let local = t - entry.pointee.origin
        guard local >= emitter.start && local < emitter.endTime else { return }
        for i in 0..<emitter.count {
            if let p = emitter.particle(i, at: local, center: s.position, boxSize: boxSize) {
                particles.append(p)
            }
        }
    }
}
