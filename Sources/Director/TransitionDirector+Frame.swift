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
        sprites.removeAll(keepingCapacity: true)
        particles.removeAll(keepingCapacity: true)
        sprites.reserveCapacity(pool.count)

        let pool = self.pool
        let extras = self.extras
        curves.samples.withUnsafeBufferPointer { samples in
            pool.withZOrder { slots in
                for slot in slots {
                    let r = pool[unchecked: Int(slot)]
                    if t >= r.hideAfter { continue }
                    var s = r.state(samples[Int(r.transformCurve)], samples[Int(r.appearanceCurve)])
                    if r.extras >= 0, let entry = extras[Int(r.extras)] {
                        for track in entry.tracks {
                            s[track.channel] += track.amplitude * samples[Int(track.curve)].progress
                        }
                        if let emitter = entry.emitter {
                            let local = t - entry.origin
                            if local >= emitter.start && local < emitter.endTime {
                                for i in 0..<emitter.count {
                                    if let p = emitter.particle(i, at: local, center: s.position, boxSize: r.boxSize) {
                                        particles.append(p)
                                    }
                                }
                            }
                        }
                    }
                    sprites.append(
                        SpriteFrame(
                            id: Int(r.id), symbol: r.symbol, role: r.role, state: s,
                            boxSize: r.boxSize, baselineOffset: r.baselineOffset))
                }
            }
        }
        frameSprites = sprites
        frameParticles = particles
        if let start, let recorder = heat {
            recorder.record(recorder.clock() &- start)
        }
        return Frame(time: t, sprites: sprites, particles: particles)
    }
}
