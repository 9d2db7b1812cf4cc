import Pool

/// What a store's reader — the Director drawing frames, taking a snapshot or
/// recording a motion log — asks of it, so that it never reaches into the
/// store's pool, tables or curve table.
extension MotionStore {
    /// The pool's counters.
    package var poolStats: PoolStats { pool.stats }

    /// How many curve groups a frame evaluates (sprites share one evaluation per group).
    package var curveGroupCount: Int { curves.liveCount }

    /// The most particles the live emitters can show at once.
    package var particleBound: Int { tables.particleBound }

    /// How many tracks the live rows hold.
    package var trackCount: Int { tables.trackCount }

    /// Evaluates every live curve group at `t`: the samples the next frame reads.
    package func sampleCurves(at t: Double) {
        curves.update(at: t)
    }

    /// A curve entry's timing curve.
    package func curve(_ id: CurveID) -> TimingCurve { curves[id] }

    /// The absolute time a curve entry starts.
    package func origin(of id: CurveID) -> Double { curves.origin(of: id) }

    /// A row's extras (its velocity, tracks, emitter), by the row's `extras` id.
    package func extras(_ id: ExtrasID) -> MotionExtras { tables.extras[id.index] }

    /// The tracks of an extras entry, in place: valid until the store next writes a row.
    package func tracks(of id: ExtrasID) -> UnsafeBufferPointer<PlannedTrack> { tables.tracks(of: id) }

    /// What a frame's sweep reads, in place, for the duration of `body`: the
    /// live slots in z-order, the rows by slot, the evaluator's tables, the
    /// curve samples of the last `sampleCurves(at:)` and the emitters.
    @inline(__always)
    package func withFrameSources<R>(_ body: (FrameSources) -> R) -> R {
        let samples = SampledCurves(curves.samples)
        return withEvaluatorTables { evaluatorTables in
            tables.emitters.withUnsafeBufferPointer { emitters in
                pool.withZOrder { slots in
                    pool.withUnsafePayloads { motions in
                        body(
                            FrameSources(
                                zOrder: slots, motions: UnsafePointer(motions), tables: evaluatorTables, samples: samples,
                                emitters: emitters))
                    }
                }
            }
        }
    }
}

/// What a frame's sweep reads from a store (see `MotionStore.withFrameSources(_:)`).
package struct FrameSources {
    /// The live slots, in drawing order.
    package let zOrder: UnsafeBufferPointer<Int32>
    /// The rows, by slot.
    package let motions: UnsafePointer<MotionRow>
    package let tables: EvaluatorTables
    package let samples: SampledCurves
    package let emitters: UnsafeBufferPointer<ParticleEmitter?>
}
