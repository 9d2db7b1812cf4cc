import Analyzer
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
        let t = planTime(time)
        advance(to: t)
        let store = self.store
        store.sampleCurves(at: t)

        frameBuffer ^= 1
        var sprites = frameSprites[frameBuffer]
        var shapes = frameShapes[frameBuffer]
        var particles = frameParticles[frameBuffer]
        var reshapes = frameReshapes[frameBuffer]
        frameSprites[frameBuffer] = []
        frameShapes[frameBuffer] = []
        frameParticles[frameBuffer] = []
        frameReshapes[frameBuffer] = []
        particles.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        reshapes.removeAll(keepingCapacity: true)
        // Sprites are plain data, written in place over the buffer's last frame:
        // it grows (with blanks) only when this frame shows more sprites than
        // that one did, and is cut to what this frame wrote.
        var written = 0, next = 0
        while true {
            (written, next) = store.withFrameSources { sources in
                sprites.withUnsafeMutableBufferPointer { out in
                    Self.sweep(
                        store, sources, from: next, at: t, into: out, written: written, shapes: &shapes,
                        particles: &particles, reshapes: &reshapes)
                }
            }
            guard next < store.count else { break }
            sprites.append(contentsOf: repeatElement(Self.blankSprite, count: store.count - sprites.count))
        }
        sprites.removeLast(sprites.count - written)
        frameSprites[frameBuffer] = sprites
        frameShapes[frameBuffer] = shapes
        frameParticles[frameBuffer] = particles
        frameReshapes[frameBuffer] = reshapes
        if let start, let recorder = heat {
            recorder.record(recorder.clock() &- start)
        }
        let frame = Frame(
            time: clock.callerTime(t), sprites: sprites, particles: particles, symbols: workspace.symbols, shapes: shapes, reshapes: reshapes)
        if active != nil, let recorder = legibilityRecorder { recorder.record(frame) }
        return frame
    }

    /// Writes the visible glyph sprites' states at `t` into `out` from
    /// `out[written]` on, in z-order, and the visible shape sprites into `shapes`,
    /// starting at the `from`-th sprite in z-order. Stops when `out` is full:
    /// returns how many sprites `out` holds and where in z-order to go on (the
    /// number of live sprites when done).
    ///
    /// The hot loop: motions are read in place from the store, curve samples come
    /// from the frame's shared evaluations, and `MotionEvaluator` does the rest.
    /// A glyph without extras (most of them) takes the loop's own short path,
    /// its rare channels at their defaults; the others take `sweepRare`.
    static func sweep(
        _ store: MotionStore, _ sources: FrameSources, from start: Int, at t: Double,
        into out: UnsafeMutableBufferPointer<SpriteFrame>, written: Int, shapes: inout [ShapeSprite],
        particles: inout [Particle], reshapes: inout [SpriteReshape]
    ) -> (written: Int, next: Int) {
        guard let o = out.baseAddress else { return (written, start) }
        let slots = sources.zOrder, motions = sources.motions
        let tables = sources.tables, samples = sources.samples
        let room = out.count
        var written = written, i = start
        while i < slots.count {
            guard written < room else { break }
            let slot = slots[i]
            i &+= 1
            let m = motions + Int(slot)
            if t >= m.pointee.hide { continue }
            guard m.pointee.extras.isNone && m.pointee.kind == .glyph else {
                written = sweepRare(
                    store, row: RowID(slot: Int(slot)), m, at: t, tables: tables, samples: samples,
                    emitters: sources.emitters, into: o, written: written, shapes: &shapes, particles: &particles,
                    reshapes: &reshapes)
                continue
            }
            let state = MotionEvaluator.primaryState(m, tables: tables, samples: samples)
            o[written] = SpriteFrame(
                id: m.pointee.id, glyph: m.pointee.glyph, role: m.pointee.role, state: state,
                boxSize: m.pointee.boxSize, baselineOffset: m.pointee.baselineOffset, drawing: m.pointee.drawing)
            written &+= 1
        }
        return (written, i)
    }

    /// A sprite with extras, or a shape: its rare channels, velocity and tracks,
    /// its particles and reshape, written into `out[written]` (a glyph; returns
    /// `written + 1`) or `shapes` (returns `written`).
    @inline(never)
    static func sweepRare(
        _ store: MotionStore, row: RowID, _ m: UnsafePointer<MotionRow>, at t: Double, tables: EvaluatorTables,
        samples: SampledCurves, emitters: UnsafeBufferPointer<ParticleEmitter?>,
        into out: UnsafeMutablePointer<SpriteFrame>, written: Int,
        shapes: inout [ShapeSprite], particles: inout [Particle], reshapes: inout [SpriteReshape]
    ) -> Int {
        let T = samples.sample(m.pointee.transformCurve), O = samples.sample(m.pointee.appearanceCurve)
        var state = MotionEvaluator.primaryState(m, tables: tables, samples: samples)
        if !m.pointee.extras.isNone {
            let e = tables.extras(m.pointee.extras)
            if e.pointee.fromDrawing >= 0 && m.pointee.kind == .glyph {
                reshapes.append(
                    SpriteReshape(
                        sprite: Int32(written), from: e.pointee.fromDrawing, progress: T.progress,
                        offset: e.pointee.fromOffset, width: e.pointee.fromWidth))
            }
            MotionEvaluator.addExtras(e, to: &state, T, O, tables: tables, samples: samples, settle: tables.settle(row), at: t)
            // (A tile moves as its glyph does, particles' time included, but the particles are the glyph's.)
            if !e.pointee.emitter.isNone && (m.pointee.kind == .glyph || (store.shapes[row.slot]?.glyphSprite ?? -1) < 0) {
                emitParticles(
                    emitters[e.pointee.emitter.index], origin: e.pointee.origin, at: t, center: state.position,
                    boxSize: m.pointee.boxSize, into: &particles)
            }
        }
        guard m.pointee.kind == .glyph else {
            shape(store, slot: row.slot, m, state: state, blend: T.progress, into: &shapes)
            return written
        }
        out[written] = SpriteFrame(
            id: m.pointee.id, glyph: m.pointee.glyph, role: m.pointee.role, state: state, boxSize: m.pointee.boxSize,
            baselineOffset: m.pointee.baselineOffset, drawing: m.pointee.drawing)
        return written &+ 1
    }

    /// A shape sprite's frame: its shape blended as far as its transform curve has
    /// gone; a tile that pulses shows its tint on its border; a tile whose glyph
    /// is not visible is left out.
    @inline(never)
    static func shape(
        _ store: MotionStore, slot: Int, _ m: UnsafePointer<MotionRow>, state: GlyphState, blend: Double,
        into shapes: inout [ShapeSprite]
    ) {
        guard let row = store.shapes[slot] else { return }
        var state = state
        var from = row.from, to = row.to
        if row.glyphSprite >= 0 {
            guard state.opacity > 0 else { return }
            if row.tintsStroke, state.tint.alpha > 0 {
                from.stroke = TileStyle.wash(from.stroke, with: state.tint)
                to.stroke = TileStyle.wash(to.stroke, with: state.tint)
            }
            // A tile is drawn whole, whatever its glyph's pen has written.
            state.tint = .none
            state.strokeEnd = 1
            state.fill = 1
        }
        shapes.append(
            ShapeSprite(
                id: m.pointee.id, key: row.key, from: from, to: to, blend: row.blends ? blend : 1, role: m.pointee.role,
                state: state, layer: row.layer, glyphSprite: row.glyphSprite))
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
