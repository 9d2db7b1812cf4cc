import Animator
import Pool

extension TransitionDirector {
    /// Every live sprite's state at time `t`, in z-order, and the particles alive then.
    ///
    /// In steady state this allocates nothing, also when the caller keeps the
    /// previous frame: the frame's arrays are one of two buffers the Director
    /// uses in turn. A caller that keeps frames longer (two back or more) makes
    /// the next frame copy its buffer once. Exiting sprites whose exit is over
    /// are left out. Times that are not finite (or beyond `maximumTime`) count
    /// as the last fence.
    ///
    /// - Complexity: O(sprites + curve groups + particles).
    public func frame(at time: Double) -> Frame {
        defer { runCallbacks() }
        let start = heat.map { $0.clock() }
        let t = usable(time)
        advance(to: t)
        curves.update(at: t)

        frameBuffer ^= 1
        var sprites = frameSprites[frameBuffer]
        var particles = frameParticles[frameBuffer]
        frameSprites[frameBuffer] = []
        frameParticles[frameBuffer] = []
        particles.removeAll(keepingCapacity: true)
        // Sprites are plain data: keep the buffer at full length and write in place.
        let needed = pool.count
        if sprites.count < needed {
            sprites.append(contentsOf: repeatElement(Self.blankSprite, count: needed - sprites.count))
        }
        let written = withEvaluator { extras, tracks, samples in
            tables.emitters.withUnsafeBufferPointer { emitters in
                sprites.withUnsafeMutableBufferPointer { out in
                    Self.sweep(
                        pool, at: t, extras: extras, tracks: tracks, samples: samples, emitters: emitters, into: out,
                        particles: &particles)
                }
            }
        }
        sprites.removeLast(sprites.count - written)
        var shapes = frameShapes[frameBuffer]
        frameShapes[frameBuffer] = []
        if tiles != nil || !sceneRecords.isEmpty || !shapes.isEmpty {
            drawShapes(at: t, sprites: &sprites, into: &shapes)
        }
        frameShapes[frameBuffer] = shapes
        frameSprites[frameBuffer] = sprites
        frameParticles[frameBuffer] = particles
        if let start, let recorder = heat {
            recorder.record(recorder.clock() &- start)
        }
        let frame = Frame(time: t, sprites: sprites, particles: particles, symbols: workspace.symbols, shapes: shapes)
        if active != nil, let recorder = legibilityRecorder { recorder.record(frame) }
        return frame
    }

    /// Writes every visible sprite's state at `t` into `out`, in z-order; returns how many.
    ///
    /// The hot loop: records are read in place from the pool's storage, curve samples
    /// come from the frame's shared evaluations, and `MotionEvaluator` does the rest.
    static func sweep(
        _ pool: SpritePool<SpriteRecord>, at t: Double, extras: UnsafePointer<MotionExtras>,
        tracks: UnsafePointer<PlannedTrack>, samples: SampledCurves, emitters: UnsafeBufferPointer<ParticleEmitter?>,
        into out: UnsafeMutableBufferPointer<SpriteFrame>, particles: inout [Particle]
    ) -> Int {
        var written = 0
        pool.withZOrder { slots in
            pool.withUnsafePayloads { records in
                for slot in slots {
                    let record = UnsafePointer(records + Int(slot))
                    let m = record.pointer(to: \.motion)!
                    if t >= m.pointee.hide { continue }
                    let T = samples.sample(m.pointee.transformCurve), O = samples.sample(m.pointee.appearanceCurve)
                    let o = out.baseAddress! + written
                    written += 1
                    o.pointee.state = MotionEvaluator.primaryState(m, T, O)
                    if m.pointee.extras >= 0 {
                        let e = extras + Int(m.pointee.extras)
                        MotionEvaluator.addExtras(
                            e, settle: m.pointee.settle, to: &o.pointee.state, T, O, tracks: tracks, samples: samples,
                            at: t)
                        if e.pointee.emitter >= 0 {
                            emitParticles(
                                emitters[Int(e.pointee.emitter)], origin: e.pointee.origin, at: t,
                                center: o.pointee.state.position, boxSize: m.pointee.boxSize, into: &particles)
                        }
                    }
                    o.pointee.id = record.pointee.id
                    o.pointee.glyph = m.pointee.glyph
                    o.pointee.role = m.pointee.role
                    o.pointee.boxSize = m.pointee.boxSize
                    o.pointee.baselineOffset = m.pointee.baselineOffset
                }
            }
        }
        return written
    }

    static let blankSprite = SpriteFrame(
        id: -1, glyph: 0, role: .persisting, state: .zero, boxSize: .zero, baselineOffset: 0)

    /// The particles an emitter shows at `t`, around the sprite's centre.
    @inline(never)
    static func emitParticles(
        _ emitter: ParticleEmitter?, origin: Double, at t: Double, center: Point, boxSize: Size,
        into particles: inout [Particle]
    ) {
        guard let emitter else { return }
        let local = t - origin
        guard local >= emitter.start && local < emitter.endTime else { return }
        for i in 0..<emitter.count {
            if let p = emitter.particle(i, at: local, center: center, boxSize: boxSize) {
                particles.append(p)
            }
        }
    }
}
